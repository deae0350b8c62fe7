/**
 * What the dispatch cases share: the entry's harness, its approved template and the templates of
 * the accounts the cases make (`Dispatch`), and the calls they make: a template send, the sending
 * number as GET /v1/phone_numbers shows it, an account of a case's own, the copies of a message the
 * platform took.
 */
import type { PhoneNumber } from '../../src/accounts/phone-number.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import type { Harness } from '../harness.js';

/** Copies of one message the simulator took, told apart by the `msg_` id the service puts in `biz_opaque_callback_data`. */
export const copiesAt = (h: Harness, messageId: string) =>
  [...h.sim.state.messages.values()].filter((m) => m.callbackData === messageId).length;

/** The entry's harness and template, and each case's own account's template by its live key. */
export interface Dispatch {
  h: Harness;
  templateId: string;
  templates: Map<string, string>;
}

/** The calls, on what `dispatch` gives when a case runs (after the entry's `before`). */
export function dispatchKit(dispatch: () => Dispatch) {
  const sendTemplate = (to: string, key = dispatch().h.account.liveKey, extra: Record<string, unknown> = {}) => {
    const { h, templateId, templates } = dispatch();
    return h.api<Message>('POST', '/v1/messages/', {
      key,
      body: { to, type: 'template', templateId: templates.get(key) ?? templateId, ...extra },
    });
  };
  const numberOf = async (key = dispatch().h.account.liveKey) =>
    (await dispatch().h.api<{ data: PhoneNumber[] }>('GET', '/v1/phone_numbers', { key })).body.data.find(
      (n) => n.sender,
    )!;
  /** Each test's own account (one test's held-back queue never slows another's), with an approved template. */
  const newAccount = async (name: string, options: { throughput?: number } = {}) => {
    const { h, templates } = dispatch();
    const account = await h.newAccount(name, options);
    templates.set(
      account.liveKey,
      (await approvedTemplate(h, { name: 'notice', body: 'Your order shipped.' }, account.liveKey)).id,
    );
    return account;
  };
  return { sendTemplate, numberOf, newAccount };
}
