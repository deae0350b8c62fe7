/**
 * What the platform's webhooks say of consent (docs/api.md §D23), applied in the webhook's own unit
 * of work (platform/intake.ts, `IntakeConsumers.consent`):
 * - a customer's text that is wholly an opt-out keyword suppresses them on that number (reason
 *   `opt_out_keyword`); an opt-in keyword lifts their keyword and API suppressions, by whichever of
 *   their phone, BSUID and parent BSUID they were made (never a block's,
 *   never the platform's marketing preference); each with its event, and the account's optional
 *   confirmation reply stored as a job in the same unit (`CONSENT_REPLY_JOB`);
 * - `user_preferences` stop/resume (docs/platform.md §4.11) and a failed status with 131050 set the
 *   customer's marketing consent and add or lift a `marketing`-scope suppression (reason
 *   `platform_preference`); an older report never overrides a newer one.
 * Reads per webhook batch, not per message: the settings of the accounts whose customers sent a
 * short text, and one statement per keyword or report.
 */
import type { SuppressionTombstones } from './suppression-tombstones.js';
import { waIdToE164 } from '../contacts/phone.js';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../db/store.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { CUSTOMER_WINDOW_MS } from '../contacts/contact.service.js';
import type {
  Owned,
  PlatformInboundMessage,
  PlatformStatusUpdate,
  PlatformUserPreference,
} from '../platform/updates.js';
import { keywordOf, KEYWORD_MAX_LENGTH } from './keywords.js';
import * as repo from './suppression.repository.js';
import type { SuppressionService } from './suppression.service.js';

/** The job that sends a keyword's confirmation reply; payload `ConsentReply`. */
export const CONSENT_REPLY_JOB = 'consent.reply';

/** A confirmation reply to send: to whom, from which number, what, and until when the window is open. */
export interface ConsentReply {
  accountId: string;
  phoneNumberId: string;
  /** E.164 or BSUID. */
  to: string;
  text: string;
  /** The customer's message (wamid): the reply's clientReference is `consent_reply_<wamid>`, so a job run twice sends once. */
  inboundWamid: string;
  /** When the window the customer's message opened closes (ISO): after it, nothing is sent. */
  windowEndsAt: string;
}

/** The platform error of a marketing template refused because the customer stopped marketing messages (docs/platform.md §4.11). */
export const MARKETING_STOPPED_CODE = '131050';

export interface ConsentIntakeOptions {
  suppressions: SuppressionService;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Erased customers' suppressions: a START lifts theirs too. */
  tombstones?: Pick<SuppressionTombstones, 'lift'>;
}

export class ConsentIntake {
  readonly #o: ConsentIntakeOptions;

  constructor(options: ConsentIntakeOptions) {
    this.#o = options;
  }

