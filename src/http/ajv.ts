/**
 * The validators of request parts (src/app.ts sets them as Fastify's validator compiler; a route
 * that checks items of its body one by one, such as a batch send, compiles the item's schema with
 * the same options, so an item is judged exactly as the same body sent alone), and the shape of
 * the errors they give, as http/validation.ts reads them.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** What the validators' schemas hold that the messages read. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  format?: string;
  'x-type-hint'?: string;
  'x-unknown-hints'?: Record<string, string>;
}

/** An Ajv error, with `verbose` (the failed value and the schemas around it). */
export interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message?: string;
  params: Record<string, unknown>;
  data?: unknown;
  parentSchema?: SchemaNode;
}

// ajv-formats is CommonJS; its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/**
 * An Ajv for one kind of request part. Bodies are validated strictly (a number where a string
 * belongs is an error, unknown fields are refused); query strings and path parameters are text,
 * so their numbers are coerced. `allErrors`: a request is refused once with every problem it has,
 * each an issue (http/validation.ts). `verbose` keeps the failed value and keyword's schema, so an
 * error can list a union's allowed values, say what was given instead, and read the schema's hints.
 * `discriminator`: unions tagged by `type` (TaggedUnion) are checked against the branch chosen.
 */
export function newAjv(part: 'body' | 'query'): Ajv {
  return addFormats(
    new Ajv({
      coerceTypes: part === 'body' ? false : 'array',
      useDefaults: true,
      removeAdditional: false,
      strict: false,
      allErrors: true,
      verbose: true,
      discriminator: true,
      unicode: false,
      logger: false,
    }),
  );
}
