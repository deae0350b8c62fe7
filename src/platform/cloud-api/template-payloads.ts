/**
 * Templates on the Graph API: the body of a submission, and the platform's answers about a template
 * (docs/platform.md §2; the fixtures `template-create-request-*.json`, `template-get-by-id-response.json`).
 */
import type { PlatformTemplate, PlatformTemplateDetail, TemplateSubmission, TemplateSubmissionButton } from '../platform.js';

/**
 * The Graph API body of a template submission (docs/platform.md §2.1; compare
 * `template-create-request-positional-params.json`): components with examples, POSITIONAL format.
 */
export function toGraphTemplate(t: TemplateSubmission): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (t.header?.type === 'text') {
    components.push({ type: 'HEADER', format: 'TEXT', text: t.header.text, ...(t.header.example ? { example: { header_text: [t.header.example] } } : {}) });
  } else if (t.header) {
    // template-create-request-image-header.json
    components.push({ type: 'HEADER', format: t.header.type.toUpperCase(), example: { header_handle: [t.header.handle] } });
  }
  components.push({ type: 'BODY', text: t.body, ...(t.bodyExamples.length > 0 ? { example: { body_text: [t.bodyExamples] } } : {}) });
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
      return { type: 'URL', text: b.text, url, ...(dynamic && b.example ? { example: [url.slice(0, -'{{1}}'.length) + b.example] } : {}) };
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
  components?: { type?: string; format?: string; text?: string; buttons?: { type?: string; text?: string; url?: string }[] }[];
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
    header: header && String(header.format ?? 'TEXT').toUpperCase() === 'TEXT' && typeof header.text === 'string' ? header.text : null,
    footer: typeof part('FOOTER')?.text === 'string' ? part('FOOTER')!.text! : null,
    buttons: (part('BUTTONS')?.buttons ?? []).map((b) => ({ type: String(b.type ?? '').toLowerCase(), text: String(b.text ?? ''), ...(b.url ? { url: b.url } : {}) })),
    timeToLive: t.message_send_ttl_seconds !== undefined && Number.isFinite(ttl) ? ttl : null,
  };
}

export function toPlatformTemplate(t: GraphTemplate): PlatformTemplate {
  return { id: String(t.id), status: String(t.status ?? 'PENDING').toUpperCase(), category: String(t.category ?? 'UTILITY').toUpperCase() };
}
