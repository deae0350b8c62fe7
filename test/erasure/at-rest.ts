/**
 * What is left of a customer at rest (test/erasure.test.ts): the database's bytes (SQLite's file,
 * WAL and shared memory; a pg_dump of the test's schema and pg-boss's) and every file under the data
 * directory, searched for their addresses, names and phrases, and for their files' bytes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DIALECT } from '../database.js';
import type { Harness } from '../harness.js';

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

/** The PostgreSQL schema of the harness (its DATABASE_URL's search_path). */
function schemaOf(h: Harness): string {
  const url = new URL(h.env.DATABASE_URL!);
  const options = url.searchParams.get('options') ?? '';
  return /search_path=(\S+)/.exec(options)![1]!;
}

/** The database's bytes as they are at rest: SQLite's file and WAL, or a pg_dump of the test's schemas. */
export function databaseBytes(h: Harness): { name: string; bytes: Buffer }[] {
  if (DIALECT === 'sqlite') {
    const file = path.join(h.dataDir, 'tidings.sqlite');
    return [file, `${file}-wal`, `${file}-shm`]
      .filter((f) => fs.existsSync(f))
      .map((f) => ({ name: path.basename(f), bytes: fs.readFileSync(f) }));
  }
  const schema = schemaOf(h);
  const dump = execFileSync(
    'pg_dump',
    ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'test', '-n', schema, '-n', `${schema}_pgboss`],
    { maxBuffer: 1 << 30 },
  );
  return [{ name: 'pg_dump', bytes: dump }];
}

/** Where any of `needles` (or their lower-case form: the search words are folded) appears at rest. */
export function leaks(h: Harness, needles: string[], files: Buffer[]): string[] {
  const found: string[] = [];
  const all = [...new Set(needles.flatMap((n) => [n, n.toLowerCase()]))];
  const places = [
    ...databaseBytes(h),
    ...filesUnder(h.dataDir)
      .filter((f) => !/tidings\.sqlite(-wal|-shm)?$/.test(f))
      .map((f) => ({ name: path.relative(h.dataDir, f), bytes: fs.readFileSync(f) })),
  ];
  for (const { name, bytes } of places) {
    for (const n of all) {
      const at = bytes.indexOf(Buffer.from(n, 'utf8'));
      if (at < 0) continue;
      // What surrounds it, printable, to tell where it was left.
      const around = bytes
        .subarray(Math.max(0, at - 120), at + 60)
        .toString('latin1')
        .replace(/[^\x20-\x7e]/g, '.');
      found.push(`${n} in ${name}${process.env.ERASURE_DEBUG ? `: ${around}` : ''}`);
    }
    const sha = createHash('sha256').update(bytes).digest('hex');
    for (const f of files)
      if (createHash('sha256').update(f).digest('hex') === sha) found.push(`their file is ${name}`);
  }
  return found;
}
