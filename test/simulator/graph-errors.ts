/** Bad requests answered with Graph error envelopes and codes, and the throughput and pair rate limits (130429, 131056). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fixture } from '../helpers.js';
import { TOKEN, shape, type SimulatorKit } from './kit.js';

export function graphErrorCases(kit: SimulatorKit): void {
  const { graph, control, text } = kit;
  it('answers bad requests with Graph error envelopes and codes', async () => {
    const expectedShape = shape(fixture('error-130429-rate-limit.json'))
      .filter((p) => !p.includes('error_subcode'))
      .sort();
    let res = await graph(text('+16505551234'), 'Bearer EAAG-not-issued');
    assert.deepEqual([res.status, res.body.error.code], [401, 190]);
    res = await graph({ to: '+16505551234', type: 'text', text: { body: 'x' } });
    assert.deepEqual([res.status, res.body.error.code], [400, 100]);
    assert.deepEqual(shape(res.body).sort(), expectedShape);
    res = await graph({ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } });
    assert.equal(res.body.error.code, 131008);
    res = await graph({ messaging_product: 'whatsapp', to: '+16505551234', type: 'text', text: {} });
    assert.equal(res.body.error.code, 131008);
    assert.match(res.body.error.message, /^\(#131008\) /);
  });

  it('enforces the per-number throughput (130429, HTTP 429) and the pair rate limit (131056)', async () => {
    await control('PUT', '/_simulator/config', { throughput: 2 });
    // Five at once arrive within well under a second, so within at most two one-second windows:
    // whatever the split, one window holds three or more of them.
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => graph(text(`+1650555${String(3000 + i)}`), TOKEN, '200000000000001')),
    );
    const limited = results.find((r) => r.status === 429);
    assert.ok(limited);
    assert.equal(limited.body.error.code, 130429);
    await control('PUT', '/_simulator/config', { throughput: 1000, pairLimit: { burst: 2, windowSeconds: 6 } });
    const pair = [];
    for (let i = 0; i < 3; i++) pair.push(await graph(text('+16505554000'), TOKEN, '200000000000002'));
    assert.deepEqual(
      pair.map((r) => r.status),
      [200, 200, 400],
    );
    assert.equal(pair[2]!.body.error.code, 131056);
    await control('PUT', '/_simulator/config', { pairLimit: { burst: 45, windowSeconds: 6 } });
  });
}
