/**
 * Health endpoints (issue 14, item 3): liveness at /health and /health/live, readiness at
 * /health/ready with each check (database reachable, migrations applied, not draining). Outside the
 * API: no key, not in the OpenAPI document.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { migrationProvider } from '../src/db/migrations.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';

describe('health endpoints', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('answers readiness with each check, without an API key', async () => {
    const res = await h.api('GET', '/health/ready', { key: null });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.body.status, 'ready');
    assert.equal(res.body.checks.database.ok, true);
    assert.equal(typeof res.body.checks.database.ms, 'number');
    assert.equal(res.body.checks.migrations.ok, true);
    assert.ok(res.body.checks.migrations.applied > 0);
    assert.deepEqual(res.body.checks.draining, { ok: true });
    for (const url of ['/health', '/health/live']) {
      const live = await h.api('GET', url, { key: null });
      assert.equal(live.status, 200);
      assert.deepEqual(live.body, { status: 'ok' });
    }
  });

  it('leaves the health endpoints out of the OpenAPI document', async () => {
    const doc = (await h.api('GET', '/v1/openapi.json', { key: null })).body;
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.includes('health')),
      [],
    );
  });

  it('is not ready while a migration this build knows is not applied', async () => {
    const db = h.deps.store.read;
    const last = await db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const { name } = last as { name: string };
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const res = await h.api('GET', '/health/ready', { key: null });
      assert.equal(res.status, 503);
      assert.equal(res.body.status, 'not_ready');
      assert.equal(res.body.checks.migrations.ok, false);
      assert.deepEqual(res.body.checks.migrations.pending, [name]);
      assert.equal(res.body.checks.database.ok, true);
    } finally {
      await db
        .insertInto('kysely_migration' as never)
        .values(last as never)
        .execute();
    }
    assert.equal((await h.api('GET', '/health/ready', { key: null })).status, 200);
  });

  it('turns readiness 503 while draining, stays live, and refuses new API requests', async () => {
    h.deps.lifecycle.draining = true;
    try {
      const ready = await h.api('GET', '/health/ready', { key: null });
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body.checks.draining, { ok: false, error: 'shutting down' });
      assert.equal((await h.api('GET', '/health/live', { key: null })).status, 200);
      assert.equal((await h.api('GET', '/health', { key: null })).status, 200);
      const refused = await h.api('GET', '/v1/messages');
      assert.equal(refused.status, 503);
      assert.equal(refused.body.error.code, 'service_unavailable');
    } finally {
      h.deps.lifecycle.draining = false;
    }
  });

  it('is not ready when the database does not answer', async () => {
    // A second service on the same database, whose connections are gone.
    const peer = await h.startPeer();
    try {
      await peer.deps.store.close();
      const res = await peer.app.inject({ method: 'GET', url: '/health/ready' });
      assert.equal(res.statusCode, 503);
      const body = res.json();
      assert.equal(body.checks.database.ok, false);
      assert.equal(typeof body.checks.database.error, 'string');
      assert.equal((await peer.app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
    } finally {
      await peer.close();
    }
  });
  it('reads only its own schema on PostgreSQL: another schema with a migration table and a messages table changes nothing', {
    skip: DIALECT !== 'postgres',
  }, async () => {
    const db = h.deps.store.read;
    const ours = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
    // Named like this run's schemas, so scripts/test.mjs drops it with them.
    const other = `${ours}_other`;
    await sql`create schema ${sql.id(other)}`.execute(db);
    await sql`create table ${sql.id(other, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      db,
    );
    await sql`insert into ${sql.id(other, 'kysely_migration')} values ('9999_from_another_application', '2026-01-01')`.execute(
      db,
    );
    await sql`create table ${sql.id(other, 'messages')} (id text primary key)`.execute(db);

    const known = Object.keys(await migrationProvider.getMigrations()).length;
    const ready = await h.api('GET', '/health/ready', { key: null });
    assert.equal(ready.status, 200, ready.text);
    assert.deepEqual(ready.body.checks.migrations, { ok: true, applied: known });
    // Kysely's own introspector lists every schema's tables; the service's lists its schema only.
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    assert.deepEqual([...new Set(tables.map((t) => t.schema))], [ours]);
    assert.ok(tables.some((t) => t.name === 'messages') && tables.some((t) => t.name === 'kysely_migration'));
    // A second service on the same database migrates (nothing to do) and is ready.
    const peer = await h.startPeer();
    try {
      const res = await peer.app.inject({ method: 'GET', url: '/health/ready' });
      assert.equal(res.statusCode, 200, res.body);
    } finally {
      await peer.close();
    }
  });
});
