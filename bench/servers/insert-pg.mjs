// Ceiling 3: a bare Fastify route doing one PostgreSQL insert through a pool (as Tidings' pg pool,
// 20 connections; each insert its own transaction, committed before the answer).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
await pool.query(
  'create table if not exists items (id bigserial primary key, body text not null, created_at text not null)',
);
const app = Fastify();
app.get('/', async () => ({ ok: true }));
app.post('/', async (request, reply) => {
  const { rows } = await pool.query('insert into items (body, created_at) values ($1, $2) returning id', [
    JSON.stringify(request.body),
    new Date().toISOString(),
  ]);
  return reply.code(201).send({ id: Number(rows[0].id) });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
