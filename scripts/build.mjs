// Builds what `npm start` runs: the batch CSV package (tsc → packages/batch-csv/dist, which the
// built CLI imports: Node 22.12 cannot run its .ts sources), the service (tsc → dist/) and the
// dashboard (vite → dist/dashboard), and links the admin CLI. `--if-stale` builds only when a source is newer than the last build:
// `npm install` builds once, `npm start` starts at once from that build, and a developer who
// changed a file gets a fresh build on the next start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const ifStale = process.argv.includes('--if-stale');

/** The newest modification time (ms) among the files the build reads. */
function newestSource() {
  let newest = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const entry of [
    'src',
    'dashboard',
    'clients/typescript',
    'packages',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.build.json',
  ])
    visit(path.join(root, entry));
  return newest;
}

function lastBuild() {
  try {
    return fs.statSync(stamp).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * `npx tidings` finds the CLI in node_modules/.bin at once; npm does not link a package's own bin
 * there, and without the link `npx` spends seconds asking the registry for a package of that name.
 */
function linkCli() {
  const bin = path.join(root, 'node_modules', '.bin');
  if (!fs.existsSync(bin)) return;
  const link = path.join(bin, 'tidings');
  try {
    if (fs.readlinkSync(link) === '../../bin/tidings.js') return;
    fs.rmSync(link, { force: true });
  } catch {
    // no link yet
  }
  fs.symlinkSync('../../bin/tidings.js', link);
}

/**
 * Packages left out of the bundles, loaded from node_modules as before: native addons (and pg's
 * optional one), and those that read their own files through `__dirname` at run time (their
 * package.json, static assets, worker scripts), which a single-file ES module does not have.
 */
const UNBUNDLED = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  'ioredis',
];

/**
 * The service (`src/main.ts` → `dist/service.js`, started by `dist/main.js`) and the CLI
 * (`src/cli/main.ts` → `dist/cli/main.js`, written over tsc's output of it) as single-file bundles
 * of Tidings and its libraries; tsc's files stay beside them for everything else (the simulator's
 * entry, the benchmarks). Node resolved, read and compiled about 1,400 ES modules to start the
 * service (0.86 s of its 1.25 s); the bundle's import takes 0.26 s (bench/README.md "The hot path
 * (issue 41)"). esbuild compiles the TypeScript sources itself, so a tsc run that re-emits nothing
 * (incremental) never leaves a stale bundle behind.
 */
async function bundle() {
  const esbuild = await import('esbuild');
  for (const [entry, outfile] of [
    ['src/main.ts', 'dist/service.js'],
    ['src/cli/main.ts', 'dist/cli/main.js'],
  ])
    await esbuild.build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(root, outfile),
      allowOverwrite: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      tsconfig: path.join(root, 'tsconfig.build.json'),
      external: UNBUNDLED,
      // CommonJS libraries inside an ES module bundle still `require` Node's own modules.
      banner: {
        js: "import { createRequire as __tidingsRequire } from 'node:module'; const require = __tidingsRequire(import.meta.url);",
      },
      sourcemap: 'linked',
      logLevel: 'warning',
      legalComments: 'none',
    });
  // `node dist/main.js` (npm start): V8's compile cache on (os.tmpdir()/node-compile-cache, keyed by
  // the file's contents; NODE_DISABLE_COMPILE_CACHE=1 turns it off), then the bundle, so that a
  // restart reads the bundle's compiled code instead of compiling 8 MB of JavaScript again.
  fs.writeFileSync(
    path.join(root, 'dist/main.js'),
    "// Written by scripts/build.mjs: the compile cache, then the service's bundle (src/main.ts).\nimport module from 'node:module';\n\nmodule.enableCompileCache?.();\nawait import('./service.js');\n",
  );
  fs.rmSync(path.join(root, 'dist/main.js.map'), { force: true });
}

function run(label, args) {
  const tool = path.join(root, 'node_modules', '.bin', args[0]);
  if (!fs.existsSync(tool)) {
    console.error(
      `Cannot build: ${args[0]} is not installed (run \`npm install\` with dev dependencies, or ship a built dist/).`,
    );
    process.exit(1);
  }
  const result = spawnSync(tool, args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Build failed at ${label}.`);
    process.exit(result.status ?? 1);
  }
}

linkCli();
if (ifStale && lastBuild() >= newestSource()) process.exit(0);
const started = Date.now();
if (ifStale) console.error('Building Tidings (sources changed since the last build)…');
// First: the service's build takes the package's types from its dist/ (tsconfig.build.json).
run('the batch CSV package (tsc)', ['tsc', '-p', 'packages/batch-csv/tsconfig.json']);
run('the service (tsc)', ['tsc', '-p', 'tsconfig.build.json']);
await bundle().catch((err) => {
  console.error(`Build failed at the bundles (esbuild): ${err.message}`);
  process.exit(1);
});
// What the service reads at run time beside its code: the bundled list of breached passwords.
fs.cpSync(path.join(root, 'src/people/common-passwords'), path.join(root, 'dist/people/common-passwords'), {
  recursive: true,
});
run('the dashboard (vite)', ['vite', 'build', '--config', 'dashboard/vite.config.ts', '--logLevel', 'warn']);
fs.mkdirSync(path.dirname(stamp), { recursive: true });
fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
if (ifStale) console.error(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
