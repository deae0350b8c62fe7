/**
 * Test mode (docs/api.md §D8): test sends never reach the platform; their progress is simulated (at
 * dispatch, then by durable jobs), and customers' messages are recorded through a test helper.
 */
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import type { AuthContext } from '../../http/access.js';
import type { Store, Tx } from '../../db/store.js';
import type { JobInput, JobQueue } from '../../jobs/job-queue.js';
import { iso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { InboundUpdates } from './inbound-updates.js';
import { toInboundMessage } from '../record/message.mapper.js';
import * as repo from '../record/message.repository.js';
import type { InboundMessage, TestInboundBody } from '../schemas/message.schemas.js';
import { toE164 } from '../../contacts/phone.js';
import type { DeliveredAs } from '../schemas/routing.schemas.js';
import type { ReportedStatus } from '../record/status-machine.js';
import type { StatusReports } from './status-reports.js';

/**
 * Test-mode progression (docs/api.md §D8): a test message is `sent` when its turn in the number's
 * queue comes (test sends are queued and paced as live ones; only the platform call is skipped),
 * then `delivered` and `read` these delays after that; the last four digits of the recipient
 * change the story.
 */
export const TEST_PROGRESSION = {
  deliveredAfterMs: 1000,
  readAfterMs: 2500,
  /** `0001` fails with 131026, `0002` stops at delivered, `0003` stops at sent. */
  failSuffix: '0001',
  stopAtDeliveredSuffix: '0002',
  stopAtSentSuffix: '0003',
} as const;

export const TEST_STATUS_JOB = 'messages.test_status';

export interface TestModeOptions {
  store: Store;
  clock: Clock;
  jobs: JobQueue;
  /** Applies the simulated statuses, as the platform's would be. */
  statuses: Pick<StatusReports, 'applyToMessage'>;
  /** Sends the `message.received` event of a test customer message. */
  inbound: Pick<InboundUpdates, 'recordReceivedEvents'>;
  /** Records the customer of a test customer message (created if new). */
  contactUpdates: Pick<ContactUpdates, 'observe'>;
}

export class TestModeService {
  readonly #o: TestModeOptions;

  constructor(options: TestModeOptions) {
    this.#o = options;
  }

  /**
   * Records a customer message in test mode (`POST /v1/test_helpers/inbound_messages`), opening the
   * customer service window for test sends to that customer, with its `message.received` event.
   * @throws TidingsError phone_number_invalid
   */
  async recordTestInbound(auth: AuthContext, body: TestInboundBody): Promise<InboundMessage> {
    const from = toE164(body.from, 'from');
    const now = iso(this.#o.clock.now());
    const message: repo.NewInbound = {
      id: newId('in'),
      accountId: auth.accountId,
      mode: 'test',
      phoneNumberId: auth.phoneNumberId,
      from,
      contactId: null,
      platformMessageId: `test.${newId('in').slice(3)}`,
      type: 'text',
      text: body.text,
      contactName: null,
      contextWamid: null,
      payload: JSON.stringify({ from, type: 'text', text: { body: body.text } }),
      sentAt: now,
      createdAt: now,
    };
    await this.#o.store.write(async (tx) => {
      const sighting = {
        accountId: auth.accountId,
        phoneNumberId: auth.phoneNumberId,
        mode: 'test' as const,
        phone: from,
        userId: null,
        parentUserId: null,
        name: null,
        username: null,
        at: now,
        kind: 'inbound' as const,
      };
      message.contactId = (await this.#o.contactUpdates.observe(tx, [sighting], now))[0] ?? null;
      const stored = await repo.insertInboundMessages(tx, [message]);
      await this.#o.inbound.recordReceivedEvents(tx, stored);
    });
    return toInboundMessage(repo.inboundRow(message));
  }

  /**
   * A test message's turn in the queue came: it is `sent` (or fails with 131026 for a recipient
   * ending 0001) in the dispatcher's unit of work, with the jobs that deliver and read it later.
   * Its `sent` carries the pricing the platform would report for the way it went out (a template
   * or a Direct Send: `utility`; free-form: `service`), billable as every delivered message is
   * since 1 October 2026 (docs/api.md §D21), so a test key's analytics show billable messages too.
   */
  async dispatched(tx: Tx, messageId: string, to: string, now: number, deliveredAs: DeliveredAs): Promise<void> {
    const p = TEST_PROGRESSION;
    const at = iso(now);
    if (to.endsWith(p.failSuffix)) {
      await this.#o.statuses.applyToMessage(
        tx,
        messageId,
        {
          status: 'failed',
          at,
          error: { code: '131026', message: 'Message undeliverable (test mode: recipient ends in 0001).' },
        },
        'test',
      );
      return;
    }
    const pricing = {
      billable: true,
      model: 'PMP',
      category: deliveredAs === 'free_form' ? 'service' : 'utility',
      type: 'regular',
    };
    await this.#o.statuses.applyToMessage(tx, messageId, { status: 'sent', at, error: null, pricing }, 'test');
    const job = (status: ReportedStatus, afterMs: number): JobInput => ({
      type: TEST_STATUS_JOB,
      payload: { messageId, status },
      runAt: now + afterMs,
    });
    const jobs: JobInput[] = [];
    if (!to.endsWith(p.stopAtSentSuffix)) jobs.push(job('delivered', p.deliveredAfterMs));
    if (!to.endsWith(p.stopAtSentSuffix) && !to.endsWith(p.stopAtDeliveredSuffix))
      jobs.push(job('read', p.readAfterMs));
    await this.#o.jobs.enqueue(tx, jobs);
  }

  /** The TEST_STATUS_JOB handler: applies one simulated status to a test message. */
  async applyTestStatus(payload: {
    messageId: string;
    status: ReportedStatus;
    errorCode?: string;
    errorMessage?: string;
  }): Promise<void> {
    const at = iso(this.#o.clock.now());
    const error = payload.errorCode ? { code: payload.errorCode, message: payload.errorMessage ?? '' } : null;
    await this.#o.store.write((tx) =>
      this.#o.statuses.applyToMessage(tx, payload.messageId, { status: payload.status, at, error }, 'test'),
    );
  }
}
