/** The account resource (`GET /v1/account`, docs/api.md §D17). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../http/schemas.js';

const Days = Nullable(Type.Integer({ minimum: 1 }));

export const AccountResource = Type.Object(
  {
    id: Type.String({ description: '`acc_` id.' }),
    name: Type.String(),
    wabaId: Type.String({ description: 'The WhatsApp Business Account the numbers belong to.' }),
    retention: Type.Object(
      {
        customerFilesDays: {
          ...Days,
          description: 'Days a file a customer sent is kept, then deleted (null: for ever).',
        },
        messageBodiesDays: {
          ...Days,
          description:
            'Days what a message says (both directions, and in events) is kept, then removed; its metadata stays (null: for ever).',
        },
      },
      { description: 'Set by the operator (`tidings accounts update`); applied by the hourly retention sweep.' },
    ),
    createdAt: Timestamp,
  },
  {
    $id: 'Account',
    examples: [
      {
        id: 'acc_0VbcN2Qw8Rt5Lp3Xk7Hm1Zs4',
        name: 'Acme Parcels',
        wabaId: '102290129340398',
        retention: { customerFilesDays: 90, messageBodiesDays: 365 },
        createdAt: '2026-11-02T09:10:01.220Z',
      },
    ],
  },
);
export type AccountResource = Static<typeof AccountResource>;
