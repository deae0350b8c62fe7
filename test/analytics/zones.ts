/**
 * Analytics in a time zone (`timeZone`, issue 38 finding 13): the days and hours of the zone's
 * clock, for offsets of half and three quarters of an hour (India +5:30, Nepal +5:45: messages one
 * UTC hour holds fall in two of their days) and a day of 25 hours (New York's end of daylight
 * saving); as JSON and CSV; an unknown zone refused naming `timeZone`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ManualClock } from '../../src/lib/clock.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import { startHarness } from '../harness.js';
import { analytics } from './kit.js';

/** The `[start, accepted]` of each row of an answer. */
const rows = (body: any) => body.data.map((r: any) => [r.start, r.accepted]);

export function zoneCases(): void {
  describe('time zones', () => {
    it("counts each message in the zone's day and hour it was accepted in, for +5:30, +5:45 and a 25-hour day", async () => {
      const clock = new ManualClock();
      const h = await startHarness({ clock });
      try {
        await h.simulatorConfig({ delivery: 'manual' });
        const template = await approvedTemplate(h, { name: 'zoned', body: 'Your order shipped.' });
        // 18:10, 18:20, 18:40 UTC: in India 23:40, 23:50 (20 Nov) and 00:10 (21 Nov); in Nepal 23:55
        // (20 Nov), 00:05 and 00:25 (21 Nov). 04:30 UTC on 2 Nov: 23:30 on 1 Nov in New York, whose
        // 1 Nov has 25 hours (04:00 UTC to 05:00 UTC the next day).
        for (const at of [
          '2026-11-20T18:10:00Z',
          '2026-11-20T18:20:00Z',
          '2026-11-20T18:40:00Z',
          '2026-11-02T04:30:00Z',
        ]) {
          clock.set(Date.parse(at));
          const res = await h.api<Message>('POST', '/v1/messages', {
            body: { to: '+16505550100', type: 'template', templateId: template.id },
          });
          assert.equal(res.status, 201, res.text);
        }
        const nov = 'from=2026-11-20&to=2026-11-22';
        assert.deepEqual(rows((await analytics(h, nov)).body), [['2026-11-20T00:00:00.000Z', 3]], 'UTC, as before');
        const india = (await analytics(h, `${nov}&timeZone=Asia/Kolkata`)).body;
        assert.deepEqual(
          { from: india.from, to: india.to, timeZone: india.timeZone, rows: rows(india) },
          {
            from: '2026-11-20T00:00:00.000+05:30',
            to: '2026-11-22T00:00:00.000+05:30',
            timeZone: 'Asia/Kolkata',
            rows: [
              ['2026-11-20T00:00:00.000+05:30', 2],
              ['2026-11-21T00:00:00.000+05:30', 1],
            ],
          },
        );
        assert.deepEqual(rows((await analytics(h, `${nov}&timeZone=Asia/Kathmandu`)).body), [
          ['2026-11-20T00:00:00.000+05:45', 1],
          ['2026-11-21T00:00:00.000+05:45', 2],
        ]);
        const hours = 'granularity=hour&from=2026-11-20T17:00:00Z&to=2026-11-20T20:00:00Z&timeZone=Asia/Kolkata';
        assert.deepEqual(rows((await analytics(h, hours)).body), [
          ['2026-11-20T23:00:00.000+05:30', 2],
          ['2026-11-21T00:00:00.000+05:30', 1],
        ]);
        const ny = (await analytics(h, 'from=2026-11-01&to=2026-11-03&timeZone=America/New_York')).body;
        assert.deepEqual(
          { from: ny.from, to: ny.to, rows: rows(ny) },
          {
            from: '2026-11-01T00:00:00.000-04:00',
            to: '2026-11-03T00:00:00.000-05:00',
            rows: [['2026-11-01T00:00:00.000-04:00', 1]],
          },
        );
        const csv = await analytics(h, `${nov}&timeZone=Asia/Kolkata`, h.account.liveKey, { accept: 'text/csv' });
        assert.match(String(csv.headers['content-disposition']), /messages-day-2026-11-20-2026-11-22\.csv/);
        assert.deepEqual(
          (parse(csv.text, { columns: true }) as Record<string, string>[]).map((r) => [r.start, Number(r.accepted)]),
          rows(india),
        );
        const bad = await h.api('GET', '/v1/analytics/messages?timeZone=Mars/Olympus');
        assert.equal(bad.status, 400, bad.text);
        assert.deepEqual([bad.body.error.code, bad.body.error.param], ['parameter_invalid', 'timeZone']);
      } finally {
        await h.close();
      }
    });
  });
}
