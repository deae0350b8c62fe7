/**
 * An account as the service answers it (the CLI prints it, docs/api.md §D1), from its rows: its
 * business numbers with their tiers and Direct Send state, and its retention. Credentials are
 * never part of it.
 */
import type { AccountRow, PhoneNumberRow } from './account.repository.js';
import { retentionOf, type Retention } from '../privacy/retention/kinds.js';
import type { DirectSendState } from './direct-send.js';

export type { Retention } from '../privacy/retention/kinds.js';

export interface PhoneNumber {
  phoneNumberId: string;
  displayPhoneNumber: string;
  /** Messages/s (the throughput tier). */
  throughput: number;
  /** `platform` (read from it), `override` (set with --throughput; never replaced), `default` (80 until the platform answers). */
  throughputSource: 'platform' | 'override' | 'default';
  /** What Direct Send does for the number, learned from the platform's answers (docs/api.md §D19). */
  directSend: DirectSendState;
}

/** An account as the CLI prints it (docs/api.md §D1). Credentials are never part of it. */
export interface Account {
  id: string;
  name: string;
  wabaId: string;
  simulated: boolean;
  phoneNumbers: PhoneNumber[];
  /** Days each kind of data is kept, with the defaults (null: for ever; docs/api.md §D17). */
  retention: Retention;
  createdAt: string;
}

/** An account's row and its numbers' rows as an Account. */
export function toAccount(row: AccountRow, numbers: PhoneNumberRow[]): Account {
  return {
    id: row.id,
    name: row.name,
    wabaId: row.waba_id,
    simulated: row.simulated === 1,
    phoneNumbers: numbers.map((n) => ({
      phoneNumberId: n.phone_number_id,
      displayPhoneNumber: n.display_phone_number,
      throughput: n.throughput,
      throughputSource: n.throughput_source,
      directSend: n.direct_send,
    })),
    retention: retentionOf(row),
    createdAt: row.created_at,
  };
}
