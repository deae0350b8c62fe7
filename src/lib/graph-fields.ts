/**
 * Reading the `fields` parameter as the Graph API does (docs/platform.md §0.1): a comma-separated
 * list whose items may carry modifiers (`components.limit(1)`, `qr_image_url.format(SVG)`) and
 * nested selections (`throughput{level}`, `health_status{entities{entity_type}}`), Meta's "field
 * expansion". Shared by the simulator (its node types and their fields are src/simulator/fields.ts)
 * and the Cloud API facade (docs/api.md §D34).
 */
import { graphError, type GraphError } from './graph-errors.js';

/** One asked field: its name and, when braces followed it, the sub-fields asked of its value. */
export interface FieldSelection {
  name: string;
  sub: FieldSelection[] | null;
}

/**
 * Parses a `fields` parameter.
 * @param value the parameter as received (a string; anything else or a blank string means "not given").
 * @returns the selection, null when none was given (the node's defaults apply), or error 100 for a
 *   syntax error such as an unclosed brace (its wording is UNCONFIRMED).
 * @example selectFields('name,quality_score{score}') // [{name:'name',sub:null},{name:'quality_score',sub:[{name:'score',sub:null}]}]
 */
export function selectFields(value: unknown): FieldSelection[] | null | GraphError {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let i = 0;
  const syntax = (expected: string): GraphError =>
    graphMessage(
      `Syntax error "Expected ${expected} instead of ${i < value.length ? `"${value[i]}"` : 'end of string'}." at character ${i}: ${value}`,
    );
  const space = () => {
    while (i < value.length && /\s/.test(value[i]!)) i++;
  };
  const name = () => {
    const start = i;
    while (i < value.length && /\w/.test(value[i]!)) i++;
    return value.slice(start, i);
  };
  // Skips `(…)` after a modifier name, nested parentheses and quoted strings included.
  const args = (): boolean => {
    if (value[i] !== '(') return false;
    let depth = 0;
    for (; i < value.length; i++) {
      const c = value[i];
      if (c === '"' || c === "'") i = value.indexOf(c, i + 1) === -1 ? value.length - 1 : value.indexOf(c, i + 1);
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return (i++, true);
    }
    return false;
  };
  const list = (closing: '}' | null): FieldSelection[] | GraphError => {
    const out: FieldSelection[] = [];
    for (;;) {
      space();
      const field = name();
      while (field !== '' && value[i] === '.') {
        i++;
        if (name() === '' || !args()) return syntax('"("');
      }
      let sub: FieldSelection[] | null = null;
      space();
      if (field !== '' && value[i] === '{') {
        i++;
        const inner = list('}');
        if (!Array.isArray(inner)) return inner;
        if (value[i] !== '}') return syntax('"}"');
        i++;
        sub = inner;
        space();
      }
      // Empty items (`a,,b`, a trailing comma) are skipped, as Graph skips them (UNCONFIRMED).
      if (field !== '') out.push({ name: field, sub });
      if (value[i] === ',') {
        i++;
        continue;
      }
      if ((closing === null && i >= value.length) || (closing !== null && value[i] === closing)) return out;
      return syntax(closing === null ? 'end of string' : '"}"');
    }
  };
  const parsed = list(null);
  return Array.isArray(parsed) && parsed.length === 0 ? null : parsed;
}

/**
 * The part of `value` a nested selection asks for: the named keys of an object (in the order
 * asked), of each object in a list; a value that is not an object is answered whole. Keys the value
 * does not have are left out, as unset fields are (docs/platform.md §0.1).
 */
export function project(value: unknown, sub: FieldSelection[] | null): unknown {
  if (sub === null || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => project(v, sub));
  const out: Record<string, unknown> = {};
  for (const s of sub) {
    const v = (value as Record<string, unknown>)[s.name];
    if (v !== undefined) out[s.name] = project(v, s.sub);
  }
  return out;
}

/**
 * Graph's answer to a field a node does not have: 100 with no `error_data` and no subcode
 * (error-100-nonexisting-field.json), naming the field and the node type.
 */
export function nonexistingField(field: string, node: string): GraphError {
  return graphMessage(`Tried accessing nonexisting field (${field}) on node type (${node})`);
}

/** Error 100 whose message is `(#100) <text>`, with nothing else (error-100-nonexisting-field.json). */
function graphMessage(text: string): GraphError {
  const e = graphError(100);
  e.body.error.message = `(#100) ${text}`;
  delete e.body.error.error_data;
  return e;
}

/** A node type (the simulator's are src/simulator/fields.ts): the name Graph gives it in errors, its default fields, and how each field is read. */
export interface NodeType<S> {
  name: string;
  /** Answered when `fields` is not given (`id` is always answered, last). */
  defaults: readonly string[];
  /** Field → its value for a subject; `undefined` when unset. */
  fields: Readonly<Record<string, (subject: S) => unknown>>;
}

/**
 * One node as Graph answers a read: the asked fields in the order asked (or the defaults), nested
 * selections applied, unset fields left out, `id` always and last.
 * @param selection from `selectFields` (null: the defaults).
 * @returns the answer, or 100 "Tried accessing nonexisting field" for the first field the node type
 *   does not have.
 * @example readNode(PHONE_NUMBER, number, selectFields('throughput{level}')) // {throughput: {level: 'STANDARD'}, id}
 */
export function readNode<S>(
  type: NodeType<S>,
  subject: S,
  selection: FieldSelection[] | null,
): Record<string, unknown> | GraphError {
  const asked = selection ?? type.defaults.map((name) => ({ name, sub: null }));
  const unknown = asked.find((f) => !Object.hasOwn(type.fields, f.name));
  if (unknown) return nonexistingField(unknown.name, type.name);
  const out: Record<string, unknown> = {};
  for (const f of asked) {
    if (f.name === 'id') continue;
    const value = type.fields[f.name]!(subject);
    if (value !== undefined) out[f.name] = project(value, f.sub);
  }
  out.id = type.fields.id!(subject);
  return out;
}

/**
 * The fields of Graph's WhatsApp Business Phone Number node, and its defaults in Graph's order
 * (Meta's Graph API reference "WhatsApp Business Phone Number", its Fields table;
 * docs/platform.md §0.1): the simulator gives each a value (src/simulator/fields.ts), the Cloud API facade those
 * Tidings holds (src/facade/phone-number.facade.ts).
 */
export const PHONE_NUMBER_FIELDS = [
  'id',
  'account_mode',
  'certificate',
  'code_verification_status',
  'conversational_automation',
  'country_code',
  'country_dial_code',
  'display_phone_number',
  'eligibility_for_api_business_global_search',
  'health_status',
  'is_official_business_account',
  'is_on_biz_app',
  'is_pin_enabled',
  'is_preverified_number',
  'last_onboarded_time',
  'messaging_limit_tier',
  'name_status',
  'new_certificate',
  'new_name_status',
  'platform_type',
  'quality_rating',
  'quality_score',
  'search_visibility',
  'status',
  'throughput',
  'verified_name',
  'webhook_configuration',
  'whatsapp_business_manager_messaging_limit',
] as const;
export type PhoneNumberField = (typeof PHONE_NUMBER_FIELDS)[number];

/** What Graph answers without `fields` (`id` last, always). */
export const PHONE_NUMBER_DEFAULT_FIELDS: readonly PhoneNumberField[] = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
];
