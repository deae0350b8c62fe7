/**
 * Window-aware routing, accept side (docs/api.md §D19): a free-form send with `"route": "auto"`
 * is decided at dispatch (dispatch/route.ts), so here its fallback template is checked and made
 * ready, and a send that could reach the customer by no route at all is refused at once.
 */
import type { DirectSendCapability } from '../../accounts/direct-send.js';
import type { AuthContext } from '../../http/access.js';
import { TidingsError } from '../../errors.js';
import type { OutboundContent } from '../../platform/outbound-message.js';
import type { TemplateSends } from '../../templates/template-sends.js';
import { directSendRefusal } from './direct-send.rules.js';
import type { RouteFallback, SendWarning } from '../schemas/routing.schemas.js';

/** The platform's time to live of a template without its own (docs/platform.md §5.2: 30 days for utility), seconds. */
export const PLATFORM_DEFAULT_TTL_S = 30 * 24 * 60 * 60;

/** A routed send's fallback template, ready to send (held in its queue entry's payload). */
export interface FallbackPayload {
  templateId: string;
  content: Extract<OutboundContent, { type: 'template' }>;
  /** A media header's stored file, registered with the platform at dispatch. */
  file: { id: string; mode: 'live' | 'test' } | null;
  /** The template's time to live at the platform, seconds; null for its default. */
  timeToLive: number | null;
}

/** What a routed send's queue entry holds for the dispatcher (send-queue.repository.ts `DispatchPayload.route`). */
export interface RoutePayload {
  route: 'auto';
  /** Whether Direct Send can carry the message as written (direct-send.rules.ts). */
  directSend: boolean;
  fallback: FallbackPayload | null;
}

/** The routing fields of a send body (those of other types have none). */
export interface RoutedBody {
  route?: 'free_form' | 'auto';
  fallback?: RouteFallback;
}

/** A routed send, checked: its payload, and what the message keeps of its fallback. */
export interface CheckedRoute {
  payload: RoutePayload;
  /** Kept on the message (its `fallback`), as accepted. */
  stored: {
    templateId: string;
    variables: Record<string, string> | null;
    buttons: RouteFallback['buttons'] | null;
  } | null;
}

/**
 * Checks a routed send's fallback and whether anything can carry the message.
 * @param windowOpenAtSend whether the customer service window is open when the message will be
 *   sent (now, or its `sendAt`); null when the customer is unknown.
 * @throws TidingsError parameter_invalid, parameter_missing (the fallback names no template, or
 *   two), template_not_found, template_not_approved, template_category_not_allowed,
 *   variables_invalid, template_values_missing, media_not_found (each with `param` under `fallback`),
 *   outside_customer_window (the window is closed, there is no fallback, and Direct Send cannot
 *   carry the message or the platform refused it for this number).
 */
export async function checkRoute(
  deps: { templates: TemplateSends; directSend: Pick<DirectSendCapability, 'mayTry'> },
  auth: AuthContext,
  body: RoutedBody & { to: string },
  content: OutboundContent,
  windowOpenAtSend: boolean | null,
  now: number,
): Promise<CheckedRoute | null> {
  if (body.route !== 'auto') {
    if (body.fallback)
      throw new TidingsError(
        'parameter_invalid',
        'fallback is used only by routed sends: send "route": "auto" with it.',
        { param: 'fallback' },
      );
    return null;
  }
  const fallback = body.fallback ? await prepareFallback(deps.templates, auth, body.fallback) : null;
  const refusal = directSendRefusal(content);
  if (!windowOpenAtSend && !fallback) {
    const why =
      refusal ??
      ((await deps.directSend.mayTry(auth.phoneNumberId, now))
        ? null
        : 'the platform refused Direct Send for this number');
    if (why) {
      throw new TidingsError(
        'outside_customer_window',
        `The customer service window with ${body.to} is closed, and ${why.replace(/\.$/, '')}: give a fallback template (fallback.templateId) to reach them.`,
        { param: 'fallback' },
      );
    }
  }
  return {
    payload: { route: 'auto', directSend: refusal === null, fallback: fallback?.payload ?? null },
    stored: fallback && {
      templateId: fallback.payload.templateId,
      variables: body.fallback!.variables ?? null,
      buttons: body.fallback!.buttons ?? null,
    },
  };
}

