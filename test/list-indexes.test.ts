/**
 * Every list filter is read from an index (docs/api.md §D6, migration 0032): for each filter of
 * each list route, the statement its repository runs is explained by the database, which must read
 * the filter's rows by the index named in test/list-indexes/cases.ts, searching by the filter's
 * column (not testing the rows of the list's general index one by one), and never scan the table.
 * The filters are read from the routes' querystring schemas, so a new one without a case fails, and
 * so does a new paged list without the case of its plain page.
 * Then each filter's pages, seven rows at a time, are the rows it should keep in the list's order.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { seedLists } from '../bench/list-seed.js';
import { iso } from '../src/lib/clock.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { CASES, type Case } from './list-indexes/cases.js';
import { LISTS, type Ctx, type List, type Row } from './list-indexes/lists.js';
import { capturing, planner, type Access } from './list-indexes/plans.js';

const PAGING = new Set(['limit', 'starting_after']);

/** The filters of every GET route that pages with `starting_after`, as `GET /v1/… filter` (`routes`: the routes). */
function routeFilters(h: Harness, routes = false): string[] {
  return h.app.routeTable.flatMap((r) => {
    const spec = r.config.route;
    const properties = spec?.querystring?.properties as Record<string, unknown> | undefined;
    if (!spec || spec.method !== 'GET' || !properties?.starting_after) return [];
    if (routes) return [`GET /v1${spec.url}`];
    return Object.keys(properties)
      .filter((p) => !PAGING.has(p))
      .map((p) => `GET /v1${spec.url} ${p}`);
  });
}

const whereOf = (c: Case, ctx: Ctx) => (typeof c.where === 'function' ? c.where(ctx) : c.where);

describe('every list filter is served by an index', () => {
  let h: Harness;
  let ctx: Ctx;
  let plans: Awaited<ReturnType<typeof planner>>;

  before(async () => {
    h = await startHarness();
    ctx = {
      accountId: h.account.id,
      phoneNumberId: h.account.phoneNumberId,
      auditChain: 'acc_list_plans',
      windowStart: iso(Date.now() - 86_400_000),
    };
    // Another account, with thirty times the suppressions: the account's rows are then a small part of
    // the table for PostgreSQL's planner, as in a service of many accounts (not most of it, when the
    // primary key's order, also the list's, looks the cheaper walk).
    const other = await h.newAccount('Other');
    const sizes = { messages: 3000, inbound: 1500, contacts: 1000, suppressions: 1000, audit: 1000 };
    const others = { accountId: other.id, phoneNumberId: other.phoneNumberId, auditChain: `${ctx.auditChain}_other` };
    await seedLists(h.deps.store, { ...others, ...sizes, suppressions: 30_000 });
    await seedLists(h.deps.store, { ...ctx, ...sizes });
    plans = await planner(h, DIALECT);
  });
  after(async () => {
    await plans?.close();
    // The seed's audit entries carry no chain hashes: gone before the harness verifies the trail.
    await h?.deps.store.write((tx) =>
      tx.deleteFrom('audit_events').where('chain', 'like', `${ctx.auditChain}%`).execute(),
    );
    await h?.close();
  });

  it('has a case for every filter of every list route, and no case for a filter that is gone', () => {
    const filters = routeFilters(h);
    assert.ok(filters.length >= 25, `${filters.length} filters`);
    const covered = new Set(CASES.filter((c) => c.filter !== '').map((c) => `${c.route} ${c.filter}`));
    assert.deepEqual(
      filters.filter((f) => !covered.has(f)),
      [],
      'a list filter without a case in test/list-indexes/cases.ts',
    );
    assert.deepEqual(
      [...covered].filter((c) => !filters.includes(c)),
      [],
    );
  });

  // SQLite: the service never runs ANALYZE, so a database has no statistics unless its operator
  // made them; the plans must hold both ways. PostgreSQL always has them (autovacuum, db/upkeep.ts).
  for (const statistics of DIALECT === 'sqlite' ? [true, false] : [true]) {
    describe(statistics ? 'with statistics' : 'without statistics', () => {
      before(async () => {
        if (statistics) return;
        await h.deps.store.write((tx) => sql`delete from sqlite_stat1`.execute(tx));
        await plans.close();
        plans = await planner(h, DIALECT);
      });
      for (const c of CASES) {
        it(`${c.route}?${c.label}: read from ${c.index.join(' or ')}${c.why ? ` (${c.why})` : ''}`, async () => {
          const { db, statements } = capturing(h.deps.store.read);
          await LISTS[c.list].run(db, ctx, whereOf(c, ctx), 20, undefined);
          assert.ok(statements.length > 0);
          const accesses: Access[] = [];
          for (const s of statements) accesses.push(...(await plans.accesses(s)));
          const shown = JSON.stringify(accesses);
          assert.ok(
            accesses.every((a) => a.index !== null),
            `a scan of a whole table: ${shown}`,
          );
          const used = accesses.filter((a) => a.index !== null && c.index.includes(a.index));
          assert.ok(used.length > 0, `not read from ${c.index.join(' or ')}: ${shown}`);
          // The index is searched (a range of it), by the filter's column when it has one of its own.
          assert.ok(
            used.some((a) => a.search !== '' && (c.column === undefined || a.search.includes(c.column))),
            `${c.index.join('/')} walked, not searched${c.column ? ` by ${c.column}` : ''}: ${shown}`,
          );
        });
      }
    });
  }

  it('has the plan of every paged list without a filter', () => {
    const lists = new Set(routeFilters(h, true));
    const plain = new Set(CASES.filter((c) => c.filter === '').map((c) => c.route));
    assert.deepEqual(
      [...lists].filter((r) => !plain.has(r)),
      [],
      'a paged list without its case in test/list-indexes/cases.ts',
    );
  });

  for (const c of CASES.filter((k) => k.match)) {
    it(`${c.route}?${c.label}: its pages are the rows it keeps, newest first`, async () => {
      const list: List = LISTS[c.list];
      const db = h.deps.store.read;
      const expected = (await list.all!(db, ctx).execute()).filter((r) => c.match!(r, ctx)).map((r) => r.id);
      assert.ok(expected.length > 0, 'the seed holds rows of the filter');
      const got: string[] = [];
      let last: Row | undefined;
      for (;;) {
        const page = await list.run(db, ctx, whereOf(c, ctx), 7, last);
        got.push(...page.map((r) => r.id));
        if (page.length < 7) break;
        last = page.at(-1);
        assert.ok(got.length <= expected.length + 7, 'pages go on past the rows of the filter');
      }
      assert.deepEqual(got, expected);
    });
  }
});
