/**
 * The platform's limits on rich free-form messages (interactive, location, contacts, reaction),
 * checked before a send is accepted so that every breach is reported at once, each by field
 * (docs/api.md §D15), up to MAX_RULE_ISSUES. The schema checks shape and cuts absurd sizes
 * (`rich.limits.ts`); these rules check what the platform would refuse, lengths in UTF-16 code
 * units as the platform and the simulator count them. Sources (docs/platform.md §1.4), all under
 * Meta's `business-messaging/whatsapp/messages/`:
 * - `interactive-reply-buttons-messages`: 1 to 3 buttons, title ≤ 20 characters and unique,
 *   id ≤ 256 and unique; body ≤ 1,024; header text ≤ 60; footer ≤ 60.
 * - `interactive-list-messages`: ≤ 10 sections, ≤ 10 rows in all, button ≤ 20, section title ≤ 24
 *   (required when there is more than one section), row id ≤ 200 and unique, title ≤ 24,
 *   description ≤ 72; body ≤ 4,096 (the simulator's limit; other sources say 1,024: UNCONFIRMED).
 * - `interactive-cta-url-messages`: display text ≤ 20 (UNCONFIRMED: restated by client libraries,
 *   not read in Meta's page), an http(s) URL; body ≤ 1,024; header text ≤ 60; footer ≤ 60.
 * - `location-messages`: latitude −90…90, longitude −180…180 (decimal degrees); name and address
 *   optional (no documented length limit: Tidings takes 1,000 each).
 * - `contacts-messages`: up to 257 contacts, each with `name.formatted_name`. Entries per card, text
 *   lengths and the whole message's size are Tidings' limits (CONTACT_LIMITS).
 * - `reaction-messages`: one emoji (a single grapheme), or an empty string to remove a reaction.
 * The simulator (`src/simulator/messages/rules.ts`) refuses the same breaches; keep both in step.
 */
import type { Issue } from '../../errors.js';
import type {
  SendContactsMessage,
  SendInteractiveMessage,
  SendLocationMessage,
  SendReactionMessage,
} from '../schemas/send-bodies.schemas.js';
import type { Static } from '@sinclair/typebox';
import {
  CONTACT_LIMITS,
  INTERACTIVE_LIMITS,
  LOCATION_LIMITS,
  MAX_RULE_ISSUES,
  textLength as length,
} from '../schemas/rich.limits.js';

export { INTERACTIVE_LIMITS };

type Interactive = Static<typeof SendInteractiveMessage>['interactive'];

/** What a check found: the issues, at most MAX_RULE_ISSUES; `more` when there were others. */
export interface Breaches {
  issues: Issue[];
  more: boolean;
}

class Issues {
  readonly list: Issue[] = [];
  more = false;
  add(code: string, field: string, message: string): void {
    if (this.list.length < MAX_RULE_ISSUES) this.list.push({ code, field, message });
    else this.more = true;
  }
  /** `value` must hold text, at most `max` characters (UTF-16 code units). */
  text(field: string, value: string | undefined, max: number, required: boolean): void {
    if (value === undefined) {
      if (required) this.add('missing', field, `${field} is required.`);
      return;
    }
    if (value.trim() === '') this.add('blank', field, `${field} must contain more than white space.`);
    else this.length(field, value, max);
  }
  /** `value`, when given, is at most `max` characters (UTF-16 code units). */
  length(field: string, value: string | undefined, max: number): void {
    if (value === undefined || length(value) <= max) return;
    // Most emoji are two code units: say so when the count a person makes would be lower.
    const units = [...value].length === value.length ? '' : ', counted as the platform counts them: most emoji count 2';
    this.add('too_long', field, `${field} must be at most ${max} characters (it has ${length(value)}${units}).`);
  }
  /** A list of at most `max` entries. */
  count(field: string, n: number, max: number, what: string): void {
    if (n > max) this.add('too_many', field, `At most ${max} ${what} (${n} given).`);
  }
  get breaches(): Breaches {
    return { issues: this.list, more: this.more };
  }
}

/**
 * The breaches of an interactive message's limits.
 * @returns the issues (code `missing`, `blank`, `too_long`, `too_many`, `too_few`, `duplicate`,
 *   `url_invalid`, `section_title_required`), fields prefixed `interactive.`; none when it may be sent.
 */