/** The fallback's template, filled and checked sendable, by id or by name and language. */
async function prepareFallback(
  templates: TemplateSends,
  auth: AuthContext,
  f: RouteFallback,
): Promise<{ payload: FallbackPayload }> {
  if (f.templateId !== undefined && f.templateName !== undefined)
    throw new TidingsError(
      'parameter_invalid',
      "Give the fallback's templateId or its templateName with language, not both.",
      { param: 'fallback.templateName' },
    );
  if (f.templateId === undefined && f.templateName === undefined)
    throw new TidingsError(
      'parameter_missing',
      'The fallback names no template: give templateId, or templateName with language.',
      { param: 'fallback.templateId' },
    );
  if (f.templateName !== undefined && f.language === undefined)
    throw new TidingsError('parameter_missing', 'A fallback named by templateName needs its language (e.g. "en_US").', {
      param: 'fallback.language',
    });
  if (f.templateId !== undefined && f.language !== undefined)
    throw new TidingsError(
      'parameter_invalid',
      'language goes with templateName; a templateId names one language already.',
      { param: 'fallback.language' },
    );
  try {
    const id = f.templateId ?? (await templates.idByName(auth.accountId, f.templateName!, f.language!, 'templateName'));
    const t = await templates.prepareSend(auth.accountId, id, f.variables, f.buttons, { fallback: true });
    return {
      payload: {
        templateId: t.templateId,
        content: templateContent(t),
        file: t.header && t.header.type !== 'text' ? { id: t.header.file.id, mode: t.header.file.mode } : null,
        timeToLive: t.timeToLive,
      },
    };
  } catch (err) {
    if (err instanceof TidingsError)
      throw new TidingsError(err.code, err.message.replace(/^Template /, 'Fallback template '), {
        param: `fallback.${err.param ?? 'templateId'}`,
        ...(err.issues ? { issues: err.issues.map((i) => ({ ...i, field: `fallback.${i.field}` })) } : {}),
      });
    throw err;
  }
}

/**
 * The warning for a template send (or fallback) whose `validityPeriod` ends before the platform
 * would stop trying to deliver it (docs/api.md §D19), or null. Only when the send gave its
 * validity period: the default one says nothing about how long the message stays true.
 */
export function ttlWarning(
  validityPeriodS: number | undefined,
  timeToLive: number | null,
  param: string,
): SendWarning | null {
  const ttl = timeToLive ?? PLATFORM_DEFAULT_TTL_S;
  if (validityPeriodS === undefined || ttl <= validityPeriodS) return null;
  const own = timeToLive === null ? " (the platform's default, 30 days)" : '';
  return {
    code: 'validity_shorter_than_template_ttl',
    message: `The template's time to live at the platform is ${ttl.toLocaleString('en-US')} s${own}, longer than this send's validityPeriod of ${validityPeriodS.toLocaleString('en-US')} s: once sent, the platform may deliver it after it stopped being true. Set the template's timeToLive (PATCH /v1/templates/{id}) to at most ${validityPeriodS.toLocaleString('en-US')}.`,
    param,
  };
}

/**
 * A send's warnings (docs/api.md §D19): a template send's, when its template's time to live
 * (`templateTtl`, null for the platform's default; undefined when the send is no template) outlives
 * its validity period, and likewise its fallback's.
 */
export function sendWarnings(
  validityPeriodS: number | undefined,
  templateTtl: number | null | undefined,
  route: CheckedRoute | null,
): SendWarning[] {
  return [
    templateTtl !== undefined ? ttlWarning(validityPeriodS, templateTtl, 'validityPeriod') : null,
    route?.payload.fallback ? ttlWarning(validityPeriodS, route.payload.fallback.timeToLive, 'fallback') : null,
  ].filter((w): w is SendWarning => w !== null);
}

/** The content column of a message: what the send kept (JSON, or null), with a routed send's `fallback` beside it. */
export function storedContent(kept: string | null, fallback: object | null): string | null {
  if (fallback === null) return kept;
  return JSON.stringify({ ...(kept ? (JSON.parse(kept) as object) : {}), fallback });
}

/**
 * A prepared template as the platform request's content: its header's file is named at dispatch
 * (`platformMediaId` filled then, dispatch/payload.ts).
 */
export function templateContent(
  t: Awaited<ReturnType<TemplateSends['prepareSend']>>,
): Extract<OutboundContent, { type: 'template' }> {
  const header =
    t.header === null ? null : t.header.type === 'text' ? t.header : { type: t.header.type, platformMediaId: '' };
  return {
    type: 'template',
    name: t.name,
    language: t.language,
    body: t.body,
    header,
    buttons: t.buttons,
    ...(t.parameterNames ? { parameterNames: t.parameterNames } : {}),
  };
}
