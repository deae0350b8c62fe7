/**
 * Templates on the Graph API: the body of a submission, and the platform's answers about a template
 * (docs/platform.md §2; the fixtures `template-create-request-*.json`, `template-get-by-id-response.json`).
 */
import {
  placeholderNames,
  type LibraryTemplate,
  type PlatformTemplate,
  type PlatformTemplateDetail,
  type PlatformTemplateListing,
  type TemplateSubmission,
  type TemplateSubmissionButton,
} from '../platform.js';

/**
 * The Graph API body of a template submission (docs/platform.md §2.1; compare
 * `template-create-request-positional-params.json`): components with examples, POSITIONAL format.
 */
export function toGraphTemplate(t: TemplateSubmission): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (t.header?.type === 'text') {
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: t.header.text,
      ...(t.header.example ? { example: { header_text: [t.header.example] } } : {}),
    });
  } else if (t.header) {
    // template-create-request-image-header.json
    components.push({
      type: 'HEADER',
      format: t.header.type.toUpperCase(),
      example: { header_handle: [t.header.handle] },
    });
  }
  components.push({
    type: 'BODY',
    text: t.body,
    ...(t.bodyExamples.length > 0 ? { example: { body_text: [t.bodyExamples] } } : {}),
  });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  if (t.buttons?.length) components.push({ type: 'BUTTONS', buttons: t.buttons.map(toGraphButton) });
  return {
    name: t.name,
    language: t.language,
    category: t.category,
    parameter_format: 'POSITIONAL',
    components,
    ...(typeof t.timeToLive === 'number' ? { message_send_ttl_seconds: t.timeToLive } : {}),
  };
}

/**
 * One button of a `BUTTONS` component (docs/platform.md §2.1–2.2,
 * `template-create-request-text-header-quick-replies.json`). A dynamic URL's example is the whole
 * URL with `{{1}}` filled, as in Meta's examples (`"example": ["https://…/shop?promo=summer2023"]`);
 * a copy code's example is the code itself.
 */
function toGraphButton(b: TemplateSubmissionButton): Record<string, unknown> {
  switch (b.type) {
    case 'quick_reply':
      return { type: 'QUICK_REPLY', text: b.text };
    case 'url': {
      const url = b.url ?? '';
      const dynamic = url.endsWith('{{1}}');
      return {
        type: 'URL',
        text: b.text,
        url,
        ...(dynamic && b.example ? { example: [url.slice(0, -'{{1}}'.length) + b.example] } : {}),
      };
    }
    case 'phone_number':
      return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phoneNumber };
    case 'copy_code':
      return { type: 'COPY_CODE', example: b.example };
    case 'request_contact_info':
      return { type: 'REQUEST_CONTACT_INFO', text: b.text };
  }
}

export interface GraphTemplate {
  id?: string;
  status?: string;
  category?: string;
  name?: string;
  language?: string;
  message_send_ttl_seconds?: number | string;
  components?: GraphComponent[];
  quality_score?: { score?: string };
  correct_category?: string;
  previous_category?: string;
  rejected_reason?: string;
  library_template_name?: string;
  source?: string;
  parameter_format?: string;
}

interface GraphComponent {
  type?: string;
  format?: string;
  text?: string;
  /** Positional templates give `body_text`/`header_text`; NAMED ones `…_named_params` (template-list-response-named-and-positional.json). */
  example?: {
    header_text?: string[];
    body_text?: string[][];
    header_handle?: string[];
    body_text_named_params?: NamedExample[];
    header_text_named_params?: NamedExample[];
  };
  buttons?: { type?: string; text?: string; url?: string; phone_number?: string; example?: string[] | string }[];
}

/** The fields the reconciliation asks of each template (docs/platform.md §2.3, §2.7–2.8). */
export const LISTING_FIELDS =
  'id,name,language,status,category,components,message_send_ttl_seconds,quality_score,correct_category,previous_category,rejected_reason,library_template_name,source,parameter_format';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

interface NamedExample {
  param_name?: string;
  example?: string;
}

/** The examples of a NAMED component, in the order its placeholders appear in `text`. */
function namedExamples(text: string | null, given: NamedExample[] | undefined): string[] {
  const byName = new Map((given ?? []).map((e) => [String(e.param_name), String(e.example ?? '')]));
  return placeholderNames(text ?? '').map((name) => byName.get(name) ?? '');
}

