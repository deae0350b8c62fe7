/**
 * Window-aware routing on a send (docs/api.md §D19): how a free-form message reaches a customer
 * whose 24-hour customer service window may have closed by the time it is dispatched.
 */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../http/schemas.js';
import { TemplateButtonValues, TemplateVariables } from './template-values.schemas.js';

export const ROUTES = ['free_form', 'auto'] as const;
export type Route = (typeof ROUTES)[number];

/** How a message went out: as written inside the window, as a Direct Send, or as a template. */
export const DELIVERED_AS = ['free_form', 'direct_send', 'template'] as const;
export type DeliveredAs = (typeof DELIVERED_AS)[number];

/** The template a routed send falls back to when neither the window nor Direct Send can carry it. */
export const RouteFallback = Type.Object(
  {
    templateId: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`.' })),
    templateName: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'The template\'s name, with `language`: the approved template of that name in that language.' })),
    language: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'With `templateName`: the platform\'s language code, e.g. `en_US`.' })),
    variables: Type.Optional(TemplateVariables),
    buttons: Type.Optional(TemplateButtonValues),
  },
  {
    additionalProperties: false,
    description: 'The approved template sent instead when the window has closed and Direct Send cannot carry the message. Checked when the send is accepted: approved, every variable given.',
    examples: [{ templateName: 'order_shipped', language: 'en_US', variables: { first_name: 'Jessica', '2': 'Friday' } }],
  },
);
export type RouteFallback = Static<typeof RouteFallback>;

/** The routing fields of the sends that can carry them (text, media, interactive, location, contacts). */
export const routingFields = {
  route: Type.Optional(
    StringEnum(ROUTES, {
      description:
        '`free_form` (default): sent as written; refused when the customer service window is closed, and failed if it closes before dispatch. `auto`: decided at dispatch: as written while the window is open; else as a Direct Send when the number has it and the message qualifies (text, reply buttons or a URL button within its limits); else as `fallback`; else it fails with `outside_customer_window` before reaching the platform.',
    }),
  ),
  fallback: Type.Optional(RouteFallback),
};

/** A warning on a send's answer: it was accepted, but something about it deserves a look. */
export const SendWarning = Type.Object(
  {
    code: Type.String({ description: '`validity_shorter_than_template_ttl`: the platform may deliver the template after the send\'s `validityPeriod` ends.' }),
    message: Type.String(),
    param: Type.Optional(Type.String({ description: 'The field it is about.' })),
  },
  { additionalProperties: false },
);
export type SendWarning = Static<typeof SendWarning>;
