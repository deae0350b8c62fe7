/**
 * `GET /_simulator/idle` (docs/simulator.md, Control API): waits until the simulator has nothing
 * in progress or pending (activity.ts: no Graph request, no timer, no webhook queued, being sent or
 * waiting to be retried), for up to `timeoutMs` (default 10 s, at most 60 s), then answers
 * `{idle, pending}`: `idle: false` with what is still pending when the time ran out. A test waits on
 * it and then counts what happened, instead of sleeping a while to prove that nothing more comes.
 */
import type { FastifyInstance } from 'fastify';
import type { Activity } from './activity.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 60_000;

export function registerIdleRoute(app: FastifyInstance, activity: Activity): void {
  app.get<{ Querystring: { timeoutMs?: string } }>('/_simulator/idle', async (request, reply) => {
    const given = request.query.timeoutMs;
    const timeoutMs = given === undefined ? DEFAULT_TIMEOUT_MS : Number(given);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 0 || timeoutMs > MAX_TIMEOUT_MS)
      return reply.code(400).send({ error: `timeoutMs must be a whole number of ms from 0 to ${MAX_TIMEOUT_MS}.` });
    const idle = await activity.whenIdle(timeoutMs);
    return { idle, pending: activity.pending() };
  });
}