  /** Applies a webhook batch's keywords, preferences and 131050 refusals in `tx`; never refuses. */
  async apply(
    tx: Tx,
    updates: {
      inbound: Owned<PlatformInboundMessage>[];
      statuses: Owned<PlatformStatusUpdate>[];
      preferences: Owned<PlatformUserPreference>[];
    },
    now: string,
  ): Promise<void> {
    await this.#keywords(tx, updates.inbound, now);
    const reports = [
      ...updates.preferences.map((p) => ({
        accountId: p.accountId,
        phoneNumberId: p.phoneNumberId,
        phone: p.waId && waIdToE164(p.waId),
        bsuid: p.userId,
        value: p.value,
        at: p.at,
      })),
      ...updates.statuses
        .filter(
          (s) =>
            s.status === 'failed' && s.error?.code === MARKETING_STOPPED_CODE && (s.recipientId || s.recipientUserId),
        )
        .map((s) => ({
          accountId: s.accountId,
          phoneNumberId: s.phoneNumberId,
          phone: s.recipientId && waIdToE164(s.recipientId),
          bsuid: s.recipientUserId,
          value: 'stop' as const,
          at: s.at,
        })),
    ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    for (const r of reports) await this.#marketing(tx, r, now);
  }

  async #keywords(tx: Tx, inbound: Owned<PlatformInboundMessage>[], now: string): Promise<void> {
    const candidates = inbound.filter(
      (m) =>
        m.type === 'text' &&
        m.text !== null &&
        m.text.length <= KEYWORD_MAX_LENGTH * 4 &&
        (m.from !== null || m.userId !== null),
    );
    if (candidates.length === 0) return;
    const settings = await this.#o.suppressions.settingsOf(tx, [...new Set(candidates.map((m) => m.accountId))]);
    // In the order the customers wrote: STOP then START in one batch ends lifted.
    for (const m of candidates.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
      const s = settings.get(m.accountId)!;
      const keyword = keywordOf(m.text, { optOut: s.optOut, optIn: s.optIn });
      if (keyword === null) continue;
      const customer: repo.CustomerIds = { phone: m.from && waIdToE164(m.from), bsuid: m.userId, contactId: null };
      // A suppression from a keyword is dated by the customer's message, and so is a keyword's lift:
      // a STOP delivered again after a later START (webhooks come at least once, in any order)
      // changes nothing, nor does a START older than the suppression it would lift.
      if (keyword === 'out') {
        const lifted = await this.#o.suppressions.lastKeywordLift(tx, m.accountId, m.phoneNumberId, customer);
        if (lifted !== null && lifted >= m.at) continue;
        await this.#o.suppressions.suppress(tx, [
          {
            ...customer,
            accountId: m.accountId,
            mode: 'live',
            phoneNumberId: m.phoneNumberId,
            reason: 'opt_out_keyword',
            scope: 'all',
            source: 'keyword',
            at: m.at,
          },
        ]);
      } else {
        // Their suppressions however a key named them: by phone, BSUID or parent BSUID (a `ct_` id is stored as one of these).
        const parent: repo.CustomerIds[] = m.parentUserId
          ? [{ phone: null, bsuid: m.parentUserId, contactId: null }]
          : [];
        await this.#o.suppressions.liftWhere(
          tx,
          m.accountId,
          'live',
          m.phoneNumberId,
          [customer, ...parent],
          (r) => (r.reason === 'opt_out_keyword' || r.reason === 'api') && r.created_at <= m.at,
          'keyword',
          m.at,
        );
        // An erased customer's opt-out, kept as a tombstone (docs/api.md §D28), is lifted too.
        await this.#o.tombstones?.lift(
          tx,
          m.accountId,
          'live',
          [customer.phone, customer.bsuid, m.parentUserId ?? null],
          m.at,
        );
      }
      const text = keyword === 'out' ? s.optOutReply : s.optInReply;
      if (text === null) continue;
      const windowEndsAt = new Date(Date.parse(m.at) + CUSTOMER_WINDOW_MS).toISOString();
      const reply: ConsentReply = {
        accountId: m.accountId,
        phoneNumberId: m.phoneNumberId,
        to: customer.phone ?? customer.bsuid!,
        text,
        inboundWamid: m.wamid,
        windowEndsAt,
      };
      await this.#o.jobs.enqueue(tx, [{ type: CONSENT_REPLY_JOB, payload: reply, runAt: Date.parse(now) }]);
    }
  }

  /** One marketing preference report: stored unless older than the one kept; then the suppression follows it. */
  async #marketing(
    tx: Tx,
    r: {
      accountId: string;
      phoneNumberId: string;
      phone: string | null;
      bsuid: string | null;
      value: 'stop' | 'resume';
      at: string;
    },
    now: string,
  ): Promise<void> {
    const customer: repo.CustomerIds = { phone: r.phone, bsuid: r.bsuid, contactId: null };
    const key = r.phone !== null ? `p:${r.phone}` : `u:${r.bsuid}`;
    const stored = await repo.reportMarketingConsent(tx, {
      account_id: r.accountId,
      phone_number_id: r.phoneNumberId,
      customer_key: key,
      phone: r.phone,
      bsuid: r.bsuid,
      value: r.value === 'stop' ? 'revoked' : 'granted',
      reported_at: r.at,
      updated_at: now,
    });
    if (!stored) return;
    if (r.value === 'stop') {
      await this.#o.suppressions.suppress(tx, [
        {
          ...customer,
          accountId: r.accountId,
          mode: 'live',
          phoneNumberId: r.phoneNumberId,
          reason: 'platform_preference',
          scope: 'marketing',
          source: 'webhook',
          at: now,
        },
      ]);
    } else {
      await this.#o.suppressions.liftWhere(
        tx,
        r.accountId,
        'live',
        r.phoneNumberId,
        [customer],
        (row) => row.reason === 'platform_preference',
        'webhook',
      );
    }
  }
}

/** A text send as the confirmation reply makes it. */
export interface ReplyBody {
  to: string;
  type: 'text';
  text: string;
  clientReference: string;
}

/**
 * Runs `CONSENT_REPLY_JOB`: sends the confirmation as a tracked text message of the system's (source
 * `consent_reply`), which passes the opt-out keyword's suppression it confirms at accept and at
 * dispatch (an opt-out's confirmation goes to a customer just suppressed; any other suppression
 * still refuses it: suppression-decision.ts `obeyedByConfirmation`), only
 * while the window the customer's message opened is open. A job that runs again sends nothing more:
 * its clientReference (`consent_reply_<wamid>`) is taken by the first send.
 */
export class ConsentReplies {
  readonly #o: { clock: Clock; send(auth: AuthContext, body: ReplyBody): Promise<unknown> };

  constructor(options: { clock: Clock; send(auth: AuthContext, body: ReplyBody): Promise<unknown> }) {
    this.#o = options;
  }

  async run(reply: ConsentReply): Promise<void> {
    if (this.#o.clock.now() >= Date.parse(reply.windowEndsAt)) return;
    // The number's own voice, as a live key of the account would send it.
    const auth: AuthContext = {
      keyId: 'consent',
      via: 'key',
      actor: { type: 'system', id: 'consent' },
      accountId: reply.accountId,
      mode: 'live',
      phoneNumberId: reply.phoneNumberId,
      scopes: new Set(['messages:send']),
      permissions: new Set(['messages:send']),
      rateLimit: 0,
    };
    try {
      await this.#o.send(auth, {
        to: reply.to,
        type: 'text',
        text: reply.text,
        clientReference: `consent_reply_${reply.inboundWamid}`,
      });
    } catch (err) {
      // Sent already (the job ran before), the window closed, or a refusal a retry cannot change.
      if (err instanceof TidingsError) return;
      throw err;
    }
  }
}
