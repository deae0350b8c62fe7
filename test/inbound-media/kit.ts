/** What the inbound-file cases share: the sample files, an account subscribed to `message.received`, a customer's file, its event. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InboundMessage } from '../../src/messages/schemas/message.schemas.js';
import type { Harness } from '../harness.js';
import { eventually, ROOT } from '../helpers.js';
import { startReceiver, type Receiver } from '../receiver.js';

/** The bytes of test/fixtures/media/`name`. */
export const sample = (name: string) => fs.readFileSync(path.join(ROOT, 'test/fixtures/media', name));
/** The SHA-256 of `data`, in hex (as the ETag carries it). */
export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
export type Account = Harness['account'];

/** A registered endpoint for `message.received` on a fresh account, and its receiver. */
export async function subscribed(h: Harness, receivers: Receiver[]): Promise<{ account: Account; receiver: Receiver }> {
  const account = await h.newAccount('Files');
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await h.api('POST', '/v1/webhook_endpoints', {
    key: account.liveKey,
    body: { url: receiver.url, events: ['message.received'] },
  });
  assert.equal(res.status, 201, res.text);
  receiver.secrets = [res.body.secret];
  return { account, receiver };
}

/** A customer sends a file through the simulator; resolves once the service took the webhook. */
export async function customerSends(
  h: Harness,
  account: Account,
  type: string,
  file: { data: Buffer; mimeType: string; caption?: string; filename?: string },
) {
  const body = await h.customerSends(
    '+16505551234',
    { type, [type]: { ...file, data: file.data.toString('base64') } },
    account.phoneNumberId,
  );
  assert.equal(body.webhook, 'delivered');
  return body as typeof body & { mediaId: string };
}

/** The `message.received` event of `wamid`, once delivered (verified with the endpoint's secret). */
export async function receivedEvent(receiver: Receiver, wamid: string): Promise<InboundMessage> {
  const event = await eventually(async () =>
    receiver.received.find((r) => r.type === 'message.received' && r.body.data.object.platformMessageId === wamid),
  );
  assert.equal(event.verifiedWith.length, 1);
  return event.body.data.object as InboundMessage;
}

/** The harness, and the receivers started so far (the entry closes them after the last case). */
export interface FilesScope {
  h: Harness;
  receivers: Receiver[];
}
