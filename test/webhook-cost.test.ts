/**
 * What a platform webhook costs before its signature is known, and how much one may carry (issue
 * 23, item 5; docs/api.md §D11). Fifty accounts each have an app secret of their own: a body's
 * secret is chosen from the WABAs it names, so a bad signature costs one HMAC, not one per secret;
 * and a body carrying more than the platform sends in one POST (1,000 updates, entries, changes or
 * customers, docs/platform.md §4.3) is refused with 400 request_too_large, nothing of it stored.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { hubSignature } from '../src/lib/crypto.js';
import { signingCandidates } from '../src/platform/cloud-api/webhook-signer.js';
import { startHarness, type Harness } from './harness.js';
import { fixture, valueOf } from './helpers.js';

const TENANTS = 50;

interface Tenant {
  wabaId: string;
  phoneNumberId: string;
  secret: string;
}

describe('platform webhooks: one HMAC each, and no larger than the platform sends', () => {
  let h: Harness;
  const tenants: Tenant[] = [];
  // HMACs keyed with an app secret Tidings holds, counted where node:crypto makes them (the
  // service's `import { createHmac }` sees the wrapper: syncBuiltinESMExports).
  const secrets = new Set<string>();
  let hmacs = 0;
  const createHmac = crypto.createHmac;

  before(async () => {
    (crypto as { createHmac: typeof createHmac }).createHmac = ((
      algorithm: string,
      key: crypto.BinaryLike,
      options?: never,
    ) => {
      if (typeof key === 'string' && secrets.has(key)) hmacs++;
      return createHmac(algorithm, key, options);
    }) as typeof createHmac;
    syncBuiltinESMExports();
    h = await startHarness();
    secrets.add(h.deps.secrets.appSecret);
    for (let i = 0; i < TENANTS; i++) {
      const phoneNumberId = String(770000000000000 + i);
      const tenant = { wabaId: `9${phoneNumberId}`, phoneNumberId, secret: `own-app-secret-${i}` };
      await h.deps.accounts.createAccount({
        name: `Tenant ${i}`,
        wabaId: tenant.wabaId,
        phoneNumberId,
        phoneNumber: `+1555${phoneNumberId.slice(-7)}`,
        accessToken: `token-${i}`,
        appSecret: tenant.secret,
      });
      secrets.add(tenant.secret);
      tenants.push(tenant);
    }
  });
  after(async () => {
    (crypto as { createHmac: typeof createHmac }).createHmac = createHmac;
    syncBuiltinESMExports();
    await h.close();
  });

  /** POSTs `payload` signed with `secret` (or with the header given): the answer and the HMACs the service computed. */
  const post = async (payload: unknown, secret: string, header = hubSignature(JSON.stringify(payload), secret)) => {
    hmacs = 0;
    const res = await h.app.inject({
      method: 'POST',
      url: '/platform/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': header },
      payload: JSON.stringify(payload),
    });
    return {
      status: res.statusCode,
      code: res.statusCode === 200 ? null : (JSON.parse(res.body).error.code as string),
      hmacs,
    };
  };
  /** The inbound text fixture for `tenant`'s number and WABA, with `count` messages `wamid.<tag>-<i>`. */
  const inbound = (tenant: Tenant, tag: string, count = 1) => {
    const payload = fixture('webhook-inbound-text.json');
    payload.entry[0].id = tenant.wabaId;
    const value = valueOf(payload);
    value.metadata.phone_number_id = tenant.phoneNumberId;
    value.messages = Array.from({ length: count }, (_, i) => ({ ...value.messages[0], id: `wamid.${tag}-${i}` }));
    return payload;
  };
  /** A webhook of `count` sent statuses (`wamid.<tag>-<i>`) for `tenant`'s number. */
  const statuses = (tenant: Tenant, tag: string, count: number) => {
    const payload = fixture('webhook-status-minimal-v24.json');
    payload.entry[0].id = tenant.wabaId;
    valueOf(payload).metadata.phone_number_id = tenant.phoneNumberId;
    valueOf(payload).statuses = Array.from({ length: count }, (_, i) => ({
      id: `wamid.${tag}-${i}`,
      status: 'sent',
      timestamp: '1750030073',
      recipient_id: '16505551234',
    }));
    return payload;
  };
  /** Rows stored for wamids starting with `wamid.<tag>-`: messages Tidings learned of, customers' messages. */
  const stored = async (tag: string) => {
    const n = async (table: 'messages' | 'inbound_messages') =>
      Number(
        (
          await h.deps.store.read
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('platform_message_id', 'like', `wamid.${tag}-%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return (await n('messages')) + (await n('inbound_messages'));
  };

  it('chooses the one secret of the WABA a body names, among fifty accounts with their own', async () => {
    const candidates = (...wabaIds: string[]) =>
      signingCandidates({
        global: h.deps.secrets.appSecret,
        appSecrets: (o) => h.deps.accounts.appSecrets(o),
        wabaIds: () => wabaIds,
      });
    for (const tenant of [tenants[0]!, tenants[17]!, tenants[TENANTS - 1]!])
      assert.deepEqual(await candidates(tenant.wabaId), [tenant.secret]);
    assert.deepEqual(
      await candidates('123456789'),
      [h.deps.secrets.appSecret],
      'a WABA no account has: the service-wide secret',
    );
    assert.deepEqual(await candidates(), [h.deps.secrets.appSecret], 'no WABA named');
    const simulated = (await h.deps.accounts.getAccount(h.account.id))!.wabaId;
    assert.deepEqual(await candidates(simulated), [h.deps.secrets.appSecret], 'an account without a secret of its own');
    assert.deepEqual(
      await candidates(tenants[1]!.wabaId, '123456789'),
      [tenants[1]!.secret],
      'a WABA no account has adds nothing',
    );
    assert.deepEqual(await candidates(tenants[1]!.wabaId, tenants[2]!.wabaId), [], 'two apps: no one app sent it');
    assert.deepEqual(await candidates(tenants[1]!.wabaId, simulated), [], 'an app of its own and the service-wide one');
  });

  it('checks a bad signature with that one secret: 401 for one HMAC, and a good body is taken for one', async () => {
    const tenant = tenants[23]!;
    const forged = await post(inbound(tenant, 'forged'), 'not-an-app-secret');
    assert.deepEqual(forged, { status: 401, code: 'signature_invalid', hmacs: 1 });
    assert.deepEqual(
      await post(inbound(tenant, 'other-tenant'), tenants[24]!.secret),
      { status: 401, code: 'signature_invalid', hmacs: 1 },
      "another tenant's secret",
    );
    assert.deepEqual(
      await post(inbound(tenant, 'no-header'), tenant.secret, 'sha256=nothex'),
      { status: 401, code: 'signature_invalid', hmacs: 0 },
      'a header that cannot match',
    );
    assert.equal((await stored('forged')) + (await stored('other-tenant')) + (await stored('no-header')), 0);

    assert.deepEqual(await post(inbound(tenant, 'genuine'), tenant.secret), { status: 200, code: null, hmacs: 1 });
    assert.equal(await stored('genuine'), 1);
  });

  it("refuses a body naming two tenants' WABAs, signed by one of them, without an HMAC, storing nothing", async () => {
    const mixed = inbound(tenants[3]!, 'mixed-3');
    mixed.entry.push(inbound(tenants[4]!, 'mixed-4').entry[0]);
    for (const secret of [tenants[3]!.secret, tenants[4]!.secret])
      assert.deepEqual(await post(mixed, secret), { status: 401, code: 'signature_invalid', hmacs: 0 });
    assert.equal((await stored('mixed-3')) + (await stored('mixed-4')), 0);
  });

  it('takes the most the platform sends in one POST: 1,000 statuses', async () => {
    assert.deepEqual(await post(statuses(tenants[5]!, 'thousand', 1000), tenants[5]!.secret), {
      status: 200,
      code: null,
      hmacs: 1,
    });
    assert.equal(await stored('thousand'), 1000);
  });

  it('refuses with 400 request_too_large, storing nothing, a body carrying more than the platform sends', async () => {
    const tenant = tenants[6]!;
    const entries = statuses(tenant, 'entries', 1);
    for (let i = 0; i < 1000; i++) entries.entry.push({ id: tenant.wabaId, changes: [] });
    const changes = statuses(tenant, 'changes', 1);
    for (let i = 0; i < 1000; i++)
      changes.entry[0].changes.push({
        field: 'messages',
        value: { messaging_product: 'whatsapp', metadata: valueOf(changes).metadata },
      });
    const contacts = inbound(tenant, 'contacts');
    valueOf(contacts).contacts = Array.from({ length: 1001 }, (_, i) => ({
      profile: { name: `Customer ${i}` },
      wa_id: String(16505550000 + i),
    }));
    const over: [string, unknown][] = [
      ['statuses', statuses(tenant, 'statuses', 1001)],
      ['messages', inbound(tenant, 'messages', 20_000)],
      ['entries', entries],
      ['changes', changes],
      ['contacts', contacts],
    ];
    for (const [tag, payload] of over) {
      assert.deepEqual(await post(payload, tenant.secret), { status: 400, code: 'request_too_large', hmacs: 1 }, tag);
      assert.equal(await stored(tag), 0, tag);
    }
  });
});
