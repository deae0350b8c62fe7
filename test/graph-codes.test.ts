/**
 * One table of Graph error codes (src/platform/graph-codes.ts): a request made inside an API call
 * and a queued message read the same row, so what the docs say Tidings retries is retried in both
 * places (133004 answered 502 inside a request while the dispatcher retried it).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { STATUS_BY_CODE } from '../src/http/errors.js';
import { classifyAttempt } from '../src/messages/dispatch/outcomes.js';
import type { Template } from '../src/templates/template.schemas.js';
import { platformErrorOf, toClientError } from '../src/platform/errors.js';
import { GRAPH_CODES } from '../src/platform/graph-codes.js';
import { approvedTemplate, dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

/** What a code does inside a request (the client's error code) and to a queued message (the dispatcher's outcome). */
function both(code: number): { request: string; dispatch: string } {
  const err = platformErrorOf({ code, message: `(#${code}) test` });
  return { request: toClientError(err).code, dispatch: classifyAttempt(err).kind };
}

describe('Graph error codes', () => {
  it('gives every code one meaning inside a request and for a queued message', () => {
    const agree: Record<string, [string, string[]]> = {
      temporary: ['platform_unavailable', ['retry']],
      throughput_exceeded: ['platform_rate_limited', ['slow_down']],
      pair_rate_limited: ['platform_rate_limited', ['pair_limited']],
      graph_rate_limited: ['platform_rate_limited', ['hold_lane']],
      number_maintenance: ['platform_unavailable', ['hold_lane']],
      access_token_rejected: ['platform_error', ['hold_lane']],
      permission_missing: ['platform_error', ['hold_lane']],
      account_restricted: ['platform_error', ['hold_lane']],
      number_not_registered: ['platform_error', ['hold_lane']],
      window_closed: ['outside_customer_window', ['fail']],
    };
    for (const [code, row] of GRAPH_CODES) {
      const [request, dispatch] = agree[row.condition]!;
      const got = both(code);
      assert.deepEqual([got.request, dispatch.includes(got.dispatch)], [request, true], `${code} (${row.condition})`);
      assert.ok(row.source.length > 0, `${code} names its source`);
    }
    assert.deepEqual(both(250), { request: 'platform_error', dispatch: 'hold_lane' }, 'the permission range 200–299');
    assert.deepEqual(
      both(131026),
      { request: 'platform_error', dispatch: 'fail' },
      'a code not listed refuses the one message',
    );
  });

  it("retries 133004 (temporary) both ways, and takes each code's retry delay from its row", () => {
    assert.deepEqual(both(133004), { request: 'platform_unavailable', dispatch: 'retry' });
    assert.equal(
      STATUS_BY_CODE[
        toClientError(platformErrorOf({ code: 133004, message: '(#133004) Server temporarily unavailable' })).code
      ],
      503,
    );
    assert.equal(platformErrorOf({ code: 130429, message: '(#130429) Rate limit hit' }).retryAfterSeconds, 1);
    assert.equal(platformErrorOf({ code: 80007, message: '(#80007) Rate limit' }).retryAfterSeconds, 60);
  });

  describe('through the simulator', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ env: { DISPATCH_RETRY_MAX_MS: '1000' } });
    });
    after(() => h.close());

    const input = (name: string) => ({
      name,
      language: 'en_US',
      category: 'UTILITY',
      body: 'Your order {{1}} has shipped.',
      variables: [{ example: '1042' }],
    });

    it('keeps a template the platform answered 133004 pending, and submits it once the platform is back (it was rejected)', async () => {
      await h.simulatorConfig({ errorRate: 1, errorCode: 133004 });
      let res;
      try {
        res = await h.api<Template>('POST', '/v1/templates/', {
          body: input('server_busy'),
          headers: { 'idempotency-key': 'server-busy' },
        });
      } finally {
        await h.simulatorConfig({ errorRate: 0, errorCode: 131000 });
      }
      assert.deepEqual([res.status, res.body.status, res.body.rejectionReason], [201, 'pending', null]);
      await eventually(
        async () => (await h.api<Template>('GET', `/v1/templates/${res.body.id}`)).body.status === 'approved',
      );
    });

    it('sends a queued message again after 133004, once', async () => {
      const template = await approvedTemplate(h, { name: 'busy_notice', body: 'Your order shipped.' });
      await h.simulatorConfig({ errorRate: 1, errorCode: 133004 });
      let id: string;
      try {
        const res = await h.api('POST', '/v1/messages/', {
          body: { to: '+16505553301', type: 'template', templateId: template.id },
        });
        assert.equal(res.status, 201, res.text);
        id = res.body.id;
        await eventually(async () => (h.sim.state.sendStats.refused.get(133004) ?? 0) >= 1);
      } finally {
        await h.simulatorConfig({ errorRate: 0, errorCode: 131000 });
      }
      const m = await dispatched(h, id);
      assert.match(m.platformMessageId ?? '', /^wamid\./);
      assert.equal([...h.sim.state.messages.values()].filter((x) => x.callbackData === id).length, 1);
    });
  });
});
