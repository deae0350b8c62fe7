/**
 * The platform's checks on free-form message objects at send time (docs/platform.md §1.1), each with
 * its code: a missing required parameter is 131008, a value out of its limits 131009 or 100. Limits
 * of interactive messages are Meta's ("Interactive messages" guide, as restated by client libraries:
 * pywa's tool notes, whatsapp-business typings, @botonic/react constants): reply buttons 1–3 with
 * titles ≤ 20 and ids ≤ 256; lists ≤ 10 sections and ≤ 10 rows in all, button ≤ 20, row title ≤ 24,
 * description ≤ 72, id ≤ 200; header/footer text ≤ 60; body ≤ 1024 (lists 4096). Which of 100 and
 * 131009 the platform picks for each breached limit is UNCONFIRMED: 131009 for values, 100 for shape.
 */
import { graphError, type GraphError } from '../../lib/graph-errors.js';

type Obj = Record<string, any>;

const missing = (path: string) => graphError(131008, `The parameter ${path} is required.`);
const tooLong = (path: string, max: number) =>
  graphError(131009, `Param ${path} must be at most ${max} characters long.`);
const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** Media kinds that take a caption, and `filename` for documents (docs/platform.md §1.1). */
const CAPTIONED = new Set(['image', 'video', 'document']);
export const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * Checks the object of a free-form message of `type`.
 * @returns the Graph error to answer, or null when the platform would take it.
 */
export function checkFreeForm(type: string, object: Obj | undefined): GraphError | null {
  if (typeof object !== 'object' || object === null) return missing(type);
  if (type === 'text') {
    if (!str(object.body)) return missing('text.body');
    return object.body.length > 4096 ? graphError(100, 'Param text.body must be at most 4096 characters long.') : null;
  }
  if (MEDIA_KINDS.has(type)) {
    if (!str(object.id) && !str(object.link)) return missing(`${type}.id`);
    if (object.caption !== undefined && !CAPTIONED.has(type))
      return graphError(100, `Param ${type}.caption is not allowed.`);
    if (object.filename !== undefined && type !== 'document')
      return graphError(100, `Param ${type}.filename is not allowed.`);
    if (typeof object.caption === 'string' && object.caption.length > 1024) return tooLong(`${type}.caption`, 1024);
    return null;
  }
  if (type === 'location') {
    for (const k of ['latitude', 'longitude'] as const)
      if (object[k] === undefined || object[k] === '') return missing(`location.${k}`);
    const lat = Number(object.latitude);
    const lon = Number(object.longitude);
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180))
      return graphError(131009, 'Param location.latitude/longitude is out of range.');
    return null;
  }
  if (type === 'contacts') return checkContacts(object);
  if (type === 'reaction') {
    if (!str(object.message_id)) return missing('reaction.message_id');
    // An empty emoji removes an earlier reaction (Meta "Reaction messages").
    if (typeof object.emoji !== 'string') return missing('reaction.emoji');
    return [...new Intl.Segmenter().segment(object.emoji)].length > 1
      ? graphError(131009, 'Param reaction.emoji must be a single emoji.')
      : null;
  }
  if (type === 'interactive') return checkInteractive(object);
  return graphError(131051, `Message type ${type} is not supported.`);
}

function checkContacts(list: unknown): GraphError | null {
  if (!Array.isArray(list) || list.length === 0) return missing('contacts');
  for (const [i, c] of list.entries())
    if (!str(c?.name?.formatted_name)) return missing(`contacts[${i}].name.formatted_name`);
  return null;
}

