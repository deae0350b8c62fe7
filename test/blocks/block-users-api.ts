/**
 * The simulator's Block Users API in Meta's shapes (the fixtures): a partial failure (139100), the
 * paged list, and too many users at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixture } from '../helpers.js';
import type { Blocks } from './kit.js';

/** Every key path of a JSON value (`block_users.failed_users[].errors[].code`), arrays read through their first item. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : keyPaths(value[0], `${prefix}[]`);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    `${prefix}${prefix ? '.' : ''}${k}`,
    ...keyPaths(v, `${prefix}${prefix ? '.' : ''}${k}`),
  ]);
}

export function blockUsersApiCases(blocks: () => Blocks): void {
  describe('the Block Users API', () => {
    it("answers the Block Users API in Meta's shapes: a partial failure (139100) and the paged list", async () => {
      const { h, token } = blocks();
      await h.customerWrites('+16505550161');
      const graph = (method: string, body?: unknown, query = '') =>
        fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users${query}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const partial = await graph('POST', {
        messaging_product: 'whatsapp',
        block_users: [{ user: '+1 650 555 0161' }, { user: '16505550162' }],
      });
      assert.equal(partial.status, 400);
      const answer = (await partial.json()) as any;
      const missing = keyPaths(fixture('block-users-partial-failure-response.json')).filter(
        (k) => !keyPaths(answer).includes(k),
      );
      assert.deepEqual(missing, [], "every field of Meta's partial failure is there");
      assert.deepEqual(
        [answer.error.code, answer.block_users.added_users[0].wa_id, answer.block_users.failed_users[0].errors[0].code],
        [139100, '16505550161', 131047],
      );
      const listed = (await (await graph('GET', undefined, '?limit=1')).json()) as any;
      const listMissing = keyPaths(fixture('block-users-list-response.json')).filter(
        (k) => k !== 'status' && !keyPaths(listed).includes(k),
      );
      assert.deepEqual(listMissing, []);
      const tooMany = await graph('POST', {
        messaging_product: 'whatsapp',
        block_users: Array.from({ length: 1001 }, (_, i) => ({ user: `1650555${String(i).padStart(4, '0')}` })),
      });
      assert.deepEqual([tooMany.status, ((await tooMany.json()) as any).error.code], [429, 130429]);
      assert.equal(
        (await graph('DELETE', { messaging_product: 'whatsapp', block_users: [{ user: '16505550161' }] })).status,
        200,
      );
    });
  });
}
