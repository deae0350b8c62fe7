/**
 * Template buttons (docs/api.md §D7–§D8, docs/platform.md §1.2, §2.2 and §4.9): each content rule as an
 * issue named by field; submitted as a BUTTONS component; kept through review, webhooks and lists;
 * their values sent as `button` components by index, with no example ever sent.
 */
import { after, before, describe } from 'node:test';
import type { Template } from '../src/templates/template.schemas.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { BUTTONS } from './template-buttons/kit.js';
import { ruleCases } from './template-buttons/rules.js';
import { sendCases } from './template-buttons/sends.js';
import { templateCases } from './template-buttons/templates.js';

ruleCases();

describe('template buttons', () => {
  let h: Harness;
  let template: Template;

  before(async () => {
    h = await startHarness();
    template = await approvedTemplate(h, {
      name: 'order_buttons',
      body: 'Hi {{1}}, your order has shipped and is on its way.',
      variables: [{ example: 'Maria' }],
      buttons: BUTTONS,
    });
  });
  after(() => h.close());

  templateCases(() => ({ h, template }));
  sendCases(() => ({ h, template }));
});
