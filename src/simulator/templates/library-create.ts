/**
 * Creating a template from the Template Library (templates/library.ts): `POST
 * /{waba-id}/message_templates` with `library_template_name` instead of `components`, after Meta's
 * "Template Library" page (…/whatsapp/templates/template-library/, "Creating templates"): `category`
 * must be the entry's (UTILITY), `library_template_button_inputs` gives the business's website
 * (`{type: "URL", url: {base_url, url_suffix_example}}`) and phone number (`{type: "PHONE_NUMBER",
 * phone_number}`) for the entry's buttons ("for utility templates that have button inputs, this
 * property is not optional"), `library_template_body_inputs` the optional additions. Meta answers
 * `{id, status: "APPROVED", category: "UTILITY"}` at once.
 *
 * UNCONFIRMED (no Meta page or capture found): every refusal's code and wording (all 100 "Invalid
 * parameter" here, HTTP 400, the reason in `error_data.details`); that inputs are matched to the
 * buttons by type in order and that an input with no button to fill is refused; what the body
 * inputs add (here `add_track_package_link` and `add_learn_more_link` add a URL button, "Track
 * package" / "Learn more", and `add_contact_number` a PHONE_NUMBER button "Call us", each needing
 * its button input; `add_security_recommendation` and `code_expiration_minutes` are for
 * authentication entries, which the built-in library has none of); that a `base_url` with a
 * variable may come without `url_suffix_example` (third-party SDKs send it so).
 */
import { graphError, type GraphError } from '../../lib/graph-errors.js';
import { isGraphError } from '../graph-http.js';
import { BODY_INPUTS, LIBRARY, libraryEntry, type BodyInput, type LibraryButton } from './library.js';

/** What a library create makes: the entry's name, its category, and the components built from it. */
export interface FromLibrary {
  libraryTemplateName: string;
  category: string;
  components: Record<string, unknown>[];
}

/** The button types Meta lists for `library_template_button_inputs`. */
const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'OTP', 'MPM', 'CATALOG', 'FLOW', 'VOICE_CALL', 'APP'];
/** The buttons body inputs add, and the most of each type a template may have (docs/platform.md §2.2). */
const ADDED: Partial<Record<BodyInput, LibraryButton>> = {
  add_track_package_link: { type: 'URL', text: 'Track package' },
  add_learn_more_link: { type: 'URL', text: 'Learn more' },
  add_contact_number: { type: 'PHONE_NUMBER', text: 'Call us' },
};
const MOST: Record<string, number> = { URL: 2, PHONE_NUMBER: 1, QUICK_REPLY: 10 };

type Obj = Record<string, unknown>;
const invalid = (details: string) => graphError(100, details);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A parameter as JSON: an object or array as given, or a string holding one. Meta's own example
 * writes the button inputs as a string with single quotes and bare keys (`"[{'type': 'URL', …},
 * {type: 'PHONE_NUMBER', …}]"`), which is read too (that Meta takes it is UNCONFIRMED).
 */
