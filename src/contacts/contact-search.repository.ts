/**
 * Contact search (`GET /v1/contacts?q=`, docs/api.md §D16) over the index of migration 0012: a
 * contact matches when each search term begins one of its words (lib/search-text.ts). Results keep
 * the list's order (most recent activity first, keyset paging), which no word index holds, so a page
 * is found in one of two ways, or both in turn:
 *
 * - **Read the matches**: every match (M of them, across the database) is found through the word
 *   index, the scope's kept and sorted: a row read at random per match.
 * - **Walk the list**: the scope's contacts in list order (the list's own index), each tested
 *   against the terms until the page is full: when matches are common they come after few
 *   contacts. A window per statement (at most WALK_WINDOW contacts), other work running between
 *   two, so a walk that must go far never holds the one SQLite connection, nor the event loop, long.
 *
 * The choice is made on what each would cost. M is counted through the index up to SPARSE_ALWAYS:
 * that few are read at once. Otherwise a first, small window (PROBE_WINDOW) measures how common
 * matches are in the list; then each window that leaves the page short weighs the walk still
 * expected (matches to go ÷ matches per contact so far × `walkUs`) against reading the matches
 * (M × `readUs`, M now counted up to a cap, once, and only when reading could be cheaper), and reads
 * them once that is cheaper. Terms of one or two characters skip the first count: they match so many
 * contacts that the walk wins, and counting them is what would cost (PostgreSQL's index gathers
 * every match). The costs are measured on this machine, warm (bench/README.md, "Contacts").
 *
 * The word index: SQLite's FTS5 table `contacts_search`; PostgreSQL's GIN index on `contact_words`.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { isPostgres } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { Reader } from '../db/store.js';
import type { ContactListQuery, ContactRow } from './contact.repository.js';

/** At most this many matches in the whole database: read them through the index at once. */
export const SPARSE_ALWAYS = 200;
/** The first window of a walk (contacts): enough to tell common matches from rare ones. */
export const PROBE_WINDOW = 500;
/** The most contacts one statement of a walk tests. */
export const WALK_WINDOW = 2_000;
/** Terms this short (characters) go straight to the walk. */
const SHORT_TERM = 2;
/**
 * Per dialect: µs to test one contact of a walk (the list's index, in order), and to read one match
 * through the word index (a row read at random, then sorted), as measured at 1,000,000 contacts,
 * where the table no longer fits in memory and a read at random costs most (bench/README.md,
 * "Contacts"; at 100,000 contacts, warm, reads cost a fifth of this); and the most matches counted
 * (more are never read: counting costs per match on PostgreSQL).
 */
const COSTS = {
  sqlite: { walkUs: 0.5, readUs: 4, countCap: 20_000 },
  postgres: { walkUs: 1.5, readUs: 30, countCap: 2_000 },
} as const;

export interface ContactSearchQuery extends Omit<ContactListQuery, 'q'> {
  /** Folded terms (lib/search-text.ts `searchTerms`), each of letters, marks and digits only. */
  terms: string[];
}

type Cursor = ContactSearchQuery['after'];

/**
 * The page of contacts matching every term, in the list's order, at most `limit`.
 * Empty when there are no terms.
 */
export async function searchContacts(db: Reader, q: ContactSearchQuery): Promise<ContactRow[]> {
  if (q.terms.length === 0) return [];
  const postgres = isPostgres(db);
  const index = postgres ? postgresIndex(q.terms) : sqliteIndex(q.terms);
  const costs = COSTS[postgres ? 'postgres' : 'sqlite'];
  const count = async (cap: number) =>
    Number((await sql<{ n: number }>`select count(*) as n from (${index.matches(cap)}) m`.execute(db)).rows[0]!.n);
  // What is known of M: at least `atLeast`; exactly `matches` once counted up to the cap.
  let atLeast = 0;
  let matches: number | null = null;
  if (q.terms.some((t) => [...t].length > SHORT_TERM)) {
    const few = await count(SPARSE_ALWAYS + 1);
    if (few <= SPARSE_ALWAYS) return index.read(db, q, q.after, q.limit);
    atLeast = few;
  }
  const found: ContactRow[] = [];
  let after = q.after;
  let walked = 0;
  for (let size = PROBE_WINDOW; ; size = WALK_WINDOW) {
    const window = await walkWindow(db, q, after, size, q.limit - found.length);
    found.push(...window.found);
    if (found.length >= q.limit || window.end === null) return found;
    after = window.end;
    walked += size;
    const walkUs = ((q.limit - found.length) / (Math.max(found.length, 0.5) / walked)) * costs.walkUs;
    // Counted only when reading might be the cheaper way: a common term is never counted in full.
    if (walkUs > atLeast * costs.readUs) {
      matches ??= await count(costs.countCap + 1);
      if (matches <= costs.countCap && matches * costs.readUs < walkUs)
        return [...found, ...(await index.read(db, q, after, q.limit - found.length))];
      atLeast = matches;
    }
    await yieldToOthers();
  }
}

