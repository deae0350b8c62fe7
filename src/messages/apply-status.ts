/** Applies one status report to a stored message: the status machine plus the write. */
import type { Db } from '../db/connect.js';
import { iso } from '../lib/clock.js';
import * as repo from './message.repository.js';
import { applyReport, type StatusReport } from './status-machine.js';

/**
 * @param now ms since the epoch, for `updated_at`.
 * @returns the row as it now is (unchanged when the report changes nothing).
 */
export async function applyStatus(trx: Db, row: repo.MessageRow, now: number, report: StatusReport): Promise<repo.MessageRow> {
  const changes = applyReport(row, report);
  if (!changes) return row;
  const updated_at = iso(now);
  await repo.updateMessage(trx, row.id, { ...changes, updated_at });
  return { ...row, ...changes, updated_at };
}
