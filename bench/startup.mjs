// Start-up time as a newcomer meets it: from running `npm start` (on a built tree) to the first
// answer of GET /health, for a first start on an empty data directory and for a second start on the
// same one; and `npx tidings accounts list` end to end. Prints min/median/max over RUNS runs.
//
//   node bench/startup.mjs            (RUNS=5 by default)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Milliseconds from spawning `npm start` until /health answers 200. */
async function timeToFirstAnswer(dataDir) {
  const port = await freePort();
  const simulatorPort = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SIMULATOR_PORT: String(simulatorPort),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
}

function summary(label, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => `${(v / 1000).toFixed(2)} s`;
  console.log(
    `${label.padEnd(44)} min ${f(sorted[0])}  median ${f(sorted[Math.floor(sorted.length / 2)])}  max ${f(sorted.at(-1))}`,
  );
}

spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
const first = [];
const second = [];
const cli = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-startup-'));
  first.push(await timeToFirstAnswer(dataDir));
  second.push(await timeToFirstAnswer(dataDir));
  const t = performance.now();
  spawnSync('npx', ['tidings', 'accounts', 'list'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  cli.push(performance.now() - t);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${runs} runs each`);
summary('npm start, first start (empty data dir)', first);
summary('npm start, second start', second);
summary('npx tidings accounts list', cli);
