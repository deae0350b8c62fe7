// Ceiling 3: a bare Fastify route doing one PostgreSQL insert through a pool (as Tidings' pg pool,
// 20 connections; each insert its own transaction, committed before the answer). With WITH_AUDIT=1
// the same statement also inserts an audit entry carrying an HMAC-SHA256 of its content, as
// Tidings' accept path writes a send's entry in its one statement (bench/people.ts).
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(
  'create table if not exists items (id bigserial primary key, body text not null, created_at text not null)',
);
await pool.query(
  'create table if not exists audit (id bigserial primary key, item_id bigint not null, content text not null, hash text not null)',
);
const key = crypto.randomBytes(32);
const withAudit = process.env.WITH_AUDIT === '1';
const app = Fastify();
app.get('/', async () => ({ ok: true }));
app.post('/', async (request, reply) => {
  const at = new Date().toISOString();
  const body = JSON.stringify(request.body);
  if (withAudit) {
    const content = JSON.stringify({ action: 'message.created', at, body });
    const hash = crypto.createHmac('sha256', key).update(content).digest('base64url');
    const { rows } = await pool.query(
      `with i as (insert into items (body, created_at) values ($1, $2) returning id)
       insert into audit (item_id, content, hash) select id, $3, $4 from i returning item_id as id`,
      [body, at, content, hash],
    );
    return reply.code(201).send({ id: Number(rows[0].id) });
  }
  const { rows } = await pool.query('insert into items (body, created_at) values ($1, $2) returning id', [body, at]);
  return reply.code(201).send({ id: Number(rows[0].id) });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
