/** A template's history (GET /v1/templates/{id}/history, docs/api.md §D20). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';
import { TEMPLATE_CHANGE_SOURCES, TEMPLATE_CHANGE_TYPES } from './template-lifecycle.js';

const FromTo = Type.Object({ from: NullableString(), to: NullableString() });

export const TemplateChange = Type.Object(
  {
    id: Type.String({ description: '`tch_` id; later changes sort later.' }),
    templateId: Type.String(),
    at: Timestamp,
    type: StringEnum(TEMPLATE_CHANGE_TYPES, { description: 'What happened. New values may be added.' }),
    source: StringEnum(TEMPLATE_CHANGE_SOURCES, {
      description:
        "`api`: a call to this API (or the dashboard, or the CLI); `webhook`: the platform said so; `reconciliation`: found by comparing with the platform (a webhook was lost, or the template was made outside Tidings); `send`: the platform's answer to a send.",
    }),
    changes: Type.Object(
      {
        status: Type.Optional(FromTo),
        quality: Type.Optional(FromTo),
        category: Type.Optional(FromTo),
        timeToLive: Type.Optional(Type.Object({ from: Nullable(Type.Integer()), to: Nullable(Type.Integer()) })),
      },
      {
        description:
          'The fields that changed, before and after (a scheduled category change: the current category and the announced one).',
      },
    ),
    detail: Nullable(
      Type.Object(
        {
          reason: Type.Optional(Type.String()),
          title: Type.Optional(Type.String({ description: "A pause's title: FIRST_PAUSE, SECOND_PAUSE…" })),
          description: Type.Optional(Type.String()),
          disableDate: Type.Optional(Type.String()),
          effectiveAt: Type.Optional(Type.String({ description: 'When an announced category change takes effect.' })),
          event: Type.Optional(Type.String()),
        },
        { description: 'What the platform said beside the change; null when nothing.' },
      ),
    ),
  },
  {
    $id: 'TemplateChange',
    examples: [
      {
        id: 'tch_0VbdQ2mR7sKt4Lp9Xw3zHa1c',
        templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
        at: '2026-11-24T08:12:40.000Z',
        type: 'paused',
        source: 'webhook',
        changes: { status: { from: 'approved', to: 'paused' } },
        detail: { title: 'FIRST_PAUSE', description: 'Your message template has been paused because of low quality.' },
      },
    ],
  },
);
export type TemplateChange = Static<typeof TemplateChange>;

export const TemplateHistoryQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);

export const TemplateHistoryPage = Type.Object({
  data: Type.Array(Type.Ref(TemplateChange)),
  has_more: Type.Boolean(),
});