/** One template of `GET /{waba-id}/message_templates?fields=LISTING_FIELDS` (template-list-response.json, template-get-by-id-response.json). */
export function toTemplateListing(t: GraphTemplate): PlatformTemplateListing {
  const part = (type: string) => (t.components ?? []).find((c) => String(c.type).toUpperCase() === type);
  const header = part('HEADER');
  const body = part('BODY');
  const detail = toTemplateDetail(t);
  const named = String(t.parameter_format ?? 'POSITIONAL').toUpperCase() === 'NAMED';
  return {
    ...detail,
    quality: text(t.quality_score?.score),
    correctCategory: text(t.correct_category),
    previousCategory: text(t.previous_category),
    rejectedReason: text(t.rejected_reason),
    libraryTemplateName: text(t.library_template_name),
    source: text(t.source),
    parameterFormat: named ? 'NAMED' : 'POSITIONAL',
    bodyExamples: named
      ? namedExamples(text(body?.text), body?.example?.body_text_named_params)
      : (body?.example?.body_text?.[0] ?? []).map(String),
    header: header
      ? {
          format: String(header.format ?? 'TEXT').toUpperCase(),
          text: text(header.text),
          example: named
            ? (namedExamples(text(header.text), header.example?.header_text_named_params)[0] ?? null)
            : text(header.example?.header_text?.[0]),
        }
      : null,
    buttons: (part('BUTTONS')?.buttons ?? []).map((b) => ({
      type: String(b.type ?? '').toUpperCase(),
      text: text(b.text),
      url: text(b.url),
      phoneNumber: text(b.phone_number),
      example: Array.isArray(b.example) ? text(b.example[0]) : text(b.example),
    })),
  };
}

/** One entry of `GET /message_template_library` (docs/platform.md §5.3). */
export function toLibraryTemplate(t: Record<string, unknown>): LibraryTemplate {
  const buttons = Array.isArray(t.buttons) ? (t.buttons as Record<string, unknown>[]) : [];
  return {
    name: String(t.name ?? ''),
    language: String(t.language ?? ''),
    category: String(t.category ?? 'UTILITY').toUpperCase(),
    topic: text(t.topic),
    usecase: text(t.usecase),
    industry: Array.isArray(t.industry) ? t.industry.map(String) : [],
    header: text(t.header),
    body: String(t.body ?? ''),
    bodyParams: Array.isArray(t.body_params) ? t.body_params.map(String) : [],
    buttons: buttons.map((b) => ({
      type: String(b.type ?? '').toUpperCase(),
      text: text(b.text),
      url: text(b.url),
      phoneNumber: text(b.phone_number),
    })),
  };
}

/** `GET /{template-id}`'s answer as a PlatformTemplateDetail (template-get-by-id-response.json). */
export function toTemplateDetail(t: GraphTemplate): PlatformTemplateDetail {
  const part = (type: string) => (t.components ?? []).find((c) => String(c.type).toUpperCase() === type);
  const header = part('HEADER');
  const ttl = Number(t.message_send_ttl_seconds);
  return {
    ...toPlatformTemplate(t),
    name: String(t.name ?? ''),
    language: String(t.language ?? ''),
    body: String(part('BODY')?.text ?? ''),
    header:
      header && String(header.format ?? 'TEXT').toUpperCase() === 'TEXT' && typeof header.text === 'string'
        ? header.text
        : null,
    footer: typeof part('FOOTER')?.text === 'string' ? part('FOOTER')!.text! : null,
    buttons: (part('BUTTONS')?.buttons ?? []).map((b) => ({
      type: String(b.type ?? '').toLowerCase(),
      text: String(b.text ?? ''),
      ...(b.url ? { url: b.url } : {}),
    })),
    timeToLive: t.message_send_ttl_seconds !== undefined && Number.isFinite(ttl) ? ttl : null,
  };
}

export function toPlatformTemplate(t: GraphTemplate): PlatformTemplate {
  return {
    id: String(t.id),
    status: String(t.status ?? 'PENDING').toUpperCase(),
    category: String(t.category ?? 'UTILITY').toUpperCase(),
  };
}