function decode(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {}
  try {
    return JSON.parse(v.replace(/'/g, '"').replace(/([{,]\s*)([A-Za-z_]\w*)\s*:/g, '$1"$2":'));
  } catch {
    return v;
  }
}

/**
 * Reads the library part of a create call.
 * @param b the call's parameters (`library_template_name`, `library_template_body_inputs`,
 *   `library_template_button_inputs`, `components`).
 * @param category the submitted category, upper-cased; @param language the submitted language.
 * @returns the template to make, or 100 naming what is wrong: components given besides, an
 *   unknown entry (or one not in `language`), another category, a malformed or unknown input, a
 *   button without its input, an input without its button.
 * @example fromLibrary({library_template_name: 'delivery_update_1', library_template_button_inputs: [{type: 'URL', url: {base_url: 'https://shop.example/track/{{1}}'}}]}, 'UTILITY', 'en_US')
 */
export function fromLibrary(b: Obj, category: string, language: string): FromLibrary | GraphError {
  if (b.components !== undefined)
    return invalid(
      'components cannot be given with library_template_name: the content of a Template Library template is fixed.',
    );
  const name = String(b.library_template_name);
  const entry = libraryEntry(name, language);
  if (!entry) {
    const other = LIBRARY.some((e) => e.name === name);
    return invalid(
      other
        ? `The Template Library template ${name} is not available in ${language}.`
        : `library_template_name: there is no Template Library template named "${name}".`,
    );
  }
  if (category !== entry.category)
    return invalid(`category must be ${entry.category} for the Template Library template ${name}.`);
  const body = b.library_template_body_inputs === undefined ? {} : decode(b.library_template_body_inputs);
  if (!isObj(body)) return invalid('library_template_body_inputs must be a JSON object.');
  const unknown = Object.keys(body).filter((k) => !(BODY_INPUTS as readonly string[]).includes(k));
  if (unknown.length > 0)
    return invalid(`library_template_body_inputs: unknown key ${unknown[0]} (one of ${BODY_INPUTS.join(', ')}).`);
  for (const [k, v] of Object.entries(body)) {
    const ok =
      k === 'code_expiration_minutes'
        ? Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 90
        : typeof v === 'boolean';
    if (!ok)
      return invalid(
        k === 'code_expiration_minutes'
          ? 'library_template_body_inputs.code_expiration_minutes must be a whole number from 1 to 90.'
          : `library_template_body_inputs.${k} must be true or false.`,
      );
  }
  const buttons = [...entry.buttons];
  for (const input of entry.bodyInputs) {
    const added = ADDED[input];
    if (body[input] !== true || !added || buttons.filter((x) => x.type === added.type).length >= MOST[added.type]!)
      continue;
    buttons.push(added);
  }
  const filled = fillButtons(buttons, b.library_template_button_inputs);
  if (!Array.isArray(filled)) return filled;
  const components: Record<string, unknown>[] = [];
  if (entry.header) components.push({ type: 'HEADER', format: 'TEXT', text: entry.header });
  components.push({
    type: 'BODY',
    text: entry.body,
    ...(entry.body_params.length > 0 ? { example: { body_text: [entry.body_params] } } : {}),
  });
  if (filled.length > 0) components.push({ type: 'BUTTONS', buttons: filled });
  return { libraryTemplateName: name, category: entry.category, components };
}

/** The template's buttons with the business's inputs in them (quick replies need none). */
function fillButtons(buttons: LibraryButton[], given: unknown): Obj[] | GraphError {
  const inputs = given === undefined ? [] : decode(given);
  if (!Array.isArray(inputs) || !inputs.every(isObj))
    return invalid('library_template_button_inputs must be a JSON array of objects.');
  const wrong = inputs.find((i) => !BUTTON_TYPES.includes(String(i.type).toUpperCase()));
  if (wrong)
    return invalid(
      `library_template_button_inputs: type must be one of ${BUTTON_TYPES.join(', ')} (got ${JSON.stringify(wrong.type ?? null)}).`,
    );
  const queue = (type: string) => inputs.filter((i) => String(i.type).toUpperCase() === type);
  const urls = queue('URL');
  const phones = queue('PHONE_NUMBER');
  const out: Obj[] = [];
  for (const button of buttons) {
    if (button.type === 'QUICK_REPLY') {
      out.push({ type: 'QUICK_REPLY', text: button.text });
      continue;
    }
    const input = (button.type === 'URL' ? urls : phones).shift();
    const needs =
      button.type === 'URL' ? '{"type": "URL", "url": {"base_url"}}' : '{"type": "PHONE_NUMBER", "phone_number"}';
    if (!input)
      return invalid(`library_template_button_inputs: the ${button.type} button "${button.text}" needs ${needs}.`);
    const made =
      button.type === 'URL' ? urlButton(button.text, input.url) : phoneButton(button.text, input.phone_number);
    if (isGraphError(made)) return made;
    out.push(made);
  }
  const extra = [
    ...urls,
    ...phones,
    ...inputs.filter((i) => !['URL', 'PHONE_NUMBER', 'QUICK_REPLY'].includes(String(i.type).toUpperCase())),
  ][0];
  const extraType = String(extra?.type).toUpperCase();
  if (extra)
    return invalid(
      `library_template_button_inputs: the template has no ${buttons.some((x) => x.type === extraType) ? 'further ' : ''}${extraType} button to fill.`,
    );
  return out;
}

/** A URL button from `{base_url, url_suffix_example?}`: http(s), ≤ 2,000 characters, at most one variable, at the end (docs/platform.md §2.2). */
function urlButton(text: string, url: unknown): Obj | GraphError {
  const base = isObj(url) ? url.base_url : undefined;
  if (typeof base !== 'string' || !/^https?:\/\/\S+$/.test(base) || base.length > 2000)
    return invalid(
      `library_template_button_inputs: the URL button "${text}" needs url.base_url, an http(s) URL of at most 2000 characters.`,
    );
  const variables = base.match(/\{\{[^}]*\}\}/g) ?? [];
  if (variables.length > 1 || (variables.length === 1 && !/\{\{1\}\}$/.test(base)))
    return invalid('library_template_button_inputs: url.base_url may hold one variable, {{1}}, at its end.');
  const example = isObj(url) ? url.url_suffix_example : undefined;
  if (example !== undefined && typeof example !== 'string')
    return invalid('library_template_button_inputs: url.url_suffix_example must be a string.');
  return { type: 'URL', text, url: base, ...(variables.length === 1 && example ? { example: [example] } : {}) };
}

/** A PHONE_NUMBER button: digits, spaces, `+`, `-` and parentheses, at most 20 characters (docs/platform.md §2.2). */
function phoneButton(text: string, phone: unknown): Obj | GraphError {
  if (typeof phone !== 'string' || !/^\+?[\d\s()-]{4,20}$/.test(phone) || phone.length > 20)
    return invalid(
      `library_template_button_inputs: the PHONE_NUMBER button "${text}" needs phone_number, a phone number of at most 20 characters.`,
    );
  return { type: 'PHONE_NUMBER', text, phone_number: phone };
}
