/**
 * Schema errors as people read them (docs/api.md §7.1). The validators run with Ajv's `allErrors`,
 * so a request part (body, query string, path, headers) is refused once with every problem it has:
 * one issue per field, `{ code, field, message }` as template validation and rich messages report
 * them, in the order of the schema. The error's own `code` and `param` are those of the first
 * issue, as they were when only the first problem was reported, so clients that branch on them
 * see no change.
 *
 * A union tagged by `type` (TaggedUnion) is checked against the branch its tag chose (Ajv's
 * `discriminator`), so its issues speak of that branch only; an unknown field is named, with the
 * field it is probably a slip for; a schema may carry hints for mistakes people make (Meta's
 * payload shapes): `x-type-hint` on a field, added when an object is given where the field takes
 * something else, and `x-unknown-hints` on an object, a sentence per unknown field name. What each
 * failed keyword says is validation-messages.ts.
 */
import { TidingsError, type ErrorCode, type Issue } from '../errors.js';
import { closestName } from '../lib/text.js';
import type { AjvError, SchemaNode } from './ajv.js';
import { taggedBranch } from './schemas.js';
import { allowedValues, detail } from './validation-messages.js';

/** Issues reported at most; a body of a thousand wrong items does not answer a thousand sentences. */
export const MAX_ISSUES = 100;

/** Issues written out in the error's `message` as well; the rest are in `issues` only. */
const ISSUES_IN_MESSAGE = 5;

interface Found extends Issue {
  /** The code the issue would give alone (the error's code when it is first). */
  envelopeCode: ErrorCode;
  /** The field in the notation `param` has always used (`variables.0.example`). */
  param: string;
  /** Its value lists the values allowed: it says more than a wrong-type issue of the same field. */
  listsValues?: boolean;
}

/**
 * Every violation of one part of a request as a TidingsError with `issues`; `root` is that part's
 * value. Reading stops past MAX_ISSUES fields: a body of a hundred thousand wrong items costs no
 * more to answer than one of a hundred.
 */
export function fromValidation(errors: AjvError[], context: string, root?: unknown): TidingsError {
  const byParam = new Map<string, Found>();
  let cut = false;
  for (const e of withoutUnionBranches(errors)) {
    const found = describe(e, context, root);
    const earlier = byParam.get(found.param);
    if (!earlier && byParam.size === MAX_ISSUES) {
      cut = true;
      break;
    }
    if (!earlier || (found.listsValues && earlier.code === 'wrong_type')) byParam.set(found.param, found);
  }
  const all = [...byParam.values()];
  const first = all[0]!;
  const issues = all.map(({ code, field, message }) => ({ code, field, message }));
  const options = { issues, ...(first.param !== '' ? { param: first.param } : {}) };
  if (all.length === 1) return new TidingsError(first.envelopeCode, first.message, options);
  const shown = all.slice(0, ISSUES_IN_MESSAGE).map((f) => f.message);
  const total = cut ? `More than ${MAX_ISSUES} problems` : `${all.length} problems`;
  const rest = cut
    ? `more; see issues (the first ${MAX_ISSUES})`
    : `${all.length - ISSUES_IN_MESSAGE} more; see issues`;
  const more = all.length > ISSUES_IN_MESSAGE ? ` And ${rest}.` : '';
  return new TidingsError(
    first.envelopeCode,
    `${total} in the ${PART_NAMES[context] ?? context}: ${shown.join(' ')}${more}`,
    options,
  );
}

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

/**
 * The errors worth reporting of each union (`anyOf`): a union of constants speaks for itself (it
 * lists the values); otherwise the branches whose shape the value has (an object for `header:
 * {…} | null`) say what is wrong inside it, and when no branch has its shape, the union says which
 * shapes it takes.
 */
function withoutUnionBranches(errors: AjvError[]): AjvError[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  if (unions.length === 0) return errors;
  const dropped = new Set<AjvError>();
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const branchErrors = errors.filter(
      (e) => e !== union && e.schemaPath.startsWith(prefix) && e.instancePath.startsWith(union.instancePath),
    );
    const mismatch = (e: AjvError) =>
      e.keyword === 'type' &&
      e.instancePath === union.instancePath &&
      /^\d+\/type$/.test(e.schemaPath.slice(prefix.length));
    const matching = branchErrors.filter((e) => !mismatch(e));
    if (allowedValues(union).length > 0 || matching.length === 0) branchErrors.forEach((e) => dropped.add(e));
    else {
      dropped.add(union);
      branchErrors.filter(mismatch).forEach((e) => dropped.add(e));
    }
  }
  return errors.filter((e) => !dropped.has(e));
}

