/**
 * The platform's limits on rich free-form messages (interactive, location, contacts, reaction),
 * checked before a send is accepted so that every breach is reported at once, each by field
 * (docs/api.md §D15). The schema checks shape (types, required fields); these rules check what the
 * platform would refuse. Sources (docs/platform.md §1.4), all under Meta's
 * `business-messaging/whatsapp/messages/`:
 * - `interactive-reply-buttons-messages`: 1 to 3 buttons, title ≤ 20 characters and unique,
 *   id ≤ 256 and unique; body ≤ 1,024; header text ≤ 60; footer ≤ 60.
 * - `interactive-list-messages`: ≤ 10 sections, ≤ 10 rows in all, button ≤ 20, section title ≤ 24
 *   (required when there is more than one section), row id ≤ 200 and unique, title ≤ 24,
 *   description ≤ 72; body ≤ 4,096 (the simulator's limit; other sources say 1,024: UNCONFIRMED).
 * - `interactive-cta-url-messages`: display text ≤ 20 (UNCONFIRMED: restated by client libraries,
 *   not read in Meta's page), an http(s) URL; body ≤ 1,024; header text ≤ 60; footer ≤ 60.
 * - `location-messages`: latitude −90…90, longitude −180…180 (decimal degrees); name and address
 *   optional (no documented length limit).
 * - `contacts-messages`: each contact needs `name.formatted_name`.
 * - `reaction-messages`: one emoji (a single grapheme), or an empty string to remove a reaction.
 * The simulator (`src/simulator/messages/rules.ts`) refuses the same breaches; keep both in step.
 */
import type { Issue } from '../errors.js';
import type { SendContactsMessage, SendInteractiveMessage, SendLocationMessage, SendReactionMessage } from './message.schemas.js';
import type { Static } from '@sinclair/typebox';

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
  rows: 10,
  sectionTitle: 24,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  ctaDisplayText: 20,
  ctaUrl: 2000,
} as const;

type Interactive = Static<typeof SendInteractiveMessage>['interactive'];

/** Characters as a person counts them (UTF-16 code units would count an emoji twice). */
const length = (s: string) => [...s].length;

class Issues {
  readonly list: Issue[] = [];
  add(code: string, field: string, message: string): void {
    this.list.push({ code, field, message });
  }
  /** `value` must hold text, at most `max` characters. */
  text(field: string, value: string | undefined, max: number, required: boolean): void {
    if (value === undefined) {
      if (required) this.add('missing', field, `${field} is required.`);
      return;
    }
    if (value.trim() === '') this.add('blank', field, `${field} must contain more than white space.`);
    else if (length(value) > max) this.add('too_long', field, `${field} must be at most ${max} characters (it has ${length(value)}).`);
  }
}

/**
 * The breaches of an interactive message's limits.
 * @returns issues (code `missing`, `blank`, `too_long`, `too_many`, `too_few`, `duplicate`,
 *   `url_invalid`, `section_title_required`), fields prefixed `interactive.`; empty when it may be sent.
 */
