/** What the audit cases share: making changes to record, and running the CLI against the harness's database. */
import { runCli } from '../../src/cli/main.js';
import type { Harness } from '../harness.js';

let n = 0;
/** Suppresses a fresh customer through the API with the live key. @returns the suppression's id. */
export async function suppressSomeone(h: Harness, key = h.account.liveKey): Promise<string> {
  const to = `+1555${String(7000000 + n++).padStart(7, '0')}`;
  const r = await h.api('POST', '/v1/suppressions', { key, body: { to } });
  if (r.status !== 201) throw new Error(`suppress: ${r.status} ${r.text}`);
  return r.body.id;
}

/** Runs `npx tidings …` in-process on the harness's database. */
export async function cli(h: Harness, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  Object.assign(process.env, h.env);
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}
