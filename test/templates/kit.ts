/** What the template cases share: a template's content, and creating and reading templates one way. */
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';

/** A valid utility template named `name`, two variables in its body; `extra` overrides any field. */
export const input = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  category: 'UTILITY',
  language: 'en_US',
  body: 'Hi {{1}}! Your order number is {{2}}. Thank you.',
  variables: [{ example: 'Pablo', name: 'first_name' }, { example: '860198-230332' }],
  ...extra,
});

/** Creates so far, in every case module: each create's default Idempotency-Key is its own. */
let n = 0;

/** Helpers on the harness `harness()` returns when they are called. */
export function templatesKit(harness: () => Harness) {
  const create = (body: unknown, key = `k-${n++}-${Date.now()}`) =>
    harness().api('POST', '/v1/templates/', { body, headers: { 'idempotency-key': key } });
  const get = async (id: string) => (await harness().api('GET', `/v1/templates/${id}`)).body;
  /** The template once the simulator's review approved it. */
  const approved = (id: string) =>
    eventually(async () => {
      const t = await get(id);
      return t.status === 'approved' && t;
    });
  return { create, get, approved };
}
