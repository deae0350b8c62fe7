/** How the simulator answers requests as Meta does: unknown paths, ids and methods, bodies of any type, and tokens. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { simulatorAccessToken } from '../../src/simulator/app.js';
import { PNID, SECRET, WABA, textTo, type SimHarness } from '../conformance/sim.js';
import { fixture } from '../helpers.js';

const errorKeys = (b: any) => Object.keys(b.error).sort();

export function requestCases(sim: () => SimHarness): void {
  it('answers unknown paths, unknown ids and methods, bad JSON and other content types in Meta’s envelope', async () => {
    const s = sim();
    const path = await s.graph('GET', '/v23.0/123/nothing/here');
    assert.deepEqual([path.status, path.body.error.code, path.body.error.type], [400, 2500, 'OAuthException']);
    assert.match(path.body.error.message, /^Unknown path components: /);
    const obj = await s.graph('GET', '/v23.0/454545');
    assert.deepEqual(errorKeys(obj.body), errorKeys(fixture('error-100-object-does-not-exist.json')));
    assert.deepEqual(
      [obj.body.error.code, obj.body.error.error_subcode, obj.body.error.type],
      [100, 33, 'GraphMethodException'],
    );
    assert.equal(obj.body.error.message, fixture('error-100-object-does-not-exist.json').error.message);
    const method = await s.graph('PUT', `/v23.0/${PNID}/messages`, textTo('+16505551234'));
    assert.equal(method.body.error.code, 2500);
    const json = await s.graph('POST', `/v23.0/${PNID}/messages`, undefined, {
      raw: '{"messaging_product": "whatsapp",',
      headers: { 'content-type': 'application/json' },
    });
    assert.deepEqual([json.status, json.body.error.code], [400, 100]);
    assert.match(json.body.error.error_data.details, /not valid JSON/);
    const xml = await s.graph('POST', `/v23.0/${PNID}/messages`, undefined, {
      raw: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    assert.deepEqual([xml.status, xml.body.error.code], [400, 100]);
    // Form-encoded bodies are read as the Graph API reads them.
    const form = await s.graph('POST', `/v23.0/${PNID}/messages`, undefined, {
      raw: new URLSearchParams({
        messaging_product: 'whatsapp',
        to: '+16505551234',
        type: 'text',
        text: '{"body":"hi"}',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 200, JSON.stringify(form.body));
  });

  it('checks tokens: any token it did not issue is 190, none is 104, another WABA’s objects are hidden', async () => {
    const s = sim();
    const bad = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505551234'), { token: 'EAAG-anything' });
    assert.deepEqual(
      [bad.status, bad.body.error.code, bad.body.error.type, bad.body.error.error_subcode],
      [401, 190, 'OAuthException', undefined],
    );
    assert.equal(bad.body.error.message, 'Invalid OAuth access token - Cannot parse access token');
    for (const [method, path] of [
      ['GET', `/v23.0/${WABA}/message_templates`],
      ['DELETE', `/v23.0/${WABA}/message_templates?name=x`],
    ] as const) {
      const none = await s.graph(method, path, undefined, { token: null });
      assert.equal(none.body.error.code, 104, `${method} ${path} needs a token`);
    }
    const other = await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, {
      token: simulatorAccessToken(SECRET, '999999999999999'),
    });
    assert.deepEqual([other.body.error.code, other.body.error.error_subcode], [100, 33]);
    const forged = await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, {
      token: simulatorAccessToken('another-secret', WABA),
    });
    assert.equal(forged.body.error.code, 190);
    // A token registered through the control API works; once expired it is 190/463 worded like the fixture.
    await s.control('POST', '/_simulator/tokens', { token: 'EAAG-registered', wabaId: WABA, phoneNumberIds: [PNID] });
    assert.equal(
      (await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, { token: 'EAAG-registered' })).status,
      200,
    );
    await s.control('POST', '/_simulator/tokens', {
      token: 'EAAG-expired',
      wabaId: WABA,
      expiresAt: Math.floor(Date.now() / 1000) - 3600,
    });
    const expired = await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, { token: 'EAAG-expired' });
    assert.deepEqual(errorKeys(expired.body), errorKeys(fixture('error-190-access-token-expired.json')));
    assert.deepEqual([expired.body.error.code, expired.body.error.error_subcode], [190, 463]);
    assert.match(
      expired.body.error.message,
      /^Error validating access token: Session has expired on \w+day, \d\d-\w{3}-\d\d \d\d:\d\d:\d\d P[DS]T\. The current time is /,
    );
  });
}
