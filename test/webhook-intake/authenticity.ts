/** Whether a webhook is the platform's: the verification handshake, and forged or missing signatures refused. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hubSignature } from '../../src/lib/crypto.js';
import { fixture } from '../helpers.js';
import { intakeKit, type IntakeScope } from './kit.js';

export function authenticityCases(scope: () => IntakeScope): void {
  const { post, counts } = intakeKit(scope);

  it('answers the verification handshake with the challenge, and refuses a wrong token', async () => {
    const { h } = scope();
    const ok = await h.app.inject({
      method: 'GET',
      url: `/platform/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${h.deps.secrets.verifyToken}`,
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.body, '1158201444');
    const bad = await h.app.inject({
      method: 'GET',
      url: '/platform/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong',
    });
    assert.equal(bad.statusCode, 403);
  });

  it('refuses a forged or missing signature with 401 and changes nothing', async () => {
    const { h } = scope();
    const before = await counts();
    const payload = fixture('webhook-status-sent.json');
    const forged = await post(payload, 'not-the-app-secret');
    assert.equal(forged.statusCode, 401);
    assert.equal(JSON.parse(forged.body).error.code, 'signature_invalid');
    const raw = JSON.stringify(payload);
    const tampered = await post(
      raw.replace('"sent"', '"read"'),
      undefined,
      hubSignature(raw, h.deps.secrets.appSecret),
    );
    assert.equal(tampered.statusCode, 401);
    const missing = await h.app.inject({
      method: 'POST',
      url: '/platform/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    assert.equal(missing.statusCode, 401);
    assert.deepEqual(await counts(), before);
  });
}
