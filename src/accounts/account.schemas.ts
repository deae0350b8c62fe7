/** The account resource (`GET /v1/account`, docs/api.md §D17). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../http/schemas.js';

const Days = Nullable(Type.Integer({ minimum: 1 }));

/** Each kind of data an account keeps for a time, in days (privacy/retention/kinds.ts). */
const RetentionKinds = Type.Object({
  customerFilesDays: { ...Days, description: 'Days a file a customer sent is kept, then deleted (null: for ever).' },
  messageBodiesDays: {
    ...Days,
    description:
      'Days what a message says (both directions, and in events) is kept, then removed; its metadata stays (null: for ever).',
  },
  eventsDays: {
    ...Days,
    description:
      'Days events are kept (listed, redelivered), then removed with their deliveries and attempts (null: for ever).',
  },
  platformPayloadsDays: Type.Integer({
    minimum: 1,
    description:
      "Days the platform's raw webhook payloads are kept: a customer message's stored platform object is then cut to what its InboundMessage shows, and `platform.webhook` events are removed.",
  }),
  inactiveContactsDays: {
    ...Days,
    description: 'Days after its last activity a contact is erased with everything held on it (null: never).',
  },
  auditDays: Type.Integer({ minimum: 1, description: 'Days audit trail entries are kept (docs/api.md §D27).' }),
});

export const AccountResource = Type.Object(
  {
    id: Type.String({ description: '`acc_` id.' }),
    name: Type.String(),
    wabaId: Type.String({ description: 'The WhatsApp Business Account the numbers belong to.' }),
    retention: {
      ...RetentionKinds,
      properties: {
        ...RetentionKinds.properties,
        defaults: { ...RetentionKinds, description: 'What each kind is when the operator sets none.' },
      },
      required: [...RetentionKinds.required!, 'defaults'],
      description:
        'How long each kind of data is kept, as it applies now (docs/api.md §D17). Set by the operator (`tidings accounts update`); applied by the hourly retention sweep.',
    },
    createdAt: Timestamp,
  },
  {
    $id: 'Account',
    examples: [
      {
        id: 'acc_0VbcN2Qw8Rt5Lp3Xk7Hm1Zs4',
        name: 'Acme Parcels',
        wabaId: '102290129340398',
        retention: {
          customerFilesDays: 90,
          messageBodiesDays: 365,
          eventsDays: 30,
          platformPayloadsDays: 30,
          inactiveContactsDays: null,
          auditDays: 365,
          defaults: {
            customerFilesDays: null,
            messageBodiesDays: null,
            eventsDays: 30,
            platformPayloadsDays: 30,
            inactiveContactsDays: null,
            auditDays: 365,
          },
        },
        createdAt: '2026-11-02T09:10:01.220Z',
      },
    ],
  },
);
export type AccountResource = Static<typeof AccountResource>;
