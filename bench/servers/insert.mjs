// Ceiling 2: a bare Fastify route doing one SQLite insert, with the same durability settings as
// Tidings (WAL, synchronous=FULL: each commit is fsynced before the answer).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
const db = new Database(path.join(process.env.DATA_DIR, 'insert.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table if not exists items (id integer primary key, body text not null, created_at text not null)');
const insert = db.prepare('insert into items (body, created_at) values (?, ?)');
const app = Fastify();
app.get('/', async () => ({ ok: true }));
app.post('/', async (request, reply) => {
  const info = insert.run(JSON.stringify(request.body), new Date().toISOString());
  return reply.code(201).send({ id: Number(info.lastInsertRowid) });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
