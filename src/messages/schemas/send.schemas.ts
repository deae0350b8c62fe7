/**
 * The send route's body (docs/api.md §4.6): one of the message types' bodies (send-bodies.schemas.ts),
 * told apart by `type`, with the named examples the OpenAPI document shows; its headers, and where
 * a send came from.
 */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, TaggedUnion } from '../../http/schemas.js';
import { MESSAGE_TYPES } from './message.schemas.js';
import {
  INTERACTIVE_EXAMPLE,
  SendContactsMessage,
  SendInteractiveMessage,
  SendLocationMessage,
  SendMediaMessage,
  SendReactionMessage,
  SendTemplateMessage,
  SendTextMessage,
  sendCommon,
} from './send-bodies.schemas.js';

/** The send body: one of the message types, told apart by `type` (validated against the branch it names). */
export const SendMessageBody = TaggedUnion(
  'type',
  [
    SendTemplateMessage,
    SendTextMessage,
    SendMediaMessage,
    SendInteractiveMessage,
    SendLocationMessage,
    SendContactsMessage,
    SendReactionMessage,
  ],
  {
    required: ['to', 'type'],
    properties: { to: sendCommon.to, type: StringEnum(MESSAGE_TYPES) },
    // Named examples of the request body (@fastify/swagger puts them on its media type).
    'x-examples': {
      text: {
        summary: 'A text reply, inside the customer service window',
        value: { to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' },
      },
      template: {
        summary: 'An approved template, at any time',
        value: {
          to: '+16505551234',
          type: 'template',
          templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
          variables: { header: 'A-1077', first_name: 'Jessica', '2': 'Friday' },
        },
      },
      media: {
        summary: 'An uploaded file, with a caption',
        value: { to: '+16505551234', type: 'media', mediaId: 'med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u', caption: 'Your receipt' },
      },
      interactive: { summary: 'Reply buttons (up to three)', value: INTERACTIVE_EXAMPLE },
      list: {
        summary: 'A list of options',
        value: {
          to: '+16505551234',
          type: 'interactive',
          interactive: {
            kind: 'list',
            body: 'When should we deliver?',
            button: 'Pick a slot',
            sections: [
              {
                title: 'Friday',
                rows: [
                  { id: 'fri-am', title: 'Morning', description: '8:00 to 12:00' },
                  { id: 'fri-pm', title: 'Afternoon' },
                ],
              },
            ],
          },
        },
      },
      cta_url: {
        summary: 'A button that opens a URL',
        value: {
          to: '+16505551234',
          type: 'interactive',
          interactive: {
            kind: 'cta_url',
            body: 'Track your parcel on our site.',
            displayText: 'Track parcel',
            url: 'https://acme.example/track/1042',
          },
        },
      },
      location: {
        summary: 'A location',
        value: {
          to: '+16505551234',
          type: 'location',
          location: {
            latitude: 37.4847,
            longitude: -122.1477,
            name: 'Acme pick-up point',
            address: '1 Hacker Way, Menlo Park, CA 94025',
          },
        },
      },
      contacts: {
        summary: 'A contact card',
        value: {
          to: '+16505551234',
          type: 'contacts',
          contacts: [{ name: { formatted: 'Acme Support' }, phones: [{ phone: '+1 650 555 0100', type: 'WORK' }] }],
        },
      },
      reaction: {
        summary: "A reaction to the customer's message",
        value: {
          to: '+16505551234',
          type: 'reaction',
          reaction: { messageId: 'in_0VbcNx4Tq8Lr2Kw6Zp1yJm5h', emoji: '👍' },
        },
      },
      routed: {
        summary: 'Whatever the window: as written, else Direct Send, else a template',
        value: {
          to: '+16505551234',
          type: 'text',
          text: 'Your order 1042 has shipped.',
          route: 'auto',
          fallback: {
            templateName: 'order_shipped',
            language: 'en_US',
            variables: { first_name: 'Jessica', '2': 'Friday' },
          },
        },
      },
      reply: {
        summary: "A reply quoting the customer's message",
        value: {
          to: '+16505551234',
          type: 'text',
          text: 'Yes, it left our warehouse today.',
          replyTo: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBQzQUZCMjk2RjE0QkM1RTk0RkU0NAA=',
        },
      },
    },
  },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** Where a send came from, recorded as the message's `source`. */
export type SendSource = 'api' | 'dashboard';

/** Where a single send came from: a client's, or the system's confirmation of a keyword (`consent_reply`, consent/consent-intake.ts). */
export type MessageSource = SendSource | 'consent_reply';

export const SendMessageHeaders = Type.Object({
  'x-tidings-source': Type.Optional(
    StringEnum(['api', 'dashboard'] as const, {
      description: "The web dashboard sends `dashboard`, recorded as the message's `source`; default `api`.",
    }),
  ),
});
