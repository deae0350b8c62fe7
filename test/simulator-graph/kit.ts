/** What the Graph-fidelity cases share: a template created and approved through the simulator alone. */
import assert from 'node:assert/strict';
import { WABA, type SimHarness } from '../conformance/sim.js';

/** Helpers on the simulator `sim()` returns when they are called. */
export function graphKit(sim: () => SimHarness) {
  /** Creates the template `name` over the Graph API and approves it through the control API; resolves with its id. */
  async function approvedTemplate(name: string, components: unknown[], category = 'UTILITY', format = 'POSITIONAL') {
    const s = sim();
    const res = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name,
      language: 'en_US',
      category,
      parameter_format: format,
      components,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await s.control('POST', `/_simulator/templates/${res.body.id}/review`, { decision: 'APPROVED' });
    return res.body.id as string;
  }
  return { approvedTemplate };
}