/** The tag values a tagged union (TaggedUnion) allows. */
function tagValues(e: AjvError, tag: string): unknown[] {
  return (e.parentSchema?.oneOf ?? []).flatMap((ref) => {
    const branch = (ref.$ref !== undefined ? taggedBranch(ref.$ref) : ref) as SchemaNode | undefined;
    const property = branch?.properties?.[tag];
    return property?.const !== undefined ? [property.const] : (property?.enum ?? []);
  });
}

/** `/variables/0/example` → its segments, unescaped. */
function segmentsOf(instancePath: string, extra?: string): string[] {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return extra === undefined ? parts : [...parts, extra];
}

/** The issue `field` of a path: `variables[0].example` (an array's index in brackets, as docs/api.md §D7 writes them). */
function fieldOf(segments: string[], root: unknown): string {
  let field = '';
  let value = root;
  for (const segment of segments) {
    field += Array.isArray(value) && /^\d+$/.test(segment) ? `[${segment}]` : field === '' ? segment : `.${segment}`;
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined;
  }
  return field;
}

/** One Ajv error as an issue. */
function describe(e: AjvError, context: string, root: unknown): Found {
  const where = context === 'body' ? '' : `${context === 'querystring' ? 'query' : context} `;
  const at = (segments: string[]) => ({ param: segments.join('.'), field: fieldOf(segments, root) });
  if (e.keyword === 'required' || (e.keyword === 'discriminator' && e.params.tagValue === undefined)) {
    const path = at(segmentsOf(e.instancePath, String(e.params.missingProperty ?? e.params.tag)));
    if (context === 'headers' && path.param === 'idempotency-key') {
      return {
        envelopeCode: 'idempotency_key_missing',
        code: 'missing',
        param: 'Idempotency-Key',
        field: 'Idempotency-Key',
        message: 'This operation requires an Idempotency-Key header.',
      };
    }
    return {
      envelopeCode: 'parameter_missing',
      code: 'missing',
      ...path,
      message: `Missing required ${where}parameter: ${path.param}.`,
    };
  }
  if (e.keyword === 'additionalProperties') {
    const name = String(e.params.additionalProperty);
    const path = at(segmentsOf(e.instancePath, name));
    return {
      envelopeCode: 'parameter_unknown',
      code: 'unknown',
      ...path,
      message: `Unknown ${where}parameter: ${path.param}.${unknownHint(e, name)}`,
    };
  }
  if (e.keyword === 'discriminator') {
    const tag = String(e.params.tag);
    const path = at(segmentsOf(e.instancePath, tag));
    return {
      envelopeCode: 'parameter_invalid',
      code: 'not_allowed',
      ...path,
      listsValues: true,
      message: `Invalid ${where}parameter ${path.param}: must be one of ${tagValues(e, tag).join(', ')}.`,
    };
  }
  const path = at(segmentsOf(e.instancePath));
  if (e.keyword === 'minProperties') {
    return {
      envelopeCode: 'parameter_missing',
      code: 'missing',
      ...path,
      message: `Send at least one field to change${path.param ? ` in ${path.param}` : ''}.`,
    };
  }
  if (path.param === '' && context === 'body') {
    return {
      envelopeCode: 'invalid_json',
      code: 'wrong_type',
      ...path,
      message: 'The request body must be a JSON object.',
    };
  }
  const { code, text, listsValues } = detail(e);
  const hint =
    e.keyword === 'type' && isObject(e.data) && e.parentSchema?.['x-type-hint']
      ? ` ${e.parentSchema['x-type-hint']}`
      : '';
  return {
    envelopeCode: 'parameter_invalid',
    code,
    ...path,
    ...(listsValues ? { listsValues } : {}),
    message: `Invalid ${where}parameter ${path.param}: ${text}.${hint}`,
  };
}

const isObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What to say of an unknown field: the schema's hint for that name, or the field it is probably a slip for. */
function unknownHint(e: AjvError, name: string): string {
  const hints = e.parentSchema?.['x-unknown-hints'];
  if (hints && Object.hasOwn(hints, name)) return ` ${hints[name]}`;
  const given = isObject(e.data) ? e.data : {};
  const near = closestName(
    name,
    Object.keys(e.parentSchema?.properties ?? {}).filter((p) => !Object.hasOwn(given, p)),
  );
  return near ? ` Did you mean ${near}?` : '';
}
