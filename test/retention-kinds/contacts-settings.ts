/** Inactive contacts chosen for erasure, and the settings (test/retention-kinds.test.ts). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { RetentionKinds, type ContactEraser } from '../../src/privacy/retention/retention-kinds.service.js';
import { approvedTemplate } from '../factories.js';
import type { Erasure } from '../../src/privacy/erasure/erasure.schemas.js';
import { eventually, fixture, valueOf } from '../helpers.js';
import { DAY, kindsKit, type KindsContext } from './kit.js';

export function contactAndSettingCases(ctx: () => KindsContext): void {
  const { db, cli } = kindsKit(ctx);
  it('chooses the contacts inactive past their days for erasure, a unit at a time, and none of another account', async () => {
    const { h, clock } = ctx();
    const d = await h.newAccount('Forgets quiet customers');
    const e = await h.newAccount('Keeps every customer');
    await h.deps.retentionSettings.set(d.id, { inactiveContactsDays: 30 });
    const contactOf = async (phoneNumberId: string, phone: string) =>
      (
        await db()
          .selectFrom('contacts')
          .select('id')
          .where('phone_number_id', '=', phoneNumberId)
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).id;
    /** A customer writes, at the manual clock's time (the platform's timestamp is the contact's activity). */
    const writes = async (account: { id: string; phoneNumberId: string }, phone: string, text: string) => {
      const payload = fixture('webhook-inbound-text.json');
      payload.entry[0].id = (await h.deps.accounts.getAccount(account.id))!.wabaId;
      const value = valueOf(payload);
      value.metadata.phone_number_id = account.phoneNumberId;
      value.contacts[0].wa_id = phone.slice(1);
      Object.assign(value.messages[0], {
        from: phone.slice(1),
        id: `wamid.${phone}-${clock.now()}`,
        timestamp: String(Math.floor(clock.now() / 1000)),
        text: { body: text },
      });
      assert.equal((await h.platformWebhook(payload)).status, 200);
    };
    await writes(d, '+16505554501', 'first quiet one');
    clock.advance(1000);
    await writes(d, '+16505554502', 'second quiet one');
    await writes(d, '+16505554503', 'quiet, but a send is scheduled');
    await writes(e, '+16505554504', 'another account');
    // A template scheduled 34 days ahead: the contact's activity is its acceptance, yet it is not erased while it waits.
    const template = await approvedTemplate(h, { name: 'reminder_later', body: 'See you soon.' }, d.liveKey);
    const scheduled = await h.api('POST', '/v1/messages/', {
      key: d.liveKey,
      body: {
        to: '+16505554503',
        type: 'template',
        templateId: template.id,
        sendAt: new Date(clock.now() + 34 * DAY).toISOString(),
      },
    });
    assert.equal(scheduled.status, 201, scheduled.text);
    clock.advance(20 * DAY);
    await writes(d, '+16505554505', 'wrote on day 20');
    clock.advance(11 * DAY);

    const calls: { accountId: string; mode: string; ids: string[]; actor: unknown }[] = [];
    const recording: ContactEraser = {
      eraseInactive: async (accountId, mode, contactIds, actor) => {
        calls.push({ accountId, mode, ids: contactIds, actor });
      },
    };
    const kinds = new RetentionKinds({
      store: h.deps.store,
      clock,
      logger: h.deps.logger,
      metrics: { removed() {} },
      unit: 1,
    });
    kinds.contactEraser.fill(recording);
    const result = await kinds.sweep();
    const first = await contactOf(d.phoneNumberId, '+16505554501');
    const second = await contactOf(d.phoneNumberId, '+16505554502');
    assert.deepEqual(calls, [
      { accountId: d.id, mode: 'live', ids: [first], actor: { type: 'system', id: 'retention' } },
      { accountId: d.id, mode: 'live', ids: [second], actor: { type: 'system', id: 'retention' } },
    ]);
    assert.equal(result.inactiveContacts, 2);
    assert.deepEqual(result.skipped, []);

    // The service's own sweep hands them to the erasure of customers (docs/api.md §D28), which
    // erases them as POST /v1/erasures would, named as the retention's.
    assert.equal(h.deps.retentionKinds.contactEraser.filled, true);
    const swept = await h.deps.retention.sweep();
    assert.equal(swept.inactiveContacts, 2);
    const listed = await eventually(async () => {
      const list = (await h.api<{ data: Erasure[] }>('GET', '/v1/erasures', { key: d.liveKey })).body.data;
      return list.length > 0 && list.every((e) => e.status === 'completed') && list;
    }, 30_000);
    assert.deepEqual(
      [listed.reduce((n, e) => n + e.erased, 0), [...new Set(listed.map((e) => e.requestedBy.type))]],
      [2, ['system']],
    );
    for (const id of [first, second])
      assert.equal((await h.api('GET', `/v1/contacts/${id}`, { key: d.liveKey })).status, 404);
    const kept = await contactOf(d.phoneNumberId, '+16505554503');
    assert.equal((await h.api('GET', `/v1/contacts/${kept}`, { key: d.liveKey })).status, 200);
    assert.equal((await h.api('GET', '/v1/erasures', { key: e.liveKey })).body.data.length, 0);
    // A later sweep names no contact twice: they are gone.
    assert.equal((await h.deps.retention.sweep()).inactiveContacts, 0);
  });

  it('checks each setting, sets it back to its default, and shows every kind with its default (service, CLI, GET /v1/account)', async () => {
    const { h } = ctx();
    const a = await h.newAccount('Settings');
    const shown = async () => (await h.api('GET', '/v1/account', { key: a.liveKey })).body.retention;
    const defaults = {
      customerFilesDays: null,
      messageBodiesDays: null,
      eventsDays: 30,
      platformPayloadsDays: 30,
      inactiveContactsDays: null,
      auditDays: 365,
    };
    assert.deepEqual(await shown(), { ...defaults, defaults });

    for (const [change, message] of [
      [{ eventsDays: 6 }, /eventsDays must be a whole number of days from 7 to 3650; got 6/],
      [{ eventsDays: 3651 }, /from 7 to 3650/],
      [{ platformPayloadsDays: 0 }, /platformPayloadsDays must be a whole number of days from 1 to 3650/],
      [{ inactiveContactsDays: 29 }, /inactiveContactsDays must be a whole number of days from 30 to 36500/],
      [{ inactiveContactsDays: 36_501 }, /from 30 to 36500/],
      [{ eventsDays: 7.5 }, /whole number/],
    ] as const)
      await assert.rejects(h.deps.retentionSettings.set(a.id, change), (err: Error) => {
        assert.ok(err instanceof RangeError);
        assert.match(err.message, message);
        return true;
      });
    assert.deepEqual(await shown(), { ...defaults, defaults }, 'nothing refused was stored');

    let res = await cli(
      'accounts',
      'update',
      a.id,
      '--retain-events',
      'forever',
      '--retain-platform-payloads',
      '14',
      '--retain-inactive-contacts',
      '400',
    );
    assert.equal(res.code, 0, res.err);
    assert.match(
      res.out,
      /events for ever, platform payloads 14 days, inactive contacts erased after 400 days, audit trail 365 days/,
    );
    assert.deepEqual(await shown(), {
      ...defaults,
      eventsDays: null,
      platformPayloadsDays: 14,
      inactiveContactsDays: 400,
      defaults,
    });
    res = await cli('accounts', 'update', a.id, '--retain-events', '90', '--json');
    assert.equal(res.json().retention.eventsDays, 90);
    res = await cli(
      'accounts',
      'update',
      a.id,
      '--retain-events',
      'default',
      '--retain-platform-payloads',
      'default',
      '--retain-inactive-contacts',
      'never',
    );
    assert.equal(res.code, 0, res.err);
    assert.deepEqual(await shown(), { ...defaults, defaults });
    const stored = await db()
      .selectFrom('accounts')
      .select(['retain_events_days', 'retain_platform_payloads_days', 'retain_inactive_contacts_days'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, {
      retain_events_days: null,
      retain_platform_payloads_days: null,
      retain_inactive_contacts_days: null,
    });

    for (const [flag, bad, message] of [
      ['--retain-events', '6', /must be a number of days from 7 to 3650, or forever or default/],
      ['--retain-events', 'never', /from 7 to 3650/],
      ['--retain-platform-payloads', '0', /must be a number of days from 1 to 3650, or default/],
      ['--retain-platform-payloads', 'forever', /from 1 to 3650, or default/],
      ['--retain-inactive-contacts', '29', /must be a number of days from 30 to 36500, or never/],
      ['--retain-inactive-contacts', 'soon', /or never/],
    ] as const) {
      res = await cli('accounts', 'update', a.id, flag, bad);
      assert.equal(res.code, 1, `${flag} ${bad}`);
      assert.match(res.err, message);
    }
    assert.deepEqual(await shown(), { ...defaults, defaults }, 'nothing the CLI refused was stored');
  });
}
