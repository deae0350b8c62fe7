/** What the CLI cases share: the scope the entry fills, the CLI run in-process, the simulator's review, the file edited. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parse, stringify } from 'yaml';
import { runCli } from '../../src/cli/main.js';
import type { Template } from '../../src/templates/template.schemas.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';

/** The harness (its simulator reviews by hand), the templates file, and the ids of the templates seeded by name. */
export interface CliScope {
  h: Harness;
  dir: string;
  file: string;
  ids: Record<string, string>;
}

/** Helpers on the scope `scope()` returns when they are called. */
export function cliKit(scope: () => CliScope) {
  /** Runs the CLI in-process against the harness's service over HTTP, as `key`. */
  async function cliAs(key: string, ...argv: string[]) {
    let out = '';
    let err = '';
    const env = { TIDINGS_URL: scope().h.url, TIDINGS_API_KEY: key };
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), env });
    return { code, out, err, json: () => JSON.parse(out) };
  }
  const cli = (...argv: string[]) => cliAs(scope().h.account.liveKey, ...argv);
  const get = async (id: string) => (await scope().h.api<Template>('GET', `/v1/templates/${id}`)).body;
  /** The simulator's review of the template named `name`: approved or rejected, then seen by the service. */
  async function review(name: string, decision: 'APPROVED' | 'REJECTED') {
    const { h, ids } = scope();
    const sim = [...h.sim.state.templates.values()].find((x) => x.name === name)!;
    const res = await fetch(`${h.simUrl}/_simulator/templates/${sim.id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision, reason: 'TAG_CONTENT_MISMATCH' }),
    });
    assert.equal(res.status, 200, await res.text());
    const want = decision === 'APPROVED' ? 'approved' : 'rejected';
    await eventually(async () => (await get(ids[name]!)).status === want);
  }
  /** Creates the template `name` with `content` and has the simulator review it; its id goes to `ids`. */
  async function seed(name: string, content: Record<string, unknown>, decision: 'APPROVED' | 'REJECTED') {
    const { h, ids } = scope();
    const res = await h.api<Template>('POST', '/v1/templates/', {
      body: { name, category: 'UTILITY', language: 'en_US', ...content },
      headers: { 'idempotency-key': `seed-${name}` },
    });
    assert.equal(res.status, 201, res.text);
    ids[name] = res.body.id;
    await review(name, decision);
  }
  /** The file as data; `edit` changes it, and it is written back. */
  function editFile(edit: (templates: Record<string, any>[]) => void) {
    const { file } = scope();
    const data = parse(fs.readFileSync(file, 'utf8')) as { templates: Record<string, any>[] };
    edit(data.templates);
    fs.writeFileSync(file, stringify(data));
  }
  /** The entry named `name` of the file's templates. */
  const entry = (templates: Record<string, any>[], name: string) => templates.find((t) => t.name === name)!;
  return { cliAs, cli, get, review, seed, editFile, entry };
}
