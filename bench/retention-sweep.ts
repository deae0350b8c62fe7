/**
 * The retention sweep beside sends (issue 40, item 3; docs/api.md §D17): 6,000 events (with a
 * delivery and an attempt each) and 6,000 customer messages past their days in one account, then
 * test-mode sends, one after another, first alone and then while one sweep removes the events and
 * cuts the payloads in units of 300. Prints the sweep's time and the sends' p50/p99/max both ways.
 * `TIDINGS_TEST_DB=sqlite|postgres npx tsx bench/retention-sweep.ts` (the test harness's database).
 */
import { ManualClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { startHarness } from '../test/harness.js';

const ROWS = 6000;
const SENDS = 300;
const DAY = 86_400_000;

const clock = new ManualClock(Date.now());
const h = await startHarness({ clock, env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
const a = await h.newAccount('Backlog', { rateLimit: 1000 });
await h.deps.retentionSettings.set(a.id, { eventsDays: 7, platformPayloadsDays: 7 });
const at = new Date(clock.now()).toISOString();
const endpoint = (
  await h.api('POST', '/v1/webhook_endpoints', {
    key: a.testKey,
    body: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
  })
).body.id as string;
for (let i = 0; i < ROWS; i += 500) {
  const events = Array.from({ length: 500 }, (_, j) => ({
    id: newId('evt'),
    account_id: a.id,
    mode: 'test' as const,
    type: 'message.received',
    payload: JSON.stringify({ id: `evt_${i + j}`, data: { object: { text: 'x'.repeat(200) } } }),
    created_at: at,
  }));
  const deliveries = events.map((e) => ({
    id: newId('dlv'),
    event_id: e.id,
    endpoint_id: endpoint,
    status: 'succeeded' as const,
    attempt_count: 1,
    next_attempt_at: null,
    created_at: at,
    updated_at: at,
  }));
  const attempts = deliveries.map((d) => ({
    id: newId('att'),
    delivery_id: d.id,
    attempted_at: at,
    status_code: 200,
    duration_ms: 5,
    response_body: 'ok',
    error: null,
  }));
  const inbound = events.map((_, j) => ({
    id: newId('in'),
    account_id: a.id,
    mode: 'test' as const,
    phone_number_id: a.phoneNumberId,
    sender: '+16505550000',
    contact_id: null,
    read_at: null,
    platform_message_id: `test.bench-${i + j}`,
    type: 'text',
    text: 'hello',
    contact_name: null,
    context_message_id: null,
    payload: JSON.stringify({
      from: '16505550000',
      id: `wamid.${i + j}`,
      timestamp: '1',
      type: 'text',
      text: { body: 'hello' },
      referral: { headline: 'ad' },
    }),
    sent_at: at,
    created_at: at,
  }));
  await h.deps.store.write(async (tx) => {
    await tx.insertInto('events').values(events).execute();
    await tx.insertInto('event_deliveries').values(deliveries).execute();
    await tx.insertInto('delivery_attempts').values(attempts).execute();
    await tx.insertInto('inbound_messages').values(inbound).execute();
  });
}
await h.api('POST', '/v1/test_helpers/inbound_messages', {
  key: a.testKey,
  body: { from: '+16505559999', text: 'hi' },
});

const pct = (xs: number[], p: number) =>
  [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
async function sends(until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SENDS || !until(); i++) {
    const t = performance.now();
    const res = await h.api('POST', '/v1/messages/', {
      key: a.testKey,
      body: { to: '+16505559999', type: 'text', text: `n ${i}` },
    });
    if (res.status !== 201) throw new Error(res.text);
    times.push(performance.now() - t);
  }
  return times;
}
const show = (name: string, xs: number[]) =>
  console.log(
    `${name}: ${xs.length} sends, p50 ${pct(xs, 0.5).toFixed(1)} ms, p99 ${pct(xs, 0.99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`,
  );
show('alone', await sends(() => true));
clock.advance(8 * DAY);
// The customer writes again: the window is open for the sends beside the sweep.
await h.api('POST', '/v1/test_helpers/inbound_messages', {
  key: a.testKey,
  body: { from: '+16505559999', text: 'hi' },
});
let done = false;
const started = performance.now();
const sweep = h.deps.retention.sweep().then((r) => {
  done = true;
  return r;
});
const during = await sends(() => done);
const result = await sweep;
console.log(
  `sweep (${process.env.TIDINGS_TEST_DB ?? 'sqlite'}): ${result.events} events with deliveries and attempts, ${result.platformPayloads} payloads cut, in ${((performance.now() - started) / 1000).toFixed(2)} s`,
);
show('during the sweep', during);
await h.close();
