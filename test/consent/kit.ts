/**
 * What the consent cases share: the entry's harness, clock and template (`Consent`), and the calls
 * every case makes on them: a customer's active suppressions, a text or template send, the events of
 * a type, a customer's text webhook.
 */
import type { Suppression } from '../../src/consent/consent.schemas.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { Harness } from '../harness.js';
import { fixture } from '../helpers.js';

export type Page = { data: Suppression[]; has_more: boolean };

/** The entry's harness (on its manual clock) and the approved template its cases send. */
export interface Consent {
  h: Harness;
  clock: ManualClock;
  templateId: string;
}

/** The calls the cases make, on what `consent` gives when they run (after the entry's `before`). */
export function consentKit(consent: () => Consent) {
  const active = async (phone: string) => {
    const { h } = consent();
    return (await h.api<Page>('GET', '/v1/suppressions?active=true&limit=100')).body.data.filter(
      (s) => s.phone === phone,
    );
  };
  const sendText = (to: string, extra: Record<string, unknown> = {}) =>
    consent().h.api<Message>('POST', '/v1/messages', {
      body: { to, type: 'text', text: 'Your parcel is at the door.', ...extra },
    });
  const sendTemplate = (to: string, extra: Record<string, unknown> = {}) => {
    const { h, templateId } = consent();
    return h.api<Message>('POST', '/v1/messages', { body: { to, type: 'template', templateId, ...extra } });
  };
  const events = async (type: string) =>
    (await consent().h.api('GET', `/v1/events?type=${type}&limit=100`)).body.data as {
      data: { object: Suppression };
    }[];
  /** A customer's text message webhook, as the platform sends it (docs/platform.md §4.5), with `seconds` as its timestamp. */
  function textWebhook(from: string, wamid: string, seconds: number) {
    const body = structuredClone(fixture('webhook-inbound-text.json'));
    const v = body.entry[0].changes[0].value;
    v.metadata.phone_number_id = consent().h.account.phoneNumberId;
    v.contacts = [{ profile: { name: 'Customer' }, wa_id: from }];
    v.messages = [{ from, id: wamid, timestamp: String(seconds), type: 'text', text: { body: 'STOP' } }];
    return body;
  }
  return { active, sendText, sendTemplate, events, textWebhook };
}