/** A word index: its matches (any scope, at most `limit`), and a page read through it. */
interface WordIndex {
  matches(limit: number): RawBuilder<unknown>;
  read(db: Reader, q: ContactSearchQuery, after: Cursor, limit: number): Promise<ContactRow[]>;
}

/** SQLite: the FTS5 table, each term a prefix query (implicit AND). */
function sqliteIndex(terms: string[]): WordIndex {
  const match = terms.map((t) => `"${t}"*`).join(' ');
  return {
    matches: (limit) => sql`select rowid from contacts_search where contacts_search match ${match} limit ${limit}`,
    // `cross join` keeps SQLite from walking contacts first.
    read: async (db, q, after, limit) =>
      (
        await sql<ContactRow>`
          select c.* from contacts_search s cross join contacts c on c.rowid = s.rowid
          where contacts_search match ${match} and ${pageConditions(q, after)}
          order by c.last_activity_at desc, c.id desc limit ${limit}`.execute(db)
      ).rows,
  };
}

/**
 * PostgreSQL: the GIN index of `contact_words`, the stored words against the terms as prefixes. A
 * page is read by the matches' ids (`= any(array(…))`): as a join, the planner preferred scanning
 * every contact for a few thousand matches.
 */
function postgresIndex(terms: string[]): WordIndex {
  const tsquery = terms.map((t) => `'${t}':*`).join(' & ');
  return {
    matches: (limit) =>
      sql`select w.contact_id from contact_words w where w.words @@ ${tsquery}::tsquery limit ${limit}`,
    read: async (db, q, after, limit) =>
      (
        await sql<ContactRow>`
          select c.* from contacts c
          where c.id = any(array(select w.contact_id from contact_words w where w.words @@ ${tsquery}::tsquery and w.phone_number_id = ${q.phoneNumberId} and w.mode = ${q.mode}))
            and ${pageConditions(q, after)}
          order by c.last_activity_at desc, c.id desc limit ${limit}`.execute(db)
      ).rows,
  };
}

/** The scope, window and cursor conditions of a page (`c`: the contacts table's alias). */
function pageConditions(q: ContactSearchQuery, after: Cursor) {
  const conditions = [sql<SqlBool>`c.phone_number_id = ${q.phoneNumberId}`, sql<SqlBool>`c.mode = ${q.mode}`];
  if (after) conditions.push(afterCursor('c.last_activity_at', { value: after.last_activity_at, id: after.id }));
  // Within the range of the list's index since the window's start (contact.repository.ts listContacts).
  if (q.windowOpen === true)
    conditions.push(sql<SqlBool>`c.last_activity_at > ${q.windowStart!} and c.last_inbound_at > ${q.windowStart!}`);
  if (q.windowOpen === false)
    conditions.push(sql<SqlBool>`(c.last_inbound_at is null or c.last_inbound_at <= ${q.windowStart!})`);
  return sql.join(conditions, sql` and `);
}

/**
 * One window of the walk: up to `limit` matches among the next `size` contacts after `after`, and
 * where the window ended (null: the list ended within it, or the page is full). A term begins a
 * word when the words, each after a space, hold a space and the term (terms are letters, marks and
 * digits: no wildcard).
 */
async function walkWindow(
  db: Reader,
  q: ContactSearchQuery,
  after: Cursor,
  size: number,
  limit: number,
): Promise<{ found: ContactRow[]; end: { last_activity_at: string; id: string } | null }> {
  const test = sql.join(
    q.terms.map((t) => sql<SqlBool>`(' ' || c.search_text) like ${`% ${t}%`}`),
    sql` and `,
  );
  // SQLite: the window is read from the list's index alone (it holds the words, migration 0012), a
  // row only for each match. PostgreSQL reads the row for the words.
  const window = isPostgres(db)
    ? sql`select * from (select c.* from contacts c where ${pageConditions(q, after)} order by c.last_activity_at desc, c.id desc limit ${size}) c`
    : sql`select m.* from (select c.rowid as r, c.search_text, c.last_activity_at, c.id from contacts c where ${pageConditions(q, after)} order by c.last_activity_at desc, c.id desc limit ${size}) c
          cross join contacts m on m.rowid = c.r`;
  const { rows: found } =
    await sql<ContactRow>`${window} where ${test} order by c.last_activity_at desc, c.id desc limit ${limit}`.execute(
      db,
    );
  if (found.length >= limit) return { found, end: null };
  const { rows: last } = await sql<{ last_activity_at: string; id: string }>`
    select c.last_activity_at, c.id from contacts c where ${pageConditions(q, after)}
    order by c.last_activity_at desc, c.id desc limit 1 offset ${size - 1}`.execute(db);
  return { found, end: last[0] ?? null };
}