export function checkInteractive(i: Interactive): Issue[] {
  const issues = new Issues();
  const L = INTERACTIVE_LIMITS;
  issues.text('interactive.body', i.body, i.kind === 'list' ? L.listBody : L.body, true);
  issues.text('interactive.header', i.header, L.header, false);
  issues.text('interactive.footer', i.footer, L.footer, false);
  if (i.kind === 'buttons') {
    if (i.buttons.length === 0) issues.add('too_few', 'interactive.buttons', 'Send at least one button.');
    if (i.buttons.length > L.buttons) issues.add('too_many', 'interactive.buttons', `At most ${L.buttons} reply buttons (${i.buttons.length} given).`);
    const ids = new Set<string>();
    const titles = new Set<string>();
    i.buttons.forEach((b, n) => {
      issues.text(`interactive.buttons[${n}].id`, b.id, L.buttonId, true);
      issues.text(`interactive.buttons[${n}].title`, b.title, L.buttonTitle, true);
      if (ids.has(b.id)) issues.add('duplicate', `interactive.buttons[${n}].id`, `Button ids must be unique; ${JSON.stringify(b.id)} is repeated.`);
      if (titles.has(b.title)) issues.add('duplicate', `interactive.buttons[${n}].title`, `Button titles must be unique; ${JSON.stringify(b.title)} is repeated.`);
      ids.add(b.id);
      titles.add(b.title);
    });
  } else if (i.kind === 'list') {
    issues.text('interactive.button', i.button, L.listButton, true);
    if (i.sections.length === 0) issues.add('too_few', 'interactive.sections', 'Send at least one section.');
    if (i.sections.length > L.sections) issues.add('too_many', 'interactive.sections', `At most ${L.sections} sections (${i.sections.length} given).`);
    const rows = i.sections.reduce((n, s) => n + s.rows.length, 0);
    if (rows > L.rows) issues.add('too_many', 'interactive.sections', `At most ${L.rows} rows in all sections together (${rows} given).`);
    const ids = new Set<string>();
    i.sections.forEach((s, si) => {
      const at = `interactive.sections[${si}]`;
      if (s.title === undefined && i.sections.length > 1) issues.add('section_title_required', `${at}.title`, 'Each section needs a title when there is more than one.');
      issues.text(`${at}.title`, s.title, L.sectionTitle, false);
      if (s.rows.length === 0) issues.add('too_few', `${at}.rows`, 'Each section needs at least one row.');
      s.rows.forEach((r, ri) => {
        issues.text(`${at}.rows[${ri}].id`, r.id, L.rowId, true);
        issues.text(`${at}.rows[${ri}].title`, r.title, L.rowTitle, true);
        issues.text(`${at}.rows[${ri}].description`, r.description, L.rowDescription, false);
        if (ids.has(r.id)) issues.add('duplicate', `${at}.rows[${ri}].id`, `Row ids must be unique across sections; ${JSON.stringify(r.id)} is repeated.`);
        ids.add(r.id);
      });
    });
  } else {
    issues.text('interactive.displayText', i.displayText, L.ctaDisplayText, true);
    if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(i.url) || length(i.url) > L.ctaUrl) issues.add('url_invalid', 'interactive.url', `interactive.url must be an http or https URL of at most ${L.ctaUrl} characters.`);
  }
  return issues.list;
}

/** Latitude and longitude in range (decimal degrees); name and address not blank. */
export function checkLocation(l: Static<typeof SendLocationMessage>['location']): Issue[] {
  const issues = new Issues();
  if (!(l.latitude >= -90 && l.latitude <= 90)) issues.add('out_of_range', 'location.latitude', 'location.latitude must be between -90 and 90.');
  if (!(l.longitude >= -180 && l.longitude <= 180)) issues.add('out_of_range', 'location.longitude', 'location.longitude must be between -180 and 180.');
  issues.text('location.name', l.name, 1000, false);
  issues.text('location.address', l.address, 1000, false);
  return issues.list;
}

/** Each contact has a formatted name that is not blank. */
export function checkContacts(list: Static<typeof SendContactsMessage>['contacts']): Issue[] {
  const issues = new Issues();
  if (list.length === 0) issues.add('too_few', 'contacts', 'Send at least one contact.');
  list.forEach((c, n) => issues.text(`contacts[${n}].name.formatted`, c.name.formatted, 1000, true));
  return issues.list;
}

/** One emoji (a single grapheme cluster holding a pictograph, a flag or a keycap), or "" to remove the reaction. */
export function checkReaction(r: Static<typeof SendReactionMessage>['reaction']): Issue[] {
  const issues = new Issues();
  const graphemes = [...new Intl.Segmenter().segment(r.emoji)];
  if (graphemes.length > 1 || (graphemes.length === 1 && !/\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(r.emoji))) {
    issues.add('not_an_emoji', 'reaction.emoji', 'reaction.emoji must be a single emoji, or "" to remove the reaction.');
  }
  return issues.list;
}
