/**
 * Templates between Meta's shapes and Tidings' for the Cloud API facade (docs/api.md §D34, "Media
 * and templates"). Meta's components are read by the converters the reconciliation's import uses
 * (src/platform/cloud-api/template-payloads.ts `toTemplateListing`, then
 * src/templates/template-import.ts `platformContent`); a Tidings template is shown as Meta's
 * template node through the builder of Tidings' own submissions (`toGraphTemplate`), so each
 * mapping is written once.
 */
import type { AjvError } from '../http/ajv.js';
import { newAjv } from '../http/ajv.js';
import { fromValidation } from '../http/validation.js';
import { graphError, isGraphError } from '../lib/graph-errors.js';
import { type FieldSelection, type NodeType, readNode } from '../lib/graph-fields.js';
import { toGraphTemplate, toTemplateListing } from '../platform/cloud-api/template-payloads.js';
import type { TemplateSubmission } from '../platform/platform.js';
import { platformContent } from '../templates/template-import.js';
import { MediaHeader, TemplateInput, TemplateUpdate, TextHeader } from '../templates/template-content.schemas.js';
import type { Template, TemplateStatus } from '../templates/template.schemas.js';
import { GraphFailure } from './graph-error.js';

/** Tidings' template states as Meta's (docs/api.md §3.1): pending and processing are both under review. */
export const GRAPH_STATUS: Record<TemplateStatus, string> = {
  pending: 'PENDING',
  processing: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  paused: 'PAUSED',
  disabled: 'DISABLED',
};

