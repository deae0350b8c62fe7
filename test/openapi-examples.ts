/**
 * Finds every example in an OpenAPI 3.1 document and checks it against the schema it illustrates,
 * with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1's schemas). Stricter than the schemas
 * themselves in one way: an object schema that does not say whether it allows other properties is
 * taken to refuse them, so an example with a misspelt or stale field fails.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface FoundExample {
  /** JSON pointer of the example in the document. */
  at: string;
  /** JSON pointer of the schema it must validate against. */
  schema: string;
  value: unknown;
}

type Json = Record<string, any>;

const token = (t: string | number) => String(t).replace(/~/g, '~0').replace(/\//g, '~1');
const pointer = (...tokens: (string | number)[]) => tokens.map((t) => `/${token(t)}`).join('');

/** The subschemas of `schema` with their pointers (properties, items, combinators). */
function subschemas(schema: Json, at: string): [Json, string][] {
  const out: [Json, string][] = [];
  for (const [name, sub] of Object.entries<Json>(schema.properties ?? {}))
    out.push([sub, `${at}${pointer('properties', name)}`]);
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (schema[key] && typeof schema[key] === 'object') out.push([schema[key], `${at}/${key}`]);
  }
  for (const key of ['oneOf', 'anyOf', 'allOf', 'prefixItems'] as const) {
    (schema[key] ?? []).forEach((sub: Json, i: number) => out.push([sub, `${at}${pointer(key, i)}`]));
  }
  return out;
}

/** Examples given inside a schema (`examples`, `example`), at any depth. */
function schemaExamples(schema: Json, at: string, found: FoundExample[]): void {
  (Array.isArray(schema.examples) ? schema.examples : []).forEach((value: unknown, i: number) =>
    found.push({ at: `${at}${pointer('examples', i)}`, schema: at, value }),
  );
  if ('example' in schema) found.push({ at: `${at}/example`, schema: at, value: schema.example });
  for (const [sub, subAt] of subschemas(schema, at)) schemaExamples(sub, subAt, found);
}

/** Examples of a media type or a parameter (`example`, or `examples` as named Example objects), and of its schema. */
function objectExamples(holder: Json, at: string, found: FoundExample[]): void {
  const schemaAt = `${at}/schema`;
  if ('example' in holder) found.push({ at: `${at}/example`, schema: schemaAt, value: holder.example });
  for (const [name, example] of Object.entries<Json>(holder.examples ?? {}))
    found.push({ at: `${at}${pointer('examples', name)}/value`, schema: schemaAt, value: example.value });
  if (holder.schema) schemaExamples(holder.schema, schemaAt, found);
}

/** Every example in the document: in component schemas, parameters, request bodies and responses. */
export function findExamples(doc: Json): FoundExample[] {
  const found: FoundExample[] = [];
  for (const [name, schema] of Object.entries<Json>(doc.components?.schemas ?? {}))
    schemaExamples(schema, pointer('components', 'schemas', name), found);
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const at = pointer('paths', path, method);
      (operation.parameters ?? []).forEach((parameter: Json, i: number) =>
        objectExamples(parameter, `${at}${pointer('parameters', i)}`, found),
      );
      for (const [type, media] of Object.entries<Json>(operation.requestBody?.content ?? {}))
        objectExamples(media, `${at}${pointer('requestBody', 'content', type)}`, found);
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        for (const [type, media] of Object.entries<Json>(response.content ?? {}))
          objectExamples(media, `${at}${pointer('responses', status, 'content', type)}`, found);
      }
    }
  }
  return found;
}

/** A copy of the document in which object schemas that leave other properties open refuse them. */
function closeObjects(doc: Json): Json {
  const copy = structuredClone(doc);
  const close = (schema: Json) => {
    if (schema.properties && schema.additionalProperties === undefined && schema.unevaluatedProperties === undefined)
      schema.unevaluatedProperties = false;
    for (const [sub] of subschemas(schema, '')) close(sub);
  };
  for (const schema of Object.values<Json>(copy.components?.schemas ?? {})) close(schema);
  for (const item of Object.values<Json>(copy.paths ?? {})) {
    for (const operation of Object.values<Json>(item)) {
      for (const parameter of operation.parameters ?? []) if (parameter.schema) close(parameter.schema);
      for (const media of Object.values<Json>(operation.requestBody?.content ?? {}))
        if (media.schema) close(media.schema);
      for (const response of Object.values<Json>(operation.responses ?? {}))
        for (const media of Object.values<Json>(response.content ?? {})) if (media.schema) close(media.schema);
    }
  }
  return copy;
}

/**
 * A validator of values against the document's schemas, by pointer: `validate('/components/schemas/Message', value)`
 * answers the errors (empty when valid). `$ref`s resolve inside the document.
 */
export function schemaValidator(doc: Json): (schemaPointer: string, value: unknown) => string[] {
  // `discriminator` is left to `oneOf` (each branch fixes `type`), so annotations flow as JSON Schema says.
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addFormat('binary', true);
  ajv.addSchema(closeObjects(doc), 'openapi.json');
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  return (schemaPointer, value) => {
    const ref = `openapi.json#${schemaPointer.split('/').map(encodeURIComponent).join('/')}`;
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    return validate(value)
      ? []
      : (validate.errors ?? []).map(
          (e) =>
            `${e.instancePath || '(root)'} ${e.message}${e.params && 'unevaluatedProperty' in e.params ? `: ${e.params.unevaluatedProperty}` : ''}`,
        );
  };
}
