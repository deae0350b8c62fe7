/** tidings messages send-batch with a `route` column (docs/api.md §D19): routed rows with the template as their fallback. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';

/** What the entry's cases share: its harness, its template, and its helpers. */
export interface CliBatchScope {
  h: Harness;
  templateId: string;
  cli(key: string, ...argv: string[]): Promise<{ code: number; out: string; err: string; json(): any }>;
  write(name: string, text: string): string;
  messagesOf(key: string, batches: string[]): Promise<Message[]>;
}

export function routedRowsCase(scope: () => CliBatchScope): void {
  it('sends routed rows (route auto, a text) with the template as their fallback, and refuses a bad route by its line', async () => {
    const s = scope();
    const file = s.write(
      'routed.csv',
      'to,route,text,first_name,2,clientReference\n' +
        '+16505550130,auto,Your order A-1090 has shipped.,Ana,A-1090,csv-r1\n' +
        '+16505550131,,,Omar,A-1091,csv-r2\n',
    );
    const res = await s.cli(s.h.account.liveKey, 'messages', 'send-batch', file, '--template', s.templateId, '--json');
    assert.equal(res.code, 0, res.err);
    const summary = res.json();
    assert.deepEqual([summary.accepted, summary.refused], [2, 0]);
    const byRef = new Map(
      (await s.messagesOf(s.h.account.liveKey, summary.batches)).map((m) => [m.clientReference, m]),
    );
    const routed = byRef.get('csv-r1')!;
    assert.deepEqual(
      [routed.type, routed.text, routed.route, routed.fallback?.templateId, routed.fallback?.variables],
      ['text', 'Your order A-1090 has shipped.', 'auto', s.templateId, { first_name: 'Ana', '2': 'A-1090' }],
    );
    assert.equal(byRef.get('csv-r2')!.type, 'template');
    // The window is closed and the simulator refuses the number Direct Send: it went out as its fallback.
    const sent = await eventually(async () => {
      const m = (await s.h.api<Message>('GET', `/v1/messages/${routed.id}`)).body;
      return m.deliveredAs !== null && m;
    });
    assert.equal(sent.deliveredAs, 'template');

    const bad = s.write('bad-route.csv', 'to,route,text,first_name,2\n+16505550132,auto,,Li,A-1092\n');
    const refused = await s.cli(s.h.account.liveKey, 'messages', 'send-batch', bad, '--template', s.templateId);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /Line 2: route auto needs the text to send in the "text" column/);
  });
}
