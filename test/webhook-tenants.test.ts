/**
 * A platform webhook speaks only for the accounts its signing app covers (security issue 10,
 * finding 2): two accounts on two app secrets of their own, and one on the service-wide secret.
 * A body signed with one tenant's secret that names another tenant's number or template is
 * refused whole (401), and nothing of it is stored. Each body names its WABA (`entry[].id`) as the
 * platform does: the WABA chooses the secret its signature is checked with (webhook-cost.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Insertable } from 'kysely';
import type { TemplatesTable } from '../src/db/schema.js';
import { startHarness, type Harness } from './harness.js';
import { fixture, valueOf } from './helpers.js';

describe('platform webhooks across tenants', () => {
  let h: Harness;
  const secretA = 'app-secret-of-tenant-a';
  const secretB = 'app-secret-of-tenant-b';
  const tenants: Record<'a' | 'b' | 'c', { id: string; wabaId: string; phoneNumberId: string; key: string }> =
    {} as never;

  before(async () => {
    h = await startHarness();
    const make = async (name: string, phoneNumberId: string, appSecret?: string) => {
      const account = await h.deps.accounts.createAccount({
        name,
        wabaId: `9${phoneNumberId}`,
        phoneNumberId,
        phoneNumber: `+1555${phoneNumberId.slice(-7)}`,
        accessToken: `token-${name}`,
        ...(appSecret ? { appSecret } : {}),
      });
      return {
        id: account.id,
        wabaId: account.wabaId,
        phoneNumberId,
        key: (await h.deps.keys.createKey({ accountId: account.id, mode: 'live' })).key,
      };
    };
    tenants.a = await make('Tenant A', '710000000000001', secretA);
    tenants.b = await make('Tenant B', '720000000000002', secretB);
    tenants.c = await make('Tenant C', '730000000000003');
  });
  after(() => h.close());

  const post = (payload: unknown, secret: string) => h.platformWebhook(payload, secret);
  /** The inbound text fixture, addressed to `phoneNumberId` under `wabaId`, with a fresh wamid. */
  const inbound = (phoneNumberId: string, wamid: string, wabaId: string) => {
    const payload = fixture('webhook-inbound-text.json');
    payload.entry[0].id = wabaId;
    const value = valueOf(payload);
    value.metadata.phone_number_id = phoneNumberId;
    value.messages[0].id = wamid;
    return payload;
  };
  /** The failed-status fixture for `wamid` of `phoneNumberId`, under `wabaId`. */
  const failedStatus = (phoneNumberId: string, wamid: string, wabaId: string) => {
    const payload = fixture('webhook-status-failed.json');
    payload.entry[0].id = wabaId;
    const value = valueOf(payload);
    value.metadata.phone_number_id = phoneNumberId;
    value.statuses[0].id = wamid;
    return payload;
  };
  const inboundCount = async (wamid: string) =>
    Number(
      (
        await h.deps.store.read
          .selectFrom('inbound_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('platform_message_id', '=', wamid)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('accepts a body signed by the app that covers the account it names', async () => {
    assert.equal(
      (await post(inbound(tenants.a.phoneNumberId, 'wamid.tenant-a-own', tenants.a.wabaId), secretA)).status,
      200,
    );
    assert.equal(await inboundCount('wamid.tenant-a-own'), 1);
    assert.equal(
      (
        await post(
          inbound(tenants.c.phoneNumberId, 'wamid.tenant-c-global', tenants.c.wabaId),
          h.deps.secrets.appSecret,
        )
      ).status,
      200,
    );
    assert.equal(await inboundCount('wamid.tenant-c-global'), 1);
  });

  it("refuses a customer message forged for another tenant with the tenant's own secret, or with the service-wide one", async () => {
    // Under A's own WABA (the signature holds; B's number is not A's to speak for), or under B's.
    for (const wabaId of [tenants.a.wabaId, tenants.b.wabaId]) {
      const forged = await post(inbound(tenants.b.phoneNumberId, 'wamid.forged-for-b', wabaId), secretA);
      assert.equal(forged.status, 401);
      assert.equal(forged.body.error.code, 'signature_invalid');
    }
    // Tenant B has an app of its own: the service-wide secret does not speak for it either.
    assert.equal(
      (await post(inbound(tenants.b.phoneNumberId, 'wamid.forged-for-b', tenants.c.wabaId), h.deps.secrets.appSecret))
        .status,
      401,
    );
    assert.equal(
      (await post(inbound(tenants.b.phoneNumberId, 'wamid.forged-for-b', tenants.b.wabaId), h.deps.secrets.appSecret))
        .status,
      401,
    );
    // Nor does tenant A's secret speak for tenant C, on the service-wide secret.
    assert.equal(
      (await post(inbound(tenants.c.phoneNumberId, 'wamid.forged-for-c', tenants.a.wabaId), secretA)).status,
      401,
    );
    assert.equal(await inboundCount('wamid.forged-for-b'), 0);
    assert.equal(await inboundCount('wamid.forged-for-c'), 0);
  });

  it('refuses a batch whole when one of its entries names another tenant (nothing of it is stored)', async () => {
    const mixed = inbound(tenants.a.phoneNumberId, 'wamid.mixed-a', tenants.a.wabaId);
    mixed.entry.push(inbound(tenants.b.phoneNumberId, 'wamid.mixed-b', tenants.b.wabaId).entry[0]);
    assert.equal((await post(mixed, secretA)).status, 401);
    // Both entries under A's WABA: A's signature holds, and the entry for B's number refuses it all.
    mixed.entry[1].id = tenants.a.wabaId;
    assert.equal((await post(mixed, secretA)).status, 401);
    assert.equal(await inboundCount('wamid.mixed-a'), 0);
    assert.equal(await inboundCount('wamid.mixed-b'), 0);
  });

  it("refuses a passed-on field naming another tenant's number, signed by the tenant of the WABA (issue 38, finding 8)", async () => {
    const change = (phoneNumberId: string) => ({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: tenants.a.wabaId,
          changes: [{ field: 'calls', value: { metadata: { phone_number_id: phoneNumberId }, calls: [{ id: 'c1' }] } }],
        },
      ],
    });
    const forged = await post(change(tenants.b.phoneNumberId), secretA);
    assert.equal(forged.status, 401);
    assert.equal(forged.body.error.code, 'signature_invalid');
    assert.equal((await post(change(tenants.a.phoneNumberId), secretA)).status, 200);
  });

  it("cannot fail another tenant's message", async () => {
    const sent = await post(fixture('webhook-status-sent.json'), h.deps.secrets.appSecret); // unrelated number: skipped
    assert.equal(sent.status, 200);
    // Tenant B's message, known from the platform's own (correctly signed) report.
    const ok = fixture('webhook-status-delivered.json');
    const value = valueOf(ok);
    value.metadata.phone_number_id = tenants.b.phoneNumberId;
    value.statuses[0].id = 'wamid.tenant-b-message';
    ok.entry[0].id = tenants.b.wabaId;
    assert.equal((await post(ok, secretB)).status, 200);
    const before = (await h.api('GET', '/v1/messages/wamid.tenant-b-message', { key: tenants.b.key })).body;
    assert.equal(before.status, 'delivered');

    assert.equal(
      (await post(failedStatus(tenants.b.phoneNumberId, 'wamid.tenant-b-message', tenants.a.wabaId), secretA)).status,
      401,
    );
    const afterForgery = (await h.api('GET', '/v1/messages/wamid.tenant-b-message', { key: tenants.b.key })).body;
    assert.equal(afterForgery.status, 'delivered');
    assert.equal(afterForgery.error, null);
  });

  it("cannot reject another tenant's approved template", async () => {
    // Tenant B's template, as submitted (its platform, a real Meta app, is not the simulator here),
    // then approved by a review signed with B's secret.
    const row: Insertable<TemplatesTable> = {
      id: 'tpl_tenantbtemplate0000000000',
      account_id: tenants.b.id,
      name: 'tenant_b_notice',
      language: 'en_US',
      category: 'UTILITY',
      status: 'processing',
      platform_template_id: '8800000000000002',
      body: 'Your appointment is confirmed for {{1}} at the clinic.',
      variables: JSON.stringify([{ example: 'Tuesday' }]),
      header: null,
      footer: null,
      rejection_reason: null,
      approved_at: null,
      submission_error: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      deleted_at: null,
    };
    await h.deps.store.write((tx) => tx.insertInto('templates').values(row).execute());
    const review = (event: string, reason: string, wabaId: string) => {
      const payload = fixture('webhook-template-status-approved.json');
      payload.entry[0].id = wabaId;
      Object.assign(valueOf(payload), { event, reason, message_template_id: 8800000000000002 });
      return payload;
    };
    assert.equal((await post(review('APPROVED', 'NONE', tenants.b.wabaId), secretB)).status, 200);
    assert.equal((await h.api('GET', `/v1/templates/${row.id}`, { key: tenants.b.key })).body.status, 'approved');

    assert.equal((await post(review('REJECTED', 'SCAM', tenants.a.wabaId), secretA)).status, 401);
    assert.equal((await post(review('REJECTED', 'SCAM', tenants.c.wabaId), h.deps.secrets.appSecret)).status, 401);
    const template = (await h.api('GET', `/v1/templates/${row.id}`, { key: tenants.b.key })).body;
    assert.equal(template.status, 'approved');
    assert.equal(template.rejectionReason, null);
  });
});
