/**
 * What the intake cases share: the numbers the fixtures were captured from, the scope the entry
 * fills, posts signed as the platform signs them, reads of what was stored, and batches of statuses.
 */
import { hubSignature } from '../../src/lib/crypto.js';
import type { Harness } from '../harness.js';
import { fixture, valueOf } from '../helpers.js';

/** Business numbers the fixtures were captured from. */
export const FIXTURE_NUMBERS = ['106540352242922', '1122334455667', '109999999999999', '409552778964973'];

/** The harness, and a live key of the account made for each of FIXTURE_NUMBERS. */
export interface IntakeScope {
  h: Harness;
  keys: Record<string, string>;
}

/** Helpers on the scope `scope()` returns when they are called. */
export function intakeKit(scope: () => IntakeScope) {
  /** Posts `payload` (or its raw text) to the intake, signed with `secret` (or with `signature` as given). */
  const post = (payload: unknown, secret = scope().h.deps.secrets.appSecret, signature?: string) => {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return scope().h.app.inject({
      method: 'POST',
      url: '/platform/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? hubSignature(raw, secret) },
      payload: raw,
    });
  };
  const message = async (phoneNumberId: string, id: string) =>
    (await scope().h.api('GET', `/v1/messages/${encodeURIComponent(id)}`, { key: scope().keys[phoneNumberId] })).body;
  /** Rows stored, optionally only for wamids starting with `prefix` (other tests' traffic may be in flight). */
  const counts = async (prefix = '') => {
    const { h } = scope();
    const n = async (table: 'messages' | 'status_reports' | 'inbound_messages') =>
      Number(
        (
          await h.deps.store.read
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('platform_message_id', 'like', `${prefix}%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { messages: await n('messages'), reports: await n('status_reports'), inbound: await n('inbound_messages') };
  };
  return { post, message, counts };
}

/** A webhook with `count` messages of one number, each reported with `steps`, one second apart. */
export function batch(phoneNumberId: string, count: number, steps: string[], tag = 'dup') {
  const statuses: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    steps.forEach((status, s) => {
      statuses.push({
        id: `wamid.batch-${tag}-${i}`,
        status,
        timestamp: String(1750030073 + s),
        recipient_id: '16505551234',
      });
    });
  }
  const template = fixture('webhook-status-minimal-v24.json');
  valueOf(template).metadata.phone_number_id = phoneNumberId;
  valueOf(template).statuses = statuses;
  return template;
}
