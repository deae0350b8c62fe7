/** What the retention-kinds cases share (test/retention-kinds.test.ts): counts of rows, deliveries, metrics, the CLI. */
import { runCli } from '../../src/cli/main.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Harness } from '../harness.js';
import { Scrape } from '../prometheus-text.js';
import type { Receiver } from '../receiver.js';

export const DAY = 24 * 60 * 60 * 1000;

/** The file's harness, its manual clock and a receiver of event deliveries. */
export interface KindsContext {
  h: Harness;
  clock: ManualClock;
  receiver: Receiver;
}

export function kindsKit(ctx: () => KindsContext) {
  const db = () => ctx().h.deps.store.read;
  const count = async (table: 'events' | 'inbound_messages', accountId: string) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const eventIds = async (accountId: string) =>
    (await db().selectFrom('events').select('id').where('account_id', '=', accountId).orderBy('id').execute()).map(
      (r) => r.id,
    );
  /** The deliveries and delivery attempts of these events. */
  const deliveriesOf = async (ids: string[]) => {
    if (ids.length === 0) return { deliveries: 0, attempts: 0 };
    const deliveries = await db().selectFrom('event_deliveries').select('id').where('event_id', 'in', ids).execute();
    const attempts =
      deliveries.length === 0
        ? []
        : await db()
            .selectFrom('delivery_attempts')
            .select('id')
            .where(
              'delivery_id',
              'in',
              deliveries.map((d) => d.id),
            )
            .execute();
    return { deliveries: deliveries.length, attempts: attempts.length };
  };
  const testInbound = (key: string, from: string, text: string) =>
    ctx().h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from, text } });
  const scrape = async () => new Scrape((await ctx().h.deps.metrics.scrape()).text);
  const removedMetric = (s: Scrape, kind: string) => s.sum('tidings_retention_removed_total', { kind });

  async function cli(...argv: string[]) {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err, json: () => JSON.parse(out) };
  }
  return { db, count, eventIds, deliveriesOf, testInbound, scrape, removedMetric, cli };
}
