/** The control API's config refuses values of the wrong type, and its state shows numbers, messages and templates. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PNID, type SimulatorKit } from './kit.js';

export function stateCases(kit: SimulatorKit): void {
  const { control } = kit;
  it('refuses config values of the wrong type, and shows its state', async () => {
    assert.equal((await control('PUT', '/_simulator/config', { errorRate: 'often' })).status, 400);
    const state = await control('GET', '/_simulator/state');
    assert.ok(state.body.messages.length > 0);
    assert.deepEqual(state.body.templates, []);
    assert.ok(state.body.numbers.some((n: { phoneNumberId: string }) => n.phoneNumberId === PNID));
  });
}
