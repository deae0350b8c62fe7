/**
 * What the simulator's route files share: the state, the webhook sender, timers that die with the
 * simulator, held connections (faults), and the reporting of message statuses.
 */
import type { FastifyReply } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { newOwedId, type OwedReport } from './outbox.js';
import { contactEntry, statusItem } from './payloads.js';
import type { SimMessage, SimulatorState, SimUser } from './state.js';
import type { WebhookSender } from './webhook-sender.js';

export interface SimContext {
  state: SimulatorState;
  webhooks: WebhookSender;
  /** Shared with the service: signs webhooks and derives simulated tokens. */
  appSecret: string;
  /**
   * The time messages' TTLs are measured in (reachability.ts): the system clock, or a test's, so
   * a test can let a TTL pass without waiting. Delivery delays and retries run on real time.
   */
  clock: Clock;
  /** Runs `fn` after `ms` unless the simulator closes first. */
  later(ms: number, fn: () => void): void;
  /**
   * Never answers `reply`: the connection stays open until the client gives up (then it is
   * destroyed) or the simulator closes. Used by the `timeoutRate` and `lostAnswerRate` faults.
   */
  hold(reply: FastifyReply): Promise<void>;
  /** Reports one status of a sent message through a webhook (the `webhook-status-*.json` shapes). */
  report(message: SimMessage, status: string, errorCode?: number): void;
  /**
   * In `auto` delivery, reports sent/delivered/read after the configured delays, or the failure;
   * the reports are owed (journaled, outbox.ts) before this returns, so before the send is answered.
   */
  progress(message: SimMessage, failure: number | null): void;
  /**
   * In `auto` delivery, reports delivered and read of a held message (its user is reachable again),
   * after the configured delays counted from now (and never before its `sent`).
   */
  deliverHeld(message: SimMessage): void;
}

/**
 * Builds the reporting half of the context, and `resume`, which takes up after a restart what the
 * outbox still owes. A scheduled report is owed (journaled) before the send that caused it is
 * answered, and stays owed until its webhook is answered 200: Meta delivers at least once
 * (docs/platform.md §4.8), so a report whose webhook may have gone out before a kill goes out again.
 */
export function reporting(
  state: SimulatorState,
  webhooks: WebhookSender,
  later: SimContext['later'],
): Pick<SimContext, 'report' | 'progress' | 'deliverHeld'> & { resume(): void } {
  const recipientOf = (message: SimMessage): SimUser | null => {
    const user = state.users.get(message.userId) ?? (message.to ? state.user({ phone: message.to }) : null);
    // A send to a BSUID shows no phone number in its status webhooks (docs/platform.md §4.9).
    return user && !message.to ? { ...user, phone: null } : user;
  };
  /**
   * Builds the webhook of an owed report (timestamped when it was due) and queues it. A report
   * made moot (already reported by the control API, or the message failed) is settled instead,
   * unless it is `resumed`: then it may be this very report, sent before a kill but never settled.
   */
  const fire = (entry: OwedReport, resumed: boolean) => {
    const message = state.outbox.message(entry.wamid);
    const reported = message?.statuses.includes(entry.status) ?? false;
    if (!message || (reported && !resumed) || (entry.status !== 'failed' && message.statuses.includes('failed')))
      return state.outbox.done([entry.id]);
    const user = recipientOf(message);
    const item = statusItem(state.config, message, user, entry.status, entry.errorCode, entry.at);
    if (!reported) message.statuses.push(entry.status);
    state.changed();
    const contact =
      state.config.bsuid && entry.status !== 'failed' && user
        ? contactEntry(state.config, user, entry.status)
        : undefined;
    void webhooks.enqueue(
      { kind: 'status', phoneNumberId: message.phoneNumberId, status: item, ...(contact ? { contact } : {}) },
      entry,
    );
  };
  /** Fires `entry` when it is due, if it is still owed then. */
  const schedule = (entry: OwedReport, resumed: boolean) =>
    later(Math.max(0, entry.at - Date.now()), () => {
      if (state.outbox.holds(entry)) fire(entry, resumed);
    });
  const owe = (message: SimMessage, status: string, at: number, errorCode?: number): OwedReport => ({
    id: newOwedId(),
    kind: 'report',
    wamid: message.wamid,
    status,
    at,
    ...(errorCode === undefined ? {} : { errorCode }),
  });

  const report: SimContext['report'] = (message, status, errorCode) => {
    if (message.statuses.includes(status) || message.statuses.includes('failed')) return;
    const entry = owe(message, status, Date.now(), errorCode);
    state.outbox.owe(message, [entry]);
    fire(entry, false);
  };
  const progress: SimContext['progress'] = (message, failure) => {
    if (state.config.delivery !== 'auto') return;
    const d = state.config.deliveryDelaysMs;
    const now = Date.now();
    // A message to an unreachable user is sent and held: no delivered or read until it is released.
    const entries =
      failure !== null
        ? [owe(message, 'failed', now + d.sent, failure)]
        : message.held
          ? [owe(message, 'sent', now + d.sent)]
          : [
              owe(message, 'sent', now + d.sent),
              owe(message, 'delivered', now + d.delivered),
              owe(message, 'read', now + d.read),
            ];
    // Journaled here, before the send is answered: a kill after the answer loses none of them.
    state.outbox.owe(message, entries);
    for (const entry of entries) schedule(entry, false);
  };
  const deliverHeld: SimContext['deliverHeld'] = (message) => {
    if (state.config.delivery !== 'auto') return;
    const d = state.config.deliveryDelaysMs;
    const from = Math.max(Date.now(), message.createdAt + d.sent);
    const entries = [
      owe(message, 'delivered', from + Math.max(0, d.delivered - d.sent)),
      owe(message, 'read', from + Math.max(0, d.read - d.sent)),
    ];
    state.outbox.owe(message, entries);
    for (const entry of entries) schedule(entry, false);
  };
  /** After a restart: what was due meanwhile goes out at once, in order; the rest at its time. */
  const resume = () => {
    const now = Date.now();
    for (const entry of state.outbox.list()) {
      if (entry.kind !== 'report') webhooks.resend(entry);
      else if (entry.at <= now) fire(entry, true);
      else schedule(entry, true);
    }
  };
  return { report, progress, deliverHeld, resume };
}
