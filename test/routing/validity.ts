/** One validity period from accept to the customer's phone: a template's time to live, set and changed, warned of and enforced. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Template } from '../../src/templates/template.schemas.js';
import { eventually } from '../helpers.js';
import { approvedTemplate } from '../factories.js';
import { routingKit, type RoutingScope } from './kit.js';

export function validityCases(scope: () => RoutingScope): void {
  const { get, send } = routingKit(scope);

  describe('one validity period, end to end', () => {
    it("sets and changes a template's time to live, and warns a send whose validity period is shorter", async () => {
      const { h, fallbackTemplate } = scope();
      const short = await approvedTemplate(h, {
        name: 'code_ready',
        body: 'Your pick-up code is ready.',
        timeToLive: 600,
      });
      assert.equal(short.timeToLive, 600);
      const atPlatform = () => [...h.sim.state.templates.values()].find((t) => t.name === 'code_ready')!;
      assert.equal(atPlatform().messageSendTtlSeconds, 600);
      // An approved template's time to live changes at the platform, with no new review.
      const changed = await h.api<Template>('PATCH', `/v1/templates/${short.id}`, { body: { timeToLive: 300 } });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual([changed.body.timeToLive, changed.body.status], [300, 'approved']);
      assert.equal(atPlatform().messageSendTtlSeconds, 300);
      const out = await h.api('PATCH', `/v1/templates/${short.id}`, { body: { timeToLive: 50_000 } });
      assert.equal(out.status, 400, out.text);
      // Validity 120 s < 300 s: accepted, with a warning; 600 s ≥ 300 s: no warning.
      const warned = await send({ to: '+16505580021', type: 'template', templateId: short.id, validityPeriod: 120 });
      assert.deepEqual(
        warned.warnings?.map((w) => [w.code, w.param]),
        [['validity_shorter_than_template_ttl', 'validityPeriod']],
      );
      const fine = await send({ to: '+16505580022', type: 'template', templateId: short.id, validityPeriod: 600 });
      assert.equal(fine.warnings, undefined);
      // A template with the platform's default (30 days) and an explicit validity period: warned.
      const dflt = await send({
        to: '+16505580023',
        type: 'template',
        templateId: fallbackTemplate.id,
        validityPeriod: 3600,
        variables: { first_name: 'Li', '2': 'B-2' },
      });
      assert.match(dflt.warnings![0]!.message, /30 days/);
    });

    it("fails a template send the platform dropped at the end of its template's time to live with ttl_expired", async () => {
      const { h, clock } = scope();
      const t = await approvedTemplate(h, { name: 'slot_offer', body: 'A slot opened at 15:00.', timeToLive: 300 });
      const to = '+16505580024';
      const reachable = await fetch(`${h.simUrl}/_simulator/users/${to.slice(1)}/reachable`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reachable: false }),
      });
      assert.equal(reachable.status, 200, await reachable.text());
      const message = await send({ to, type: 'template', templateId: t.id });
      await eventually(async () => (await get(message.id)).status === 'sent');
      clock.advance(300_000 + 16 * 60_000);
      const failed = await eventually(async () => {
        const m = await get(message.id);
        return m.status === 'failed' && m;
      });
      assert.equal(failed.error!.code, 'ttl_expired');
    });
  });
}
