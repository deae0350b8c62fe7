/**
 * `tidings templates pull|plan|apply` (README "Templates in your repository"): an account's
 * templates pulled into YAML, edited, planned and applied through a running service over real
 * HTTP with an API key, the simulator reviewing them by hand (approve, reject) so every status a
 * plan tells apart can be reached. Reading and writing the file alone: cli-templates-file.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import { creationCases } from './cli-templates/creation.js';
import { cliKit } from './cli-templates/kit.js';
import { pullPlanApplyCases } from './cli-templates/pull-plan-apply.js';
import { refusalCases } from './cli-templates/refusals.js';
import { startHarness, type Harness } from './harness.js';

describe('tidings templates pull, plan, apply', () => {
  let h: Harness;
  let dir: string;
  let file: string;
  const ids: Record<string, string> = {};
  const scope = () => ({ h, dir, file, ids });
  const { seed } = cliKit(scope);

  before(async () => {
    h = await startHarness({ simulator: { review: 'manual' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-templates-'));
    file = path.join(dir, 'templates.yaml');
    await seed(
      'order_shipped',
      {
        header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
        body: 'Hi {{1}}, your order has shipped and should arrive on {{2}}.',
        variables: [{ example: 'Maria', name: 'first_name' }, { example: 'Tuesday' }],
        footer: 'Reply STOP to opt out',
        buttons: [
          { type: 'quick_reply', text: 'Stop updates' },
          { type: 'url', text: 'Track order', url: 'https://shop.example.com/track/{{1}}', example: 'A-1042' },
        ],
      },
      'APPROVED',
    );
    await seed(
      'appt_reminder',
      {
        body: 'Hi {{1}}, your appointment is on {{2}}. Reply to change it.',
        variables: [{ example: 'Ana' }, { example: 'Monday' }],
        timeToLive: 3600,
      },
      'APPROVED',
    );
    await seed(
      'payment_failed',
      { body: 'Your payment for order {{1}} did not go through.', variables: [{ example: 'A-1' }] },
      'REJECTED',
    );
    await seed(
      'kept_elsewhere',
      { body: 'A template this repository does not manage, {{1}}.', variables: [{ example: 'x' }] },
      'APPROVED',
    );
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  pullPlanApplyCases(scope);
  refusalCases(scope);
  creationCases(scope);
});
