/**
 * Test mode (DECISIONS §8): test sends never reach the platform; their progress is simulated by
 * durable jobs, and customers' messages are recorded through a test helper.
 */
import type { AuthContext } from '../accounts/scopes.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { EventService } from '../events/event.service.js';
import type { JobInput } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { applyStatus } from './apply-status.js';
import * as repo from './message.repository.js';
import { messageStatusEvents } from './message-events.js';
import { toInboundMessage } from './message.mapper.js';
import type { InboundMessage, TestInboundBody } from './message.schemas.js';
import { toE164 } from './phone.js';
import type { ReportedStatus } from './status-machine.js';

/**
 * Test-mode progression (DECISIONS §8): delays after acceptance, and the magic suffixes of the
 * recipient's last four digits.
 */
export const TEST_PROGRESSION = {
  sentAfterMs: 500,
  deliveredAfterMs: 1500,
  readAfterMs: 3000,
  /** `0001` fails with 131026, `0002` stops at delivered, `0003` stops at sent. */
  failSuffix: '0001',
  stopAtDeliveredSuffix: '0002',
  stopAtSentSuffix: '0003',
} as const;

export const TEST_STATUS_JOB = 'messages.test_status';

export class TestModeService {
  readonly #o: { writes: GroupCommit; events: EventService; clock: Clock };

  constructor(options: { writes: GroupCommit; events: EventService; clock: Clock }) {
    this.#o = options;
  }

  /**
   * Records a customer message in test mode (`POST /v1/test_helpers/inbound_messages`), opening the
   * customer service window for test sends to that customer.
   * @throws TidingsError phone_number_invalid
   */
  async recordTestInbound(auth: AuthContext, body: TestInboundBody): Promise<InboundMessage> {
    const sender = toE164(body.from, 'from');
    const now = iso(this.#o.clock.now());
    const row = {
      id: newId('in'),
      account_id: auth.accountId,
      mode: 'test' as const,
      phone_number_id: auth.phoneNumberId,
      sender,
      platform_message_id: `test.${newId('in').slice(3)}`,
      type: 'text',
      text: body.text,
      contact_name: null,
      context_message_id: null,
      payload: JSON.stringify({ from: sender, type: 'text', text: { body: body.text } }),
      sent_at: now,
      created_at: now,
    };
    const inbound = toInboundMessage(row);
    await this.#o.writes.run(async (trx) => {
      await repo.insertInboundMessages(trx, [row]);
      await this.#o.events.record(trx, [{ accountId: auth.accountId, mode: 'test', type: 'message.received', object: inbound }]);
    });
    return inbound;
  }

  /** The job handler of test-mode progression: applies one simulated status to a test message. */
  async applyTestStatus(payload: { messageId: string; status: ReportedStatus; errorCode?: string; errorMessage?: string }): Promise<void> {
    await this.#o.writes.run(async (trx) => {
      const row = await repo.findMessageForUpdate(trx, { id: payload.messageId });
      if (!row || row.mode !== 'test') return;
      const after = await applyStatus(trx, row, this.#o.clock.now(), {
        status: payload.status,
        at: iso(this.#o.clock.now()),
        error: payload.errorCode ? { code: payload.errorCode, message: payload.errorMessage ?? '' } : null,
      });
      await this.#o.events.record(trx, messageStatusEvents(row, after));
    });
  }
}

/** The jobs that move a new test message along, stored with it. */
export function testProgressionJobs(messageId: string, to: string, now: number): JobInput[] {
  const p = TEST_PROGRESSION;
  const job = (status: ReportedStatus, afterMs: number, extra: object = {}): JobInput => ({
    type: TEST_STATUS_JOB,
    payload: { messageId, status, ...extra },
    runAt: now + afterMs,
  });
  if (to.endsWith(p.failSuffix)) {
    return [job('failed', p.sentAfterMs, { errorCode: '131026', errorMessage: 'Message undeliverable (test mode: recipient ends in 0001).' })];
  }
  const jobs = [job('sent', p.sentAfterMs)];
  if (to.endsWith(p.stopAtSentSuffix)) return jobs;
  jobs.push(job('delivered', p.deliveredAfterMs));
  if (to.endsWith(p.stopAtDeliveredSuffix)) return jobs;
  jobs.push(job('read', p.readAfterMs));
  return jobs;
}
