/**
 * What a first reconciliation of templates costs (`node --import tsx bench/template-sync.ts [--db
 * sqlite|postgres|both] [--templates 1000]`; never part of `npm test`): an account with N approved
 * templates made in WhatsApp Manager (the simulator's `POST /_simulator/templates`, no webhook),
 * then `POST /v1/templates/sync` imports them all, then a second sync finds nothing new. For each:
 * the wall time, and the statements the service ran for it (its own counters, cost-probe.ts) and,
 * on PostgreSQL, the server's transactions. Tidings and the simulator each run in their own process
 * (cost-setup.ts); the simulator answers template listings 100 to a page, as Meta does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { between, sample, statementsOf, perItem } from './cost-probe.js';
import { setUp } from './cost-setup.js';
import { dropPostgresSchema, json, postgresSchemaUrl } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const N = Number(arg('templates', '1000'));
const DIALECTS =
  arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as ['sqlite' | 'postgres']);
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SYNC = ['POST /v1/templates/sync'];

for (const dialect of DIALECTS) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-sync-'));
  const pgUrl = dialect === 'postgres' ? await postgresSchemaUrl(PG_URL, 'bench_sync') : null;
  const s = await setUp({ dialect, dataDir, pgUrl, simulator: 'process', receiverUrl: 'http://127.0.0.1:9/unused' });
  try {
    const [account] = s.accounts;
    for (let i = 0; i < N; i++) {
      await json(`${s.simulatorUrl}/_simulator/templates`, 'POST', {
        wabaId: account!.wabaId,
        name: `manager_made_${i}`,
        language: 'en_US',
        body: `Hello {{1}}, your order ${i} is on its way.`,
      });
    }
    for (const round of ['first sync', 'second sync']) {
      const before = await sample(s.tidings.url, s.metricsToken, pgUrl);
      const started = performance.now();
      const result = await json(`${s.tidings.url}/v1/templates/sync`, 'POST', {}, { 'x-api-key': account!.key });
      const ms = performance.now() - started;
      const cost = between(before, await sample(s.tidings.url, s.metricsToken, pgUrl));
      const statements = statementsOf(cost, SYNC);
      console.log(
        `${dialect} ${round}: imported ${result.imported.length}, unchanged ${result.unchanged}; ${Math.round(ms)} ms; ` +
          `statements ${statements.total} (per template ${perItem(statements, N)})${cost.server ? `; server transactions ${cost.server.transactions}` : ''}`,
      );
    }
  } finally {
    await s.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) await dropPostgresSchema(PG_URL, 'bench_sync');
  }
}
