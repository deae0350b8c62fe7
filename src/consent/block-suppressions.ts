/**
 * The port the Block Users API's feature calls in a block's unit of work (docs/api.md §D23,
 * contacts/block.service.ts `BlockSuppressions`): a block suppresses its customers on the number
 * in the block's mode (reason `blocked`, source `block`), an unblock lifts those suppressions and
 * only those.
 */
import type { BlockEntry, BlockSuppressions } from '../contacts/block.service.js';
import type { SuppressionSource } from '../db/schema.js';
import type { Tx } from '../db/store.js';
import type { CustomerIds } from './suppression-decision.js';
import type { NewSuppression } from './suppression.mapper.js';
import type { SuppressionRow } from './suppression.repository.js';

/** What the port uses of the list (`SuppressionService`): storing suppressions and lifting them. */
export interface SuppressionWrites {
  suppress(tx: Tx, entries: NewSuppression[]): Promise<unknown>;
  liftWhere(
    tx: Tx,
    accountId: string,
    mode: 'live' | 'test',
    phoneNumberId: string,
    customers: CustomerIds[],
    which: (row: SuppressionRow) => boolean,
    by: SuppressionSource,
  ): Promise<unknown>;
}

/** The port over the list, for the Block Users API's feature. */
export function blockSuppressions(list: SuppressionWrites): BlockSuppressions {
  return {
    blocked: async (tx, entries) => {
      await list.suppress(
        tx,
        entries.map((e) => ({
          accountId: e.accountId,
          mode: e.mode,
          phoneNumberId: e.phoneNumberId,
          contactId: e.contactId,
          phone: e.phone,
          bsuid: e.bsuid,
          reason: 'blocked',
          scope: 'all',
          source: 'block',
          at: e.at,
        })),
      );
    },
    unblocked: async (tx, entries) => {
      // One read and one update per number (a request blocks up to 1,000 users of one number).
      const byNumber = new Map<string, BlockEntry[]>();
      for (const e of entries)
        byNumber.set(`${e.accountId} ${e.mode} ${e.phoneNumberId}`, [
          ...(byNumber.get(`${e.accountId} ${e.mode} ${e.phoneNumberId}`) ?? []),
          e,
        ]);
      for (const group of byNumber.values()) {
        const { accountId, mode, phoneNumberId } = group[0]!;
        await list.liftWhere(
          tx,
          accountId,
          mode,
          phoneNumberId,
          group,
          (r) => r.reason === 'blocked' && r.phone_number_id === phoneNumberId,
          'block',
        );
      }
    },
  };
}
