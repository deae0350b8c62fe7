/**
 * The bounds of rich free-form sends (docs/api.md §D15), in two tiers:
 * - the **limit**: the platform's (docs/platform.md §1.4), or Tidings' own where the platform
 *   documents none. `rich.rules.ts` checks it and names each breach in an issue, all at once;
 * - the **schema bound**: SCHEMA_MARGIN times the limit, on every string (`maxLength`) and array
 *   (`maxItems`) of the send schemas. A value a little over its limit passes the schema and gets its
 *   precise issue from the rules; absurd input (38,000 buttons, a megabyte of name) is cut by the
 *   schema before any rule runs, in one issue for the field.
 * Lengths are counted in UTF-16 code units (`string.length`), as JavaScript, Ajv with `unicode:
 * false` (src/app.ts), client libraries and the simulator count them: a 👍 counts 2. Meta's pages say
 * "characters" without saying which (docs/platform.md §1.4, UNCONFIRMED); code units are never
 * fewer than code points, so a message within them is within either reading.
 */
import { MAX_ISSUES } from '../../http/validation.js';

/** How far above its limit a value may go before the schema, rather than the rules, refuses it. */
export const SCHEMA_MARGIN = 2;

/** The schema's bound for a limit: SCHEMA_MARGIN times it. */
export const schemaBound = (limit: number): number => limit * SCHEMA_MARGIN;

/** A text's length as the platform counts it: UTF-16 code units. */
export const textLength = (s: string): number => s.length;

/** Issues one rich send reports at most (the schema errors' cap, http/validation.ts). */
export const MAX_RULE_ISSUES = MAX_ISSUES;

/** Interactive messages (docs/platform.md §1.4: Meta's reply-button, list and cta_url pages). */
export const INTERACTIVE_LIMITS = {
  buttons: 3,
  buttonTitle: 20,
  buttonId: 256,
  body: 1024,
  listBody: 4096,
  header: 60,
  footer: 60,
  listButton: 20,
  sections: 10,
  /** Rows in all sections together; also the most one section can hold. */
  rows: 10,
  sectionTitle: 24,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  ctaDisplayText: 20,
  ctaUrl: 2000,
} as const;

/** A location's name and address: Tidings' own (the platform documents none, docs/platform.md §1.4). */
export const LOCATION_LIMITS = { name: 1000, address: 1000 } as const;

/**
 * Contact cards. `cards` is the platform's ("up to 257 contacts", Meta `contacts-messages`); the rest
 * are Tidings' own, the platform documenting none: entries per card, each text (`url` apart), and
 * `json`, the characters all cards of one message take as compact JSON (Tidings' camelCase shape),
 * which bounds what each event and list page carries for the message.
 */
export const CONTACT_LIMITS = {
  cards: 257,
  phones: 10,
  emails: 10,
  urls: 10,
  addresses: 5,
  text: 256,
  url: 2000,
  json: 16_384,
} as const;

/**
 * A reaction's emoji is one grapheme (checked by the rules); the longest emoji (a ZWJ sequence with
 * skin tones, a subdivision flag) take about 15 code units, so this is a bound, not a limit.
 */
export const EMOJI_MAX_LENGTH = 32;

/** An id a send refers to (`replyTo`, `reaction.messageId`): a `msg_`/`in_` id or a wamid (about 60 characters). */
export const REFERENCE_MAX_LENGTH = 256;
