/** The limits of rich sends, each breach named by field, all in one answer. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { richKit } from './kit.js';

export function limitCases(harness: () => Harness): void {
  const { send, customer, inboundByWamid } = richKit(harness);

  describe('limits, each breach named by field, all in one answer', () => {
    const issuesOf = async (body: Record<string, unknown>) => {
      const res = await send(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'parameter_invalid');
      assert.equal(res.body.error.param, res.body.error.issues[0].field);
      return (res.body.error.issues as { code: string; field: string }[]).map((i) => `${i.code} ${i.field}`);
    };
    const long = (n: number) => 'x'.repeat(n);

    it('reply buttons', async () => {
      const issues = await issuesOf({
        type: 'interactive',
        interactive: {
          kind: 'buttons',
          header: long(61),
          body: long(1025),
          footer: long(61),
          buttons: [
            { id: 'a', title: long(21) },
            { id: long(257), title: 'B' },
            { id: 'a', title: 'B' },
            { id: 'd', title: 'D' },
          ],
        },
      });
      assert.deepEqual(issues, [
        'too_long interactive.body',
        'too_long interactive.header',
        'too_long interactive.footer',
        'too_many interactive.buttons',
        'too_long interactive.buttons[0].title',
        'too_long interactive.buttons[1].id',
        'duplicate interactive.buttons[2].id',
        'duplicate interactive.buttons[2].title',
      ]);
      assert.deepEqual(
        await issuesOf({ type: 'interactive', interactive: { kind: 'buttons', body: ' ', buttons: [] } }),
        ['blank interactive.body', 'too_few interactive.buttons'],
      );
      // Counted as the platform's validators count (UTF-16 code units, docs/platform.md §1.4): 👍 counts 2.
      assert.equal(
        (
          await send({
            type: 'interactive',
            interactive: { kind: 'buttons', body: 'ok', buttons: [{ id: 'e', title: '👍'.repeat(10) }] },
          })
        ).status,
        201,
      );
      assert.deepEqual(
        await issuesOf({
          type: 'interactive',
          interactive: { kind: 'buttons', body: 'ok', buttons: [{ id: 'e', title: '👍'.repeat(11) }] },
        }),
        ['too_long interactive.buttons[0].title'],
      );
    });

    it('a list', async () => {
      const sections = Array.from({ length: 11 }, (_, n) => ({
        title: `Section ${n}`,
        rows: [{ id: `r${n}`, title: 'Row' }],
      }));
      sections[0] = { title: long(25), rows: [{ id: long(201), title: long(25), description: long(73) } as never] };
      sections[1] = { rows: [{ id: 'r2', title: 'Row' }] } as never;
      const issues = await issuesOf({
        type: 'interactive',
        interactive: { kind: 'list', body: long(4097), button: long(21), sections },
      });
      assert.deepEqual(issues, [
        'too_long interactive.body',
        'too_long interactive.button',
        'too_many interactive.sections',
        'too_many interactive.sections',
        'too_long interactive.sections[0].title',
        'too_long interactive.sections[0].rows[0].id',
        'too_long interactive.sections[0].rows[0].title',
        'too_long interactive.sections[0].rows[0].description',
        'section_title_required interactive.sections[1].title',
        'duplicate interactive.sections[2].rows[0].id',
      ]);
    });

    it('a call-to-action URL button', async () => {
      assert.deepEqual(
        await issuesOf({
          type: 'interactive',
          interactive: { kind: 'cta_url', body: 'Go', displayText: long(21), url: 'ftp://acme.example' },
        }),
        ['too_long interactive.displayText', 'url_invalid interactive.url'],
      );
    });

    it('location, contacts and reaction', async () => {
      assert.deepEqual(await issuesOf({ type: 'location', location: { latitude: 90.5, longitude: -181 } }), [
        'out_of_range location.latitude',
        'out_of_range location.longitude',
      ]);
      assert.deepEqual(
        await issuesOf({ type: 'contacts', contacts: [{ name: { formatted: 'Ok' } }, { name: { formatted: '  ' } }] }),
        ['blank contacts[1].name.formatted'],
      );
      assert.deepEqual(await issuesOf({ type: 'contacts', contacts: [] }), ['too_few contacts']);
      const inbound = await inboundByWamid(await customer({ text: 'hi' }));
      assert.deepEqual(await issuesOf({ type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍👍' } }), [
        'not_an_emoji reaction.emoji',
      ]);
      assert.deepEqual(await issuesOf({ type: 'reaction', reaction: { messageId: inbound.id, emoji: 'a' } }), [
        'not_an_emoji reaction.emoji',
      ]);
    });

    it('the schema still names shape errors by field', async () => {
      const res = await send({
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Hi', buttons: [{ id: 'a' }] },
      });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.param],
        [400, 'parameter_missing', 'interactive.buttons.0.title'],
        'the schema names array items as the rest of the API does',
      );
      const kind = await send({ type: 'interactive', interactive: { kind: 'carousel', body: 'Hi' } });
      assert.deepEqual(
        [kind.status, kind.body.error.code, kind.body.error.param],
        [400, 'parameter_invalid', 'interactive.kind'],
      );
    });
  });
}