export function checkInteractive(i: Interactive): Breaches {
  const issues = new Issues();
  const L = INTERACTIVE_LIMITS;
  issues.text('interactive.body', i.body, i.kind === 'list' ? L.listBody : L.body, true);
  issues.text('interactive.header', i.header, L.header, false);
  issues.text('interactive.footer', i.footer, L.footer, false);
  if (i.kind === 'buttons') {
    if (i.buttons.length === 0) issues.add('too_few', 'interactive.buttons', 'Send at least one button.');
    if (i.buttons.length > L.buttons)
      issues.add('too_many', 'interactive.buttons', `At most ${L.buttons} reply buttons (${i.buttons.length} given).`);
    const ids = new Set<string>();
    const titles = new Set<string>();
    i.buttons.forEach((b, n) => {
      issues.text(`interactive.buttons[${n}].id`, b.id, L.buttonId, true);
      issues.text(`interactive.buttons[${n}].title`, b.title, L.buttonTitle, true);
      if (ids.has(b.id))
        issues.add(
          'duplicate',
          `interactive.buttons[${n}].id`,
          `Button ids must be unique; ${JSON.stringify(b.id)} is repeated.`,
        );
      if (titles.has(b.title))
        issues.add(
          'duplicate',
          `interactive.buttons[${n}].title`,
          `Button titles must be unique; ${JSON.stringify(b.title)} is repeated.`,
        );
      ids.add(b.id);
      titles.add(b.title);
    });
  } else if (i.kind === 'list') {
    issues.text('interactive.button', i.button, L.listButton, true);
    if (i.sections.length === 0) issues.add('too_few', 'interactive.sections', 'Send at least one section.');
    if (i.sections.length > L.sections)
      issues.add('too_many', 'interactive.sections', `At most ${L.sections} sections (${i.sections.length} given).`);
    const rows = i.sections.reduce((n, s) => n + s.rows.length, 0);
    if (rows > L.rows)
      issues.add(
        'too_many',
        'interactive.sections',
        `At most ${L.rows} rows in all sections together (${rows} given).`,
      );
    const ids = new Set<string>();
    i.sections.forEach((s, si) => {
      const at = `interactive.sections[${si}]`;
      if (s.title === undefined && i.sections.length > 1)
        issues.add('section_title_required', `${at}.title`, 'Each section needs a title when there is more than one.');
      issues.text(`${at}.title`, s.title, L.sectionTitle, false);
      if (s.rows.length === 0) issues.add('too_few', `${at}.rows`, 'Each section needs at least one row.');
      s.rows.forEach((r, ri) => {
        issues.text(`${at}.rows[${ri}].id`, r.id, L.rowId, true);
        issues.text(`${at}.rows[${ri}].title`, r.title, L.rowTitle, true);
        issues.text(`${at}.rows[${ri}].description`, r.description, L.rowDescription, false);
        if (ids.has(r.id))
          issues.add(
            'duplicate',
            `${at}.rows[${ri}].id`,
            `Row ids must be unique across sections; ${JSON.stringify(r.id)} is repeated.`,
          );
        ids.add(r.id);
      });
    });
  } else {
    issues.text('interactive.displayText', i.displayText, L.ctaDisplayText, true);
    if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(i.url) || length(i.url) > L.ctaUrl)
      issues.add(
        'url_invalid',
        'interactive.url',
        `interactive.url must be an http or https URL of at most ${L.ctaUrl} characters.`,
      );
  }
  return issues.breaches;
}

/** Latitude and longitude in range (decimal degrees); name and address not blank, at most 1,000 characters. */
export function checkLocation(l: Static<typeof SendLocationMessage>['location']): Breaches {
  const issues = new Issues();
  if (!(l.latitude >= -90 && l.latitude <= 90))
    issues.add('out_of_range', 'location.latitude', 'location.latitude must be between -90 and 90.');
  if (!(l.longitude >= -180 && l.longitude <= 180))
    issues.add('out_of_range', 'location.longitude', 'location.longitude must be between -180 and 180.');
  issues.text('location.name', l.name, LOCATION_LIMITS.name, false);
  issues.text('location.address', l.address, LOCATION_LIMITS.address, false);
  return issues.breaches;
}

type Card = Static<typeof SendContactsMessage>['contacts'][number];

/**
 * One to 257 cards, each with a formatted name that is not blank; entries and text within
 * CONTACT_LIMITS; all cards together at most `CONTACT_LIMITS.json` characters as compact JSON.
 */
export function checkContacts(list: Static<typeof SendContactsMessage>['contacts']): Breaches {
  const C = CONTACT_LIMITS;
  const issues = new Issues();
  if (list.length === 0) issues.add('too_few', 'contacts', 'Send at least one contact.');
  issues.count('contacts', list.length, C.cards, 'contact cards');
  const size = length(JSON.stringify(list));
  if (size > C.json)
    issues.add(
      'too_long',
      'contacts',
      `The contact cards must take at most ${C.json.toLocaleString('en-US')} characters as JSON (they take ${size.toLocaleString('en-US')}).`,
    );
  list.forEach((c, n) => {
    const at = `contacts[${n}]`;
    issues.text(`${at}.name.formatted`, c.name.formatted, C.text, true);
    for (const [entries, max] of [
      ['phones', C.phones],
      ['emails', C.emails],
      ['urls', C.urls],
      ['addresses', C.addresses],
    ] as const) {
      issues.count(`${at}.${entries}`, c[entries]?.length ?? 0, max, `${entries} per card`);
    }
    for (const [field, value] of texts(c))
      issues.length(`${at}.${field}`, value, field.endsWith('.url') ? C.url : C.text);
  });
  return issues.breaches;
}

/** Every text of a card but its formatted name, by field (`phones[0].phone`). */
function texts(c: Card): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  const add = (prefix: string, o: Record<string, string | undefined> | undefined) => {
    for (const [k, v] of Object.entries(o ?? {})) if (k !== 'formatted') out.push([`${prefix}${k}`, v]);
  };
  add('name.', c.name);
  add('org.', c.org);
  for (const entries of ['phones', 'emails', 'urls', 'addresses'] as const)
    c[entries]?.forEach((e, i) => add(`${entries}[${i}].`, e));
  return out;
}

/** One emoji (a single grapheme cluster holding a pictograph, a flag or a keycap), or "" to remove the reaction. */
export function checkReaction(r: Static<typeof SendReactionMessage>['reaction']): Breaches {
  const issues = new Issues();
  const graphemes = [...new Intl.Segmenter().segment(r.emoji)];
  if (
    graphemes.length > 1 ||
    (graphemes.length === 1 && !/\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(r.emoji))
  ) {
    issues.add(
      'not_an_emoji',
      'reaction.emoji',
      'reaction.emoji must be a single emoji, or "" to remove the reaction.',
    );
  }
  return issues.breaches;
}
