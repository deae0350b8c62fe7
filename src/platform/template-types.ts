/** Templates as the platform sees them (platform.ts re-exports these; docs/platform.md §2, §5.2). */

/** A template as submitted for review (docs/platform.md §2.1): positional placeholders only. */
export interface TemplateSubmission {
  name: string;
  language: string;
  category: 'UTILITY';
  body: string;
  /** One example per body placeholder, in order. */
  bodyExamples: string[];
  header:
    | { type: 'text'; text: string; example: string | null }
    /** A media header: `handle` from the Resumable Upload API (docs/platform.md §2.6). */
    | { type: 'image' | 'video' | 'document'; handle: string }
    | null;
  footer: string | null;
  /**
   * The buttons, in order (docs/platform.md §2.2); `example` is the value of a URL's `{{1}}` or the
   * sample code of a copy_code button. Absent or empty: no BUTTONS component.
   */
  buttons?: TemplateSubmissionButton[];
  /**
   * The platform's `message_send_ttl_seconds` (docs/platform.md §5.2: utility 30–43,200 s): how long
   * it tries to deliver each send of the template. Absent or null: the platform's default (30 days).
   */
  timeToLive?: number | null;
}

/** One button of a template submission. */
export interface TemplateSubmissionButton {
  type: 'quick_reply' | 'url' | 'phone_number' | 'copy_code' | 'request_contact_info';
  text?: string;
  url?: string;
  example?: string;
  phoneNumber?: string;
}

/**
 * The value of one template button at send time (docs/platform.md §1.2), addressed by the button's
 * 0-based index in the template: a quick reply's payload, a dynamic URL's suffix, or the code of a
 * copy_code button.
 */
/** A NAMED template's parameter names (docs/platform.md §1.2): the body's, in order, and the header's (null: none). */
export interface ParameterNames {
  body: string[];
  header: string | null;
}

export interface TemplateButtonValue {
  index: number;
  subType: 'quick_reply' | 'url' | 'copy_code';
  value: string;
}

/** What the platform says of a template. */
export interface PlatformTemplate {
  id: string;
  /** The platform's status: PENDING, APPROVED, REJECTED, … */
  status: string;
  /** UTILITY, or MARKETING when the platform re-categorised it. */
  category: string;
}

/** A template as the platform describes it (`GET /{template-id}`): a Direct Send's generated template. */
export interface PlatformTemplateDetail extends PlatformTemplate {
  name: string;
  language: string;
  /** The BODY component's text. */
  body: string;
  /** A TEXT header's text, or null. */
  header: string | null;
  footer: string | null;
  /** The BUTTONS component's buttons: their type (lower case) and label. */
  buttons: { type: string; text: string; url?: string }[];
  /** `message_send_ttl_seconds`, when the platform gives it. */
  timeToLive: number | null;
}

/**
 * A template as the platform lists it (`GET /{waba-id}/message_templates` with the fields the
 * reconciliation asks, docs/platform.md §2.3): its lifecycle, and its content in enough detail to
 * import a template made outside Tidings.
 */
export interface PlatformTemplateListing extends Omit<PlatformTemplateDetail, 'buttons' | 'header'> {
  /** `quality_score.score`: GREEN, YELLOW, RED or UNKNOWN; null when not given. */
  quality: string | null;
  /** `correct_category`: a category change announced and not yet made. */
  correctCategory: string | null;
  previousCategory: string | null;
  rejectedReason: string | null;
  /** The Template Library entry it was made from. */
  libraryTemplateName: string | null;
  /** `source`: AUTO_GENERATED for a Direct Send's template; null otherwise. */
  source: string | null;
  /** `parameter_format`: POSITIONAL ({{1}}) or NAMED ({{first_name}}). */
  parameterFormat: 'POSITIONAL' | 'NAMED';
  /** The BODY's examples, one per placeholder (NAMED: in the order the placeholders first appear). */
  bodyExamples: string[];
  /** The HEADER: its format and, for TEXT, its text and example; null without one. */
  header: { format: string; text: string | null; example: string | null } | null;
  /** The BUTTONS, in order. */
  buttons: {
    type: string;
    text: string | null;
    url: string | null;
    phoneNumber: string | null;
    example: string | null;
  }[];
}

/** A template of Meta's Template Library (docs/platform.md §5.3), as the platform describes it. */
export interface LibraryTemplate {
  name: string;
  language: string;
  category: string;
  topic: string | null;
  usecase: string | null;
  industry: string[];
  header: string | null;
  body: string;
  /** Example values of the body's placeholders. */
  bodyParams: string[];
  buttons: { type: string; text: string | null; url: string | null; phoneNumber: string | null }[];
}

/** A template made from the library (`library_template_name`, docs/platform.md §5.3): its inputs as Tidings takes them. */
export interface LibraryTemplateSubmission {
  name: string;
  language: string;
  libraryTemplateName: string;
  /** `library_template_body_inputs`, in the platform's snake_case. */
  bodyInputs: Record<string, boolean | number>;
  /** `library_template_button_inputs`, in the platform's shape. */
  buttonInputs: Record<string, unknown>[];
}

/**
 * The placeholders of a template text as the platform writes them (`{{first_name}}`, `{{1}}`), each
 * once, in the order they first appear: a NAMED template's parameter names (docs/platform.md §1.2).
 */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi)].map((m) => m[1]!))];
}
