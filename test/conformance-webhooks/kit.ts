/**
 * The calls the webhook conformance cases share, on the entry's simulator: a fixture's era set in
 * the simulator's config, a customer message and its webhook, the webhook of a status or of a
 * template's change, a template created (and approved).
 */
import assert from 'node:assert/strict';
import { PNID, WABA, type Hook, type SimHarness } from '../conformance/sim.js';
import { eventually, fieldOf, valueOf } from '../helpers.js';

/** The calls, on what `sim` gives when a case runs (after the entry's `before`). */
export function webhooksKit(sim: () => SimHarness) {
  /** Config for a fixture's era: `meta` = Meta's docs (no BSUIDs), `pywa` = BSUIDs with parents. */
  const era = (which: 'meta' | 'pywa' | 'cbp-meta' | 'cbp-pywa' | 'v24') =>
    sim().config({
      bsuid: which === 'pywa' || which === 'cbp-pywa',
      parentUserIds: which === 'pywa' || which === 'cbp-pywa',
      pricingModel: which.startsWith('cbp') ? 'CBP' : 'PMP',
      webhookVersion: which === 'v24' ? 'v24.0' : 'v23.0',
      delivery: 'auto',
    });
  const inbound = async (body: Record<string, unknown>): Promise<Hook> => {
    const res = await sim().control('POST', '/_simulator/inbound', { to: PNID, name: 'Test Name', ...body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return sim().inboundHook(res.body.wamid);
  };
  // Webhooks come after the simulator's delays (a review takes a second); a busy machine stretches them.
  const WAIT_MS = 15_000;
  const hookOf = (wamid: string, status: string) =>
    eventually(
      async () =>
        sim().hooks.find((h) => valueOf(h.body).statuses?.some((x: any) => x.id === wamid && x.status === status)),
      WAIT_MS,
    );
  const templateHook = (field: string, id: string, event?: string) =>
    eventually(
      async () =>
        sim().hooks.find(
          (h) =>
            fieldOf(h.body) === field &&
            String(valueOf(h.body).message_template_id) === id &&
            (!event || valueOf(h.body).event === event),
        ),
      WAIT_MS,
    );
  async function template(name: string, category: string, components: unknown[], review = true) {
    const res = await sim().graph('POST', `/v23.0/${WABA}/message_templates`, {
      name,
      language: 'en_US',
      category,
      components,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (review && res.body.status === 'PENDING')
      await sim().control('POST', `/_simulator/templates/${res.body.id}/review`, { decision: 'APPROVED' });
    return res.body.id as string;
  }

  return { era, inbound, hookOf, templateHook, template };
}
