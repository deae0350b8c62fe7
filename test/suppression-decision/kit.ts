/** What the suppression decision's cases share: a customer's addresses, a suppression, a key, a queued entry. */
import type { PersonDirectory } from '../../src/consent/person-cover.js';
import type { ActiveSuppression } from '../../src/consent/suppression-decision.js';
import type { AuthContext } from '../../src/http/access.js';
import type { DispatchRow } from '../../src/messages/record/send-queue.repository.js';

export const PHONE = '+16505551234';
export const BSUID = 'US.13491208655302741918';
export const suppression = (over: Partial<ActiveSuppression>): ActiveSuppression => ({
  id: 'sup_1',
  phone: PHONE,
  bsuid: null,
  contactId: null,
  reason: 'opt_out_keyword',
  scope: 'all',
  since: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** A directory that knows no contact: each send names only its `to`. */
export const NOBODY: PersonDirectory = { peopleOf: async () => [] };

export const AUTH: AuthContext = {
  keyId: 'key_1',
  via: 'key',
  actor: { type: 'key', id: 'key_1', userId: null },
  accountId: 'acc_1',
  mode: 'live',
  phoneNumberId: '100',
  scopes: new Set(),
  permissions: new Set(),
  rateLimit: 100,
};

/** A queued entry to `to` (only what the check reads). */
export const queued = (to: string, ignore: boolean): DispatchRow =>
  ({
    message_id: 'msg_1',
    account_id: 'acc_1',
    phone_number_id: '100',
    mode: 'live',
    recipient: to,
    payload: JSON.stringify(ignore ? { suppression: 'ignore' } : {}),
  }) as DispatchRow;
