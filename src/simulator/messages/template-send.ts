/**
 * Template sends checked as the platform checks them (docs/platform.md §1.2, §8.3): the template must
 * exist APPROVED in that language on the number's WABA (132001; paused 132015, disabled 132016);
 * component types match case-insensitively (pywa sends `BODY`); every header, body and button
 * variable gets exactly one value, positional by count or named by `parameter_name` (132000); each
 * value has the type its slot needs (132012); buttons are addressed by `index` and `sub_type`
 * against the template's buttons (send-template-quick-reply-buttons-request.json: quick_reply
 * `payload`, url `text`, copy_code `coupon_code`).
 */
import { graphError, type GraphError } from '../../lib/graph-errors.js';
import type { SimTemplate, SimulatorState } from '../state.js';
import { buttonsOf, component, variables } from '../templates/parts.js';

type Obj = Record<string, any>;

export interface TemplateSendCheck {
  template: SimTemplate;
  /** Media ids the send refers to (checked later: an unusable one fails asynchronously, 131053). */
  mediaIds: string[];
}

const MEDIA_FORMATS = new Set(['image', 'video', 'document']);
/** Which `sub_type` addresses which template button type. */
const SUB_TYPES: Record<string, string[]> = {
  quick_reply: ['QUICK_REPLY'],
  url: ['URL', 'OTP'],
  copy_code: ['COPY_CODE', 'OTP'],
  flow: ['FLOW'],
  catalog: ['CATALOG'],
  mpm: ['MPM'],
  voice_call: ['VOICE_CALL'],
};

/** @returns the template and media ids, or the Graph error the platform answers synchronously. */
export function checkTemplateSend(
  state: SimulatorState,
  wabaId: string,
  template: Obj | undefined,
): TemplateSendCheck | GraphError {
  const name = template?.name;
  const language = template?.language?.code;
  const found = [...state.templates.values()].filter(
    (t) => t.wabaId === wabaId && t.name === name && t.language === language,
  );
  const t = found.find((x) => x.status === 'APPROVED');
  if (!t) {
    if (found.some((x) => x.status === 'PAUSED')) return graphError(132015, `Template ${name} is paused.`);
    if (found.some((x) => x.status === 'DISABLED')) return graphError(132016, `Template ${name} is disabled.`);
    return graphError(132001, `template name (${name}) does not exist in ${language}`);
  }
  // A template Direct Send generated is not sent as a template (a Meta partner's capture, Aug 2026;
  // UNCONFIRMED on a Meta page): its content is sent with `category` instead.
  if (t.source === 'AUTO_GENERATED')
    return graphError(132018, "Direct send template can't be used for template message");
  const given: Obj[] = Array.isArray(template?.components) ? template.components : [];
  const of = (type: string) => given.filter((c) => String(c?.type ?? '').toLowerCase() === type);
  const mediaIds: string[] = [];
  const named = t.parameterFormat === 'NAMED';

  // Body and text header: values for the variables.
  for (const part of ['header', 'body'] as const) {
    const defined = component(t.components, part);
    const format = String(defined?.format ?? 'TEXT').toLowerCase();
    const params: Obj[] = of(part)[0]?.parameters ?? [];
    if (part === 'header' && defined && format !== 'text') {
      if (format === 'location') {
        if (params[0]?.type !== 'location' || params[0].location?.latitude === undefined)
          return graphError(132012, 'header: expected a location parameter.');
        continue;
      }
      if (!MEDIA_FORMATS.has(format)) continue;
      const p = params[0];
      if (p?.type !== format || (typeof p[format]?.id !== 'string' && typeof p[format]?.link !== 'string'))
        return graphError(132012, `header: expected a ${format} parameter.`);
      if (typeof p[format].id === 'string') mediaIds.push(p[format].id);
      continue;
    }
    // An authentication body is Meta's own text with one variable, the code ("{{1}} is your
    // verification code"; Meta `authentication-templates`).
    const vars =
      part === 'body' && t.category === 'AUTHENTICATION' && defined?.text === undefined
        ? ['1']
        : variables(defined?.text);
    if (params.length !== vars.length)
      return graphError(
        132000,
        `${part}: number of localizable_params (${params.length}) does not match the expected number of params (${vars.length})`,
      );
    for (const p of params) {
      if (named && (typeof p?.parameter_name !== 'string' || !vars.includes(p.parameter_name))) {
        return graphError(
          132000,
          `${part}: parameter_name ${JSON.stringify(p?.parameter_name ?? null)} is not a variable of the template (${vars.join(', ')}).`,
        );
      }
      const wrong = checkValue(p);
      if (wrong) return graphError(132012, `${part}: ${wrong}`);
    }
    if (named && new Set(params.map((p) => p.parameter_name)).size !== vars.length)
      return graphError(132000, `${part}: every named parameter must be given once.`);
  }

  // Buttons by index.
  const buttons = buttonsOf(t.components);
  for (const b of of('button')) {
    const index = Number(b.index);
    const defined = Number.isInteger(index) ? buttons[index] : undefined;
    if (!defined) return graphError(132000, `button: the template has no button at index ${String(b.index)}.`);
    const subType = String(b.sub_type ?? '').toLowerCase();
    if (!SUB_TYPES[subType]?.includes(String(defined.type).toUpperCase()))
      return graphError(132012, `button ${index}: sub_type ${subType} does not match a ${defined.type} button.`);
    const p: Obj | undefined = b.parameters?.[0];
    if (subType === 'quick_reply' && (p?.type !== 'payload' || typeof p.payload !== 'string'))
      return graphError(132012, `button ${index}: a quick_reply button takes a payload parameter.`);
    if (subType === 'url') {
      const dynamic = String(defined.type).toUpperCase() === 'OTP' || variables(defined.url).length > 0;
      if (!dynamic) return graphError(132000, `button ${index}: the URL has no variable to fill.`);
      if (p?.type !== 'text' || typeof p.text !== 'string')
        return graphError(132012, `button ${index}: a url button takes a text parameter.`);
    }
    if (
      subType === 'copy_code' &&
      (p?.type !== 'coupon_code' || typeof p.coupon_code !== 'string' || p.coupon_code.length > 15)
    ) {
      return graphError(
        132012,
        `button ${index}: a copy_code button takes a coupon_code parameter of at most 15 characters.`,
      );
    }
  }
  // A URL button with a variable needs its value.
  for (const [index, defined] of buttons.entries()) {
    if (
      String(defined.type).toUpperCase() === 'URL' &&
      variables(defined.url).length > 0 &&
      !of('button').some((b) => Number(b.index) === index)
    ) {
      return graphError(
        132000,
        `button ${index}: number of localizable_params (0) does not match the expected number of params (1)`,
      );
    }
  }
  return { template: t, mediaIds };
}

/** What is wrong with one parameter value, or null (docs/platform.md §1.2 parameter types). */
function checkValue(p: Obj): string | null {
  switch (p?.type) {
    case 'text':
      return typeof p.text === 'string' ? null : 'a text parameter needs text.';
    case 'currency':
      return typeof p.currency?.fallback_value === 'string' &&
        typeof p.currency.code === 'string' &&
        Number.isInteger(p.currency.amount_1000)
        ? null
        : 'a currency parameter needs fallback_value, code and amount_1000.';
    case 'date_time':
      return typeof p.date_time?.fallback_value === 'string' ? null : 'a date_time parameter needs fallback_value.';
    default:
      return `parameter type ${JSON.stringify(p?.type ?? null)} cannot fill a text variable.`;
  }
}
