// Ceiling 2: a bare Fastify route doing one SQLite insert, with the same durability settings as
// Tidings (WAL, synchronous=FULL: each commit is fsynced before the answer). With WITH_AUDIT=1 the
// same unit also inserts an audit entry carrying an HMAC-SHA256 of its content, as Tidings' audit
// trail writes one in a send's unit (bench/people.ts: what the entry adds at the ceiling).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
const db = new Database(path.join(process.env.DATA_DIR, 'insert.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table if not exists items (id integer primary key, body text not null, created_at text not null)');
db.exec(
  'create table if not exists audit (id integer primary key, item_id integer not null, content text not null, hash text not null)',
);
const insert = db.prepare('insert into items (body, created_at) values (?, ?)');
const audit = db.prepare('insert into audit (item_id, content, hash) values (?, ?, ?)');
const key = crypto.randomBytes(32);
const audited = db.transaction((body, at) => {
  const info = insert.run(body, at);
  const content = JSON.stringify({ action: 'message.created', object: Number(info.lastInsertRowid), at });
  audit.run(info.lastInsertRowid, content, crypto.createHmac('sha256', key).update(content).digest('base64url'));
  return info;
});
const withAudit = process.env.WITH_AUDIT === '1';
const app = Fastify();
app.get('/', async () => ({ ok: true }));
app.post('/', async (request, reply) => {
  const info = (withAudit ? audited : insert.run.bind(insert))(JSON.stringify(request.body), new Date().toISOString());
  return reply.code(201).send({ id: Number(info.lastInsertRowid) });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
