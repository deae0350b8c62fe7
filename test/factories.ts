/**
 * What many tests need, made one way and typed with the API's own types: an approved template,
 * a text send, an upload. Tests that check these operations themselves call the API directly.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Media } from '../src/media/media.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import type { Template } from '../src/templates/template.schemas.js';
import type { Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { multipart } from './multipart.js';

/** A utility template created with a live key, once the simulator has approved it. */
export async function approvedTemplate(
  h: Harness,
  input: { name: string; body: string } & Record<string, unknown>,
  key = h.account.liveKey,
): Promise<Template> {
  const res = await h.api<Template>('POST', '/v1/templates/', {
    key,
    body: { category: 'UTILITY', language: 'en_US', ...input },
    headers: { 'idempotency-key': `template-${input.name}` },
  });
  assert.equal(res.status, 201, res.text);
  return eventually(async () => {
    const t = (await h.api<Template>('GET', `/v1/templates/${res.body.id}`, { key })).body;
    return t.status === 'approved' && t;
  });
}

/** A text message to `to` (whose window the caller opened), accepted. */
export async function sentText(
  h: Harness,
  to: string,
  text = 'Your order shipped.',
  key = h.account.liveKey,
): Promise<Message> {
  const res = await h.api<Message>('POST', '/v1/messages/', { key, body: { to, type: 'text', text } });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

/**
 * The message once the dispatcher is done with it: the platform took it (`platformMessageId` set)
 * or it failed; for a test key, once it left `accepted`.
 */
export async function dispatched(
  h: Harness,
  messageId: string,
  key = h.account.liveKey,
  timeoutMs = 10_000,
): Promise<Message> {
  return eventually(async () => {
    const m = (await h.api<Message>('GET', `/v1/messages/${messageId}`, { key })).body;
    return (m.platformMessageId !== null || m.status !== 'accepted') && m;
  }, timeoutMs);
}

/**
 * Sends `body` (`to` included) with a live key, waits for the dispatcher to send it, and returns the
 * accepted message, its wamid and the Graph API request the simulator recorded.
 */
export async function sentAndRecorded(
  h: Harness,
  body: Record<string, unknown>,
): Promise<{ message: Message; wamid: string; request: any }> {
  const res = await h.api<Message>('POST', '/v1/messages/', { body });
  assert.equal(res.status, 201, res.text);
  const sent = await dispatched(h, res.body.id);
  return {
    message: res.body,
    wamid: sent.platformMessageId!,
    request: h.sim.state.messages.get(sent.platformMessageId!)!.body,
  };
}

/** The Graph API request the simulator recorded for a message, once the dispatcher sent it (`{messaging_product, to, type, <type>…}`). */
export async function platformRequest(h: Harness, messageId: string, key = h.account.liveKey): Promise<any> {
  const sent = await dispatched(h, messageId, key);
  return h.sim.state.messages.get(sent.platformMessageId!)!.body;
}

/** One of the tiny sample files of test/fixtures/media, uploaded. */
export async function uploaded(h: Harness, sample: string, type: string, key = h.account.liveKey): Promise<Media> {
  const { body, contentType } = multipart({
    file: { filename: sample, type, data: fs.readFileSync(path.join(ROOT, 'test/fixtures/media', sample)) },
  });
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/media/',
    headers: { 'x-api-key': key, 'content-type': contentType },
    payload: body,
  });
  assert.equal(res.statusCode, 201, res.body);
  return JSON.parse(res.body) as Media;
}

/** Uploads being written under `dataDir`: files in the processes' temporary folders (media/tmp/<process>/), heartbeats aside. */
export function tempUploads(dataDir: string): string[] {
  const tmp = path.join(dataDir, 'media', 'tmp');
  if (!fs.existsSync(tmp)) return [];
  return fs
    .readdirSync(tmp, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? fs.readdirSync(path.join(tmp, e.name)).filter((f) => f !== '.alive') : [e.name],
    );
}
