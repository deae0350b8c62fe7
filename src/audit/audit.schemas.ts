/** The audit trail's API shapes (docs/api.md §D27): `GET /v1/audit_events` and its exports. */
import { type Static, Type } from '@sinclair/typebox';
import { NullableString, PageLimit, Timestamp } from '../http/schemas.js';

const Str = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const ListAuditEventsQuery = Type.Object(
  {
    actorType: Type.Optional(
      Type.Union(
        ['user', 'key', 'cli', 'platform', 'system'].map((t) => Type.Literal(t)),
        { description: 'Only what this kind of actor did.' },
      ),
    ),
    actorId: Type.Optional(Str('Only what this actor did (`usr_…`, `key_…`, an operator name, `meta`, a task).')),
    action: Type.Optional(Str('Only this action (`template.created`, `suppression.lifted`…).')),
    objectType: Type.Optional(Str('Only changes to this kind of object (`template`, `api_key`…).')),
    objectId: Type.Optional(Str('Only changes to this object.')),
    since: Type.Optional({ ...Timestamp, description: 'Only entries at or after this time (ISO 8601).' }),
    until: Type.Optional({ ...Timestamp, description: 'Only entries before this time (ISO 8601).' }),
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ maxLength: 64, description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);
export type ListAuditEventsQuery = Static<typeof ListAuditEventsQuery>;

export const AuditEvent = Type.Object(
  {
    id: Type.String({ description: '`aud_…`.' }),
    seq: Type.Union([Type.Integer(), Type.Null()], {
      description: "Its place in the account's chain (the seal order, from 1); null for a second or so, until sealed.",
    }),
    actor: Type.Object({
      type: Type.String({ description: '`user`, `key`, `cli`, `platform` or `system`.' }),
      id: Type.String(),
      name: NullableString({ description: "The person's email or the key's hint, as it was." }),
    }),
    action: Type.String(),
    object: Type.Object({ type: Type.String(), id: NullableString() }),
    mode: NullableString({ description: '`live` or `test`, when what changed has a mode.' }),
    changes: Type.Union([Type.Object({ before: Type.Unknown(), after: Type.Unknown() }), Type.Null()], {
      description: 'The object before and after, as the API shows it (secrets left out).',
    }),
    requestId: NullableString(),
    address: NullableString(),
    userAgent: NullableString(),
    createdAt: Timestamp,
  },
  { $id: 'AuditEvent' },
);
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = Type.Object({ data: Type.Array(Type.Ref(AuditEvent)), has_more: Type.Boolean() });
export type AuditEventList = Static<typeof AuditEventList>;
