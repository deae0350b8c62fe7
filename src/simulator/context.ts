/**
 * What the simulator's route files share: the state, the webhook sender, timers that die with the
 * simulator, held connections (faults), and the reporting of message statuses.
 */
import type { FastifyReply } from 'fastify';
import { contactEntry, statusItem } from './payloads.js';
import type { SimMessage, SimulatorState, SimUser } from './state.js';
import type { WebhookSender } from './webhook-sender.js';

export interface SimContext {
  state: SimulatorState;
  webhooks: WebhookSender;
  /** Shared with the service: signs webhooks and derives simulated tokens. */
  appSecret: string;
  /** Runs `fn` after `ms` unless the simulator closes first. */
  later(ms: number, fn: () => void): void;
  /**
   * Never answers `reply`: the connection stays open until the client gives up (then it is
   * destroyed) or the simulator closes. Used by the `timeoutRate` and `lostAnswerRate` faults.
   */
  hold(reply: FastifyReply): Promise<void>;
  /** Reports one status of a sent message through a webhook (the `webhook-status-*.json` shapes). */
  report(message: SimMessage, status: string, errorCode?: number): void;
  /** In `auto` delivery, reports sent/delivered/read after the configured delays, or the failure. */
  progress(message: SimMessage, failure: number | null): void;
}

/** Builds the reporting half of the context. */
export function reporting(state: SimulatorState, webhooks: WebhookSender, later: SimContext['later']): Pick<SimContext, 'report' | 'progress'> {
  const recipientOf = (message: SimMessage): SimUser | null => {
    const user = state.users.get(message.userId) ?? (message.to ? state.user({ phone: message.to }) : null);
    // A send to a BSUID shows no phone number in its status webhooks (docs/platform.md §4.9).
    return user && !message.to ? { ...user, phone: null } : user;
  };
  const report: SimContext['report'] = (message, status, errorCode) => {
    if (message.statuses.includes(status) || message.statuses.includes('failed')) return;
    const user = recipientOf(message);
    const item = statusItem(state.config, message, user, status, errorCode);
    message.statuses.push(status);
    state.changed();
    const contact = state.config.bsuid && status !== 'failed' && user ? contactEntry(state.config, user, status) : undefined;
    void webhooks.enqueue({ kind: 'status', phoneNumberId: message.phoneNumberId, status: item, ...(contact ? { contact } : {}) });
  };
  const progress: SimContext['progress'] = (message, failure) => {
    if (state.config.delivery !== 'auto') return;
    const d = state.config.deliveryDelaysMs;
    if (failure !== null) return later(d.sent, () => report(message, 'failed', failure));
    later(d.sent, () => report(message, 'sent'));
    later(d.delivered, () => report(message, 'delivered'));
    later(d.read, () => report(message, 'read'));
  };
  return { report, progress };
}
