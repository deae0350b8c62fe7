/**
 * How many routed sends try Direct Send before a number's capability is known (issue 42, item 7;
 * bench/README.md "Direct Send, learned once"): `TIDINGS_TEST_DB=sqlite|postgres npx tsx
 * bench/direct-send-probe.ts [SENDS=400] [PROCESSES=1]`. The test harness's service (and, with
 * PROCESSES=2, a peer on the same database) and the simulator in this process; a new number whose
 * capability is `unknown`, which the simulator refuses Direct Send (`not_enabled`, its default).
 * SENDS routed texts (`"route": "auto"`, a fallback template) to customers who never wrote, all
 * accepted at once; then the refusal is dated 25 hours back (so it has expired) and SENDS more. Prints, for
 * each round, the Direct Sends the simulator refused (code 100), the sends it took and the time to
 * drain.
 */
import { iso } from '../src/lib/clock.js';
import { approvedTemplate } from '../test/factories.js';
import { startHarness } from '../test/harness.js';
import { eventually } from '../test/helpers.js';

const SENDS = Number(process.argv[2] ?? 400);
const PROCESSES = Number(process.argv[3] ?? 1);
const DAY = 24 * 3600_000;

const h = await startHarness({ simulator: { latencyMs: 150 } });
const peers = [];
for (let i = 1; i < PROCESSES; i++) peers.push(await h.startPeer());
try {
  const acct = await h.newAccount('Probe', { rateLimit: 10_000 });
  await approvedTemplate(
    h,
    { name: 'order_update', body: 'Your order {{1}} has an update.', variables: [{ example: 'A-1' }] },
    acct.liveKey,
  );
  const stats = async () =>
    (await (await fetch(`${h.simUrl}/_simulator/stats`)).json()) as { taken: number; refused: Record<string, number> };
  const round = async (label: string, offset: number) => {
    const before = await stats();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: SENDS }, (_, i) =>
        h.api('POST', '/v1/messages', {
          key: acct.liveKey,
          body: {
            to: `+1650559${String(offset + i).padStart(4, '0')}`,
            type: 'text',
            text: `Your order A-${i} has shipped.`,
            route: 'auto',
            fallback: { templateName: 'order_update', language: 'en_US', variables: { '1': `A-${i}` } },
          },
        }),
      ),
    );
    const refusedAtAccept = answers.filter((a) => a.status !== 201).length;
    const after = await eventually(async () => {
      const s = await stats();
      return s.taken - before.taken >= SENDS - refusedAtAccept && s;
    }, 600_000);
    const refused = (after.refused['100'] ?? 0) - (before.refused['100'] ?? 0);
    console.log(
      `${label}: ${SENDS} routed sends (${refusedAtAccept} refused at accept), ${refused} Direct Sends refused (100), ` +
        `${after.taken - before.taken} taken, drained in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  await round('capability unknown', 0);
  // The refusal learned a day and an hour ago (as the clock moving on would make it): expired.
  await h.deps.store.write((tx) =>
    tx
      .updateTable('phone_numbers')
      .set({ direct_send_checked_at: iso(Date.now() - DAY - 3600_000) })
      .where('phone_number_id', '=', acct.phoneNumberId)
      .execute(),
  );
  await round('a day later (the refusal expired)', SENDS);
} finally {
  for (const p of peers) await p.close();
  await h.close();
}
