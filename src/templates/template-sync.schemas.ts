/** The answer of a reconciliation with the platform (POST /v1/templates/sync, docs/api.md §D20). */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString, Timestamp } from '../http/schemas.js';

const FromTo = Type.Object({ from: NullableString(), to: NullableString() });

export const SyncResult = Type.Object(
  {
    imported: Type.Array(Type.String(), {
      description:
        'The `tpl_` ids of templates made outside Tidings (in WhatsApp Manager), now stored with `source: "platform"`.',
    }),
    updated: Type.Array(
      Type.Object({
        id: Type.String(),
        changes: Type.Record(Type.String(), FromTo, {
          description:
            'Each field the platform had otherwise (`status`, `quality`, `category`), before and after: what a lost webhook left behind.',
        }),
      }),
    ),
    deleted: Type.Array(Type.String(), { description: 'Templates no longer at the platform, now deleted here.' }),
    unchanged: Type.Integer({ description: 'Templates the platform and Tidings already agreed on.' }),
    syncedAt: Timestamp,
  },
  {
    $id: 'TemplateSyncResult',
    examples: [
      {
        imported: ['tpl_p1387372356726668'],
        updated: [{ id: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e', changes: { status: { from: 'approved', to: 'paused' } } }],
        deleted: [],
        unchanged: 12,
        syncedAt: '2026-11-26T09:00:00.000Z',
      },
    ],
  },
);
export type SyncResult = Static<typeof SyncResult>;
