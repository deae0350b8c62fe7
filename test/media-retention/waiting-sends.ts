/**
 * Files and bodies of messages still waiting to be sent (issue 38, findings 7 and 11), on the
 * manual clock: a scheduled send holds its file against DELETE /v1/media/{id}; a file gone anyway
 * (a customer's file past its retention) fails its message at once with `media_not_found` and the
 * customer's next message still goes; message-body retention removes the copies a scheduled send
 * keeps, so what it said is never sent after its retention.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, it } from 'node:test';
import type { ManualClock } from '../../src/lib/clock.js';
import type { InboundMessage, Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate, uploaded } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually, ROOT } from '../helpers.js';

const DAY = 24 * 60 * 60 * 1000;

type Scope = () => { h: Harness; clock: ManualClock };

/** What the cases share: their own account, requests as its live key, and times on the manual clock. */
function kit(scope: Scope) {
  const own: { acct?: Harness['account'] } = {};
  before(async () => {
    own.acct = await scope().h.newAccount('Waiting sends');
  });
  const acct = () => own.acct!;
  const api = <T = any>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    scope().h.api<T>(method, url, { key: acct().liveKey, ...(body !== undefined ? { body } : {}) });
  const at = (ms: number) => new Date(scope().clock.now() + ms).toISOString();
  const message = async (id: string) => (await api<Message>('GET', `/v1/messages/${id}`)).body;
  /** How many times the simulator was asked to send this message. */
  const platformCopies = (id: string) =>
    [...scope().h.sim.state.messages.values()].filter((m) => m.callbackData === id);
  return { acct, api, at, message, platformCopies };
}

/**
 * The files of waiting sends. Registered while the manual clock is still near the real one: a
 * customer's window opens at the simulator's (real) time of their message.
 */
export function waitingFileCases(scope: Scope): void {
  const { acct, api, at, message, platformCopies } = kit(scope);

  it('refuses to delete a file a scheduled send needs (409 media_in_use), until the send is canceled', async () => {
    const { h } = scope();
    await h.customerWrites('+16505577001', 'Hi', acct().phoneNumberId);
    const image = await uploaded(h, 'sample.png', 'image/png', acct().liveKey);
    const later = await api<Message>('POST', '/v1/messages/', {
      to: '+16505577001',
      type: 'media',
      mediaId: image.id,
      sendAt: at(3600_000),
    });
    assert.equal(later.status, 201, later.text);
    assert.equal(later.body.status, 'scheduled');
    const refused = await api('DELETE', `/v1/media/${image.id}`);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.code, 'media_in_use');
    assert.match(refused.body.error.message, new RegExp(`message ${later.body.id} is scheduled to send it`));
    assert.equal((await api('POST', `/v1/messages/${later.body.id}/cancel`)).status, 200);
    assert.equal((await api('DELETE', `/v1/media/${image.id}`)).status, 200);
  });

  it("fails at once with media_not_found a send whose customer's file retention deleted, and the customer's next message goes", async () => {
    const { h, clock } = scope();
    const customer = '+16505577002';
    const photo = await h.customerSends(
      customer,
      {
        type: 'image',
        image: {
          data: fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.jpg')).toString('base64'),
          mimeType: 'image/jpeg',
        },
      },
      acct().phoneNumberId,
    );
    const file = await eventually(async () => {
      const m = (await api<InboundMessage>('GET', `/v1/inbound_messages/${photo.wamid}`)).body;
      return m.media?.status === 'stored' && m.media;
    });
    // Sent back to the customer in a minute, and a text behind it to the same customer.
    const sendAt = at(61_000);
    const back = await api<Message>('POST', '/v1/messages/', { to: customer, type: 'media', mediaId: file.id, sendAt });
    assert.equal(back.status, 201, back.text);
    const next = await api<Message>('POST', '/v1/messages/', {
      to: customer,
      type: 'text',
      text: 'And a note',
      sendAt,
    });
    assert.equal(next.status, 201, next.text);
    // The file goes as the retention of customers' files deletes it (in use or not).
    assert.equal(await h.deps.mediaDeletion.deleteCustomerFilesBefore(acct().id, at(1000), 10), 1);
    clock.advance(62_000);
    const failed = await eventually(async () => {
      const m = await message(back.body.id);
      return m.status === 'failed' && m;
    });
    assert.equal(failed.error?.code, 'media_not_found', JSON.stringify(failed.error));
    await eventually(async () => (await message(next.body.id)).sentAt !== null);
    assert.deepEqual(platformCopies(back.body.id), [], 'never reached the platform');
  });
}

/** The bodies of waiting sends (the clock moves days on). */
export function waitingBodyCases(scope: Scope): void {
  const { acct, api, at, message, platformCopies } = kit(scope);

  it('removes the body a scheduled send keeps when message-body retention removes it: the message fails, nothing is sent', async () => {
    const { h, clock } = scope();
    const template = await approvedTemplate(
      h,
      { name: 'visit_code', body: 'Your door code is {{1}}.', variables: [{ example: '1234' }] },
      acct().liveKey,
    );
    const later = await api<Message>('POST', '/v1/messages/', {
      to: '+16505577003',
      type: 'template',
      templateId: template.id,
      variables: { '1': '8841' },
      sendAt: at(2 * DAY),
    });
    assert.equal(later.status, 201, later.text);
    await h.deps.retentionSettings.set(acct().id, { messageBodiesDays: 1 });
    clock.advance(DAY + 3600_000);
    await h.deps.retention.sweep();
    const scrubbed = await message(later.body.id);
    assert.deepEqual([scrubbed.status, scrubbed.variables], ['scheduled', null]);
    assert.ok(scrubbed.contentRemovedAt);
    clock.advance(DAY);
    const failed = await eventually(async () => {
      const m = await message(later.body.id);
      return m.status === 'failed' && m;
    });
    assert.equal(failed.error?.code, 'content_removed', JSON.stringify(failed.error));
    assert.match(failed.error!.message, /removed by the account's message-body retention/);
    assert.deepEqual(platformCopies(later.body.id), [], 'what it said was never sent');
  });
}