function checkInteractive(i: Obj): GraphError | null {
  const type = i.type;
  if (!str(type)) return missing('interactive.type');
  const action = i.action;
  if (typeof action !== 'object' || action === null) return missing('interactive.action');
  if (['button', 'list', 'cta_url'].includes(type)) {
    if (!str(i.body?.text)) return missing('interactive.body.text');
    const bodyMax = type === 'list' ? 4096 : 1024;
    if (i.body.text.length > bodyMax) return tooLong('interactive.body.text', bodyMax);
  }
  if (i.header?.type === 'text' && typeof i.header.text === 'string' && i.header.text.length > 60)
    return tooLong('interactive.header.text', 60);
  if (typeof i.footer?.text === 'string' && i.footer.text.length > 60) return tooLong('interactive.footer.text', 60);
  if (i.header !== undefined && ['list', 'cta_url'].includes(type) && i.header.type !== 'text')
    return graphError(100, `Param interactive.header.type must be text for ${type} messages.`);
  if (type === 'button') {
    const buttons = action.buttons;
    if (!Array.isArray(buttons) || buttons.length === 0) return missing('interactive.action.buttons');
    if (buttons.length > 3) return graphError(131009, 'Param interactive.action.buttons must have at most 3 buttons.');
    const ids = new Set<string>();
    const titles = new Set<string>();
    for (const [n, b] of buttons.entries()) {
      if (b?.type !== 'reply') return graphError(100, `Param interactive.action.buttons[${n}].type must be reply.`);
      if (!str(b.reply?.id)) return missing(`interactive.action.buttons[${n}].reply.id`);
      if (!str(b.reply?.title)) return missing(`interactive.action.buttons[${n}].reply.title`);
      if (b.reply.id.length > 256) return tooLong(`interactive.action.buttons[${n}].reply.id`, 256);
      if (b.reply.title.length > 20) return tooLong(`interactive.action.buttons[${n}].reply.title`, 20);
      if (ids.has(b.reply.id) || titles.has(b.reply.title))
        return graphError(131009, 'Button ids and titles must be unique.');
      ids.add(b.reply.id);
      titles.add(b.reply.title);
    }
    return null;
  }
  if (type === 'list') {
    if (!str(action.button)) return missing('interactive.action.button');
    if (action.button.length > 20) return tooLong('interactive.action.button', 20);
    const sections = action.sections;
    if (!Array.isArray(sections) || sections.length === 0) return missing('interactive.action.sections');
    if (sections.length > 10)
      return graphError(131009, 'Param interactive.action.sections must have at most 10 sections.');
    let rows = 0;
    const ids = new Set<string>();
    for (const [s, section] of sections.entries()) {
      if (sections.length > 1 && !str(section?.title)) return missing(`interactive.action.sections[${s}].title`);
      if (typeof section?.title === 'string' && section.title.length > 24)
        return tooLong(`interactive.action.sections[${s}].title`, 24);
      if (!Array.isArray(section?.rows) || section.rows.length === 0)
        return missing(`interactive.action.sections[${s}].rows`);
      for (const [r, row] of section.rows.entries()) {
        const path = `interactive.action.sections[${s}].rows[${r}]`;
        if (!str(row?.id)) return missing(`${path}.id`);
        if (!str(row?.title)) return missing(`${path}.title`);
        if (row.id.length > 200) return tooLong(`${path}.id`, 200);
        if (row.title.length > 24) return tooLong(`${path}.title`, 24);
        if (typeof row.description === 'string' && row.description.length > 72)
          return tooLong(`${path}.description`, 72);
        if (ids.has(row.id)) return graphError(131009, 'Row ids must be unique.');
        ids.add(row.id);
        rows++;
      }
    }
    return rows > 10 ? graphError(131009, 'Param interactive.action.sections must have at most 10 rows in all.') : null;
  }
  if (type === 'cta_url') {
    const p = action.parameters;
    if (action.name !== 'cta_url') return graphError(100, 'Param interactive.action.name must be cta_url.');
    if (!str(p?.display_text)) return missing('interactive.action.parameters.display_text');
    if (p.display_text.length > 20) return tooLong('interactive.action.parameters.display_text', 20);
    if (!str(p.url) || !/^https?:\/\/\S+$/i.test(p.url)) return missing('interactive.action.parameters.url');
    return null;
  }
  // Flows, catalogue and other interactive kinds are taken without deeper checks (docs/simulator.md).
  return null;
}
