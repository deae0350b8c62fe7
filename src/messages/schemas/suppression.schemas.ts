/** The send body's `suppression` field (every send type; docs/api.md §D23). */
import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schemas.js';

/** `ignore` reaches a suppressed customer where the account allows it (consent/suppression-decision.ts). */
export const suppressionField = {
  suppression: Type.Optional(
    StringEnum(['check', 'ignore'] as const, {
      description:
        '`check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).',
    }),
  ),
};