/** Button kinds Tidings keeps (docs/api.md §D7); Meta's others (OTP, FLOW, CATALOG…) are refused. */
const BUTTON_KINDS = new Set(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'REQUEST_CONTACT_INFO']);
const HEADER_FORMATS = new Set(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']);
const COMPONENT_TYPES = new Set(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);

/** Graph's 100 with Tidings' code and words in `error_data.details`. */
function invalid(details: string): GraphFailure {
  return new GraphFailure(graphError(100, details));
}

type Component = Record<string, any>;

/**
 * The content of Meta's `components` (with `parameter_format`) in Tidings' terms.
 * @throws GraphFailure 100 for components Tidings cannot hold (a LOCATION header, a carousel, a
 *   flow button…) or a media header whose `header_handle` is not a `med_` id.
 */
function contentOf(components: unknown, parameterFormat: unknown) {
  if (!Array.isArray(components) || components.some((c) => !c || typeof c !== 'object'))
    throw invalid('parameter_invalid: components must be a list of objects.');
  const format = String(parameterFormat ?? 'POSITIONAL').toUpperCase();
  if (format !== 'POSITIONAL' && format !== 'NAMED')
    throw invalid('parameter_invalid: parameter_format must be POSITIONAL or NAMED.');
  const list = components as Component[];
  for (const c of list) {
    const type = String(c.type ?? '').toUpperCase();
    if (!COMPONENT_TYPES.has(type))
      throw invalid(`parameter_invalid: Tidings holds HEADER, BODY, FOOTER and BUTTONS components, not ${type}.`);
    if (type === 'HEADER' && !HEADER_FORMATS.has(String(c.format ?? 'TEXT').toUpperCase()))
      throw invalid(`parameter_invalid: A header is TEXT, IMAGE, VIDEO or DOCUMENT, not ${c.format}.`);
    for (const b of type === 'BUTTONS' && Array.isArray(c.buttons) ? (c.buttons as Component[]) : [])
      if (!BUTTON_KINDS.has(String(b?.type ?? '').toUpperCase()))
        throw invalid(
          `parameter_invalid: Tidings' templates take QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE and REQUEST_CONTACT_INFO buttons, not ${b?.type}.`,
        );
  }
  let content: ReturnType<typeof platformContent>;
  try {
    content = platformContent(toTemplateListing({ components: list, parameter_format: format }));
  } catch {
    // The readers trust the platform's shapes: an example of another shape than Meta's is the client's.
    throw invalid(
      'parameter_invalid: components are malformed: see the shapes of Meta\'s examples (body_text: [["…"]]).',
    );
  }
  const { body, variables, header, footer, buttons } = content;
  let shown: TemplateInput['header'] = null;
  if (header?.type === 'text') {
    // A NAMED header's placeholder name is not kept: its value goes under "header" at send time.
    const { parameterName: _, ...text } = header;
    shown = text;
  } else if (header) {
    const hdr = list.find((c) => String(c.type).toUpperCase() === 'HEADER')!;
    const handle = hdr.example?.header_handle?.[0];
    if (typeof handle !== 'string' || !handle.startsWith('med_'))
      throw invalid(
        'parameter_invalid: A media header takes a med_ id as example.header_handle: upload the file with POST /{phone-number-id}/media first.',
      );
    shown = { type: header.type, mediaId: handle };
  }
  return { body, variables, header: shown, footer, buttons };
}

/** `message_send_ttl_seconds` as Tidings' `timeToLive` (absent: left out). */
function ttlOf(value: unknown): { timeToLive?: number } {
  if (value === undefined) return {};
  const n = Number(value);
  if (!Number.isInteger(n)) throw invalid('parameter_invalid: message_send_ttl_seconds must be a whole number.');
  return { timeToLive: n };
}

/** Tidings' own bodies, checked as /v1 checks them (http/ajv.ts), with the header schemas they refer to. */
const ajv = newAjv('body').addSchema([TextHeader, MediaHeader]);
const validators = { input: ajv.compile(TemplateInput), update: ajv.compile(TemplateUpdate) };

/** Every schema problem of Tidings' own body (what /v1 would answer), as Graph's 100. */
function checkSchema(which: keyof typeof validators, body: unknown): void {
  const validate = validators[which];
  if (validate(body)) return;
  const err = fromValidation(validate.errors as AjvError[], 'body', body);
  throw invalid(`${err.code}: ${err.message}`);
}

/**
 * Meta's create body (`name`, `language`, `category`, `components` with their examples,
 * `parameter_format`, `message_send_ttl_seconds`) as Tidings' POST /v1/templates body.
 * @throws GraphFailure 100 for a missing or malformed parameter, a Template Library create, or
 *   components Tidings cannot hold (Tidings' content rules are its service's: template_invalid).
 */
export function templateInputOf(input: Record<string, any>): TemplateInput {
  for (const name of ['name', 'language', 'category'])
    if (typeof input[name] !== 'string' || input[name] === '')
      throw invalid(`parameter_missing: The parameter ${name} is required.`);
  if (input.library_template_name !== undefined)
    throw invalid('parameter_invalid: Template Library templates are made with POST /v1/templates/from_library.');
  const result: TemplateInput = {
    name: input.name,
    language: input.language,
    category: String(input.category).toUpperCase(),
    ...contentOf(input.components ?? [], input.parameter_format),
    ...ttlOf(input.message_send_ttl_seconds),
  };
  checkSchema('input', result);
  return result;
}

/**
 * Meta's edit body (`components`, `category`, `message_send_ttl_seconds`; a template keeps its name
 * and language, as Meta's do) as Tidings' PATCH /v1/templates/{id} body. New components replace
 * the content whole.
 * @throws GraphFailure 100 as templateInputOf, or when nothing is to change.
 */
export function templateUpdateOf(input: Record<string, any>): TemplateUpdate {
  const update: TemplateUpdate = {
    ...(input.category !== undefined ? { category: String(input.category).toUpperCase() } : {}),
    ...(input.components !== undefined ? contentOf(input.components, input.parameter_format) : {}),
    ...ttlOf(input.message_send_ttl_seconds),
  };
  if (Object.keys(update).length === 0)
    throw invalid('parameter_missing: Give components, category or message_send_ttl_seconds to change.');
  checkSchema('update', update);
  return update;
}

/** The submission Tidings would make of a template (a media header's handle: its `med_` id). */
function submissionOf(t: Template): TemplateSubmission {
  const h = t.header;
  return {
    name: t.name,
    language: t.language,
    category: 'UTILITY',
    body: t.body,
    bodyExamples: t.variables.map((v) => v.example),
    header: !h ? null : h.type === 'text' ? { ...h, example: h.example ?? null } : { type: h.type, handle: h.mediaId },
    footer: t.footer,
    buttons: t.buttons,
    timeToLive: t.timeToLive,
  };
}

/**
 * Meta's template node (`GET /{template-id}`, docs/platform.md §2.3) for a Tidings template: the
 * defaults of the simulator's node (src/simulator/fields.ts), the fields Tidings knows.
 */
const TEMPLATE_NODE: NodeType<Template> = {
  name: 'WhatsAppMessageTemplate',
  defaults: ['name', 'parameter_format', 'components', 'language', 'status', 'category', 'previous_category'],
  fields: {
    id: (t) => t.id,
    bid_spec: () => undefined,
    category: (t) => t.category,
    components: (t) => toGraphTemplate(submissionOf(t)).components,
    correct_category: (t) => t.categoryUpdate?.category ?? t.category,
    cta_url_link_tracking_opted_out: () => undefined,
    degrees_of_freedom_spec: () => undefined,
    language: (t) => t.language,
    library_template_name: (t) => t.libraryTemplateName ?? undefined,
    message_send_ttl_seconds: (t) => t.timeToLive ?? undefined,
    name: (t) => t.name,
    // Tidings submits every template POSITIONAL ({{1}}), NAMED ones numbered (docs/api.md §D20).
    parameter_format: () => 'POSITIONAL',
    previous_category: (t) => t.previousCategory ?? undefined,
    quality_score: (t) => ({ score: t.quality, date: Math.floor(Date.parse(t.updatedAt) / 1000) }),
    rejected_reason: (t) => (t.status === 'rejected' ? (t.rejectionReason ?? 'NONE') : 'NONE'),
    source: (t) => (t.source === 'generated' ? 'AUTO_GENERATED' : undefined),
    status: (t) => GRAPH_STATUS[t.status],
    sub_category: () => undefined,
  },
};

/**
 * A template as Meta's node, with the asked `fields` (null: the defaults).
 * @throws GraphFailure 100 "Tried accessing nonexisting field" for a field the node lacks.
 */
export function graphTemplate(t: Template, selection: FieldSelection[] | null): Record<string, unknown> {
  const node = readNode(TEMPLATE_NODE, t, selection);
  if (isGraphError(node)) throw new GraphFailure(node);
  return node as Record<string, unknown>;
}
