/** What the benchmarks that start Tidings with the CLI share (contacts.ts, events.ts). */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Creates `schema` afresh in the PostgreSQL database at `pgUrl` (dropping what an earlier run left,
 * see `dropPostgresSchema`) and @returns the DATABASE_URL that puts Tidings in it.
 */
export async function postgresSchemaUrl(pgUrl: string, schema: string): Promise<string> {
  await dropPostgresSchema(pgUrl, schema);
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`create schema "${schema}"`);
  await c.end();
  return `${pgUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Drops `schema` and the pg-boss schema Tidings makes beside it (`<schema>_pgboss`), if they exist. */
export async function dropPostgresSchema(pgUrl: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`drop schema if exists "${schema}" cascade`);
  await c.query(`drop schema if exists "${schema}_pgboss" cascade`);
  await c.end();
}

/** The admin CLI (`bin/tidings.js`) run with `env`: @returns its JSON answer. @throws Error when it exits non-zero. */
export function cliWith(env: Record<string, string>): (...argv: string[]) => any {
  return (...argv) => {
    const r = spawnSync(process.execPath, ['bin/tidings.js', ...argv], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tidings ${argv.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
}
