/**
 * Window-aware routing (docs/api.md §D19), through the simulator on both databases: a routed send
 * goes out as written while the customer service window is open, else as a Direct Send where the
 * number has it, else as its fallback template, else it fails with `outside_customer_window`, all
 * decided when its turn comes; and one validity period from accept to the customer's phone.
 *
 * Time moves on a manual clock: a message is accepted for an hour ahead (`sendAt`) while the window
 * is open, then the clock jumps past the window's end before its turn comes.
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import type { Template } from '../src/templates/template.schemas.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { directSendCases } from './routing/direct-send.js';
import { validityCases } from './routing/validity.js';
import { withoutDirectSendCases } from './routing/without-direct-send.js';

describe('window-aware routing', () => {
  const clock = new ManualClock();
  let h: Harness;
  let fallbackTemplate: Template;
  before(async () => {
    h = await startHarness({ clock });
    fallbackTemplate = await approvedTemplate(h, {
      name: 'order_update',
      body: 'Hi {{1}}, your order {{2}} has an update.',
      variables: [{ example: 'Maria', name: 'first_name' }, { example: 'A-1' }],
    });
  });
  after(() => h.close());

  const scope = () => ({ h, clock, fallbackTemplate });

  withoutDirectSendCases(scope);
  directSendCases(scope);
  validityCases(scope);
});
