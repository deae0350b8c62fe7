/**
 * The README and its guides, pasted as a newcomer would (issues 11, 22 and 37): `npm start` on an
 * empty data directory and a fresh database (the suite's dialect), its printed keys put in
 * variables, then every ```sh block of the README and then of each guide its map lists, in the
 * map's order, in one bash session (so the ids the walkthrough keeps in variables carry from block
 * to block and from page to page), from a directory that looks like the repository. Each block must
 * exit 0 (the session runs with `set -euo pipefail`), and where a page shows the answer right after
 * a block (a ```json or ```text block), the output must show it (readme-blocks.ts says how
 * closely); a block that fails is named by its file, line and heading. Only the ports change: the
 * test picks free ones for the service, the simulator and the webhook receiver. A block noted
 * `<!-- readme-test: skip (why) -->` is not run (few are: installs, Docker, tools of a PostgreSQL
 * deployment, a restore that needs the service stopped); `restart` has the test restart the service
 * with the settings the block gives; `sqlite only` runs on SQLite. The pages' rules hold across
 * them all: every guide in docs/guides/ is in the map, and each opens as a page.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DIALECT, freshDatabase } from './database.js';
import { ROOT } from './helpers.js';
import { freePort, startFirstRun, startProcess, type ServiceProcess } from './process.js';
import { answerProblems, guideMap, linkProblems, readmeBlocks, type Block } from './readme-blocks.js';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** The pages in the order they are pasted: the README, then the guides in its map's order. */
const PAGES = ['README.md', ...guideMap(read('README.md'))];
const BLOCKS = PAGES.flatMap((file) => readmeBlocks(read(file), file));
const SHELL = BLOCKS.filter((b) => b.lang === 'sh');
const where = (b: Block) => `${b.file}:${b.line} (${b.section})`;

/** Whether this run pastes the block (a restart block is carried out by the test itself). */
function pasted(block: Block): boolean {
  return !block.note || block.note.kind === 'restart' || (block.note.kind === 'sqlite only' && DIALECT === 'sqlite');
}

/** A block's text without its comments (`# …` to the end of a line), for the checks on what it runs. */
function commands(block: Block): string {
  return block.body.replace(/(^|\s)#.*$/gm, '$1');
}

/**
 * Stops the service and waits until every process of its group is gone: `npm start` exits before
 * the service it runs has shut down, which still frees its ports and writes its data directory.
 */
async function stopService(service: ServiceProcess): Promise<void> {
  await service.stop();
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    try {
      process.kill(-service.child.pid!, 0);
    } catch {
      return;
    }
  }
}

describe('the README and its guides', () => {
  it('maps every guide in docs/guides/, once each, and each opens as a page: a title, then what it covers', () => {
    const guides = PAGES.slice(1);
    const onDisk = fs
      .readdirSync(path.join(ROOT, 'docs/guides'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/guides/${f}`);
    assert.deepEqual([...guides].sort(), onDisk.sort(), "the README's map lists every guide, and only those");
    assert.equal(new Set(guides).size, guides.length, 'the map lists each guide once');
    for (const guide of guides) {
      const [title, blank, opening] = read(guide).split('\n');
      assert.match(title!, /^# \S/, `${guide}: the first line is the page's title`);
      assert.ok(
        blank === '' && /^[A-Z]/.test(opening ?? ''),
        `${guide}: a sentence saying what it covers follows the title`,
      );
    }
  });

  it('fences every block with a language, and notes every block it skips with a reason', () => {
    for (const b of BLOCKS)
      assert.ok(
        ['sh', 'json', 'text', 'ts', 'js', 'python', 'yaml'].includes(b.lang),
        `${where(b)}: a fence without a known language (${JSON.stringify(b.lang)})`,
      );
    for (const b of BLOCKS.filter((x) => x.note))
      assert.equal(b.lang, 'sh', `${where(b)}: a readme-test note on a block that is not run anyway`);
    const skipped = SHELL.filter((b) => b.note?.kind === 'skip');
    assert.ok(
      skipped.length <= 6,
      `few blocks may be skipped, in the README and the guides together; ${skipped.length} are`,
    );
  });

  it('writes complete commands: no elided ids or bodies, every uploaded file in the repository, only local hosts', () => {
    for (const b of SHELL.filter((x) => x.note?.kind !== 'skip')) {
      const text = commands(b).replaceAll('sk_live_…', '').replaceAll('sk_test_…', '').replaceAll('4407…', '');
      assert.ok(!text.includes('…'), `${where(b)}: an elided value in a command:\n${b.body}`);
      for (const [, file] of text.matchAll(/=@([^\s'"]+)/g))
        assert.ok(
          fs.existsSync(path.join(ROOT, file!)),
          `${where(b)}: uploads ${file}, which the repository does not have`,
        );
      // What is called (`host:port/…`) and where events go: nothing leaves the machine.
      for (const [, host] of text.matchAll(/\b([a-z0-9.-]+):\d+\//g))
        assert.ok(['localhost', '127.0.0.1'].includes(host!), `${where(b)}: calls ${host}`);
      if (text.includes('webhook_endpoints'))
        for (const [, url] of text.matchAll(/"url": "([^"]+)"/g))
          assert.match(url!, /^https?:\/\/127\.0\.0\.1:/, `${where(b)}: sends events to ${url}`);
    }
  });

  it('links only to files, and headings of pages, that the repository has', () => {
    const readPath = (file: string) => {
      const full = path.join(ROOT, file);
      if (!fs.existsSync(full)) return null;
      return fs.statSync(full).isFile() ? fs.readFileSync(full, 'utf8') : '';
    };
    assert.deepEqual(
      PAGES.flatMap((file) => linkProblems(file, read(file), readPath)),
      [],
    );
  });

  it('shows examples/receiver.mjs as it is', () => {
    const receiver = fs.readFileSync(path.join(ROOT, 'examples/receiver.mjs'), 'utf8');
    assert.ok(
      BLOCKS.some((b) => b.lang === 'js' && b.body === receiver),
      'the README or a guide shows examples/receiver.mjs as it is',
    );
  });
});

describe('the README and its guides, pasted block by block', () => {
  let dataDir: string;
  let workDir: string;
  let service: ServiceProcess;
  let serviceEnv: Record<string, string>;
  let run: Awaited<ReturnType<typeof startFirstRun>>;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-readme-'));
    // The repository as the reader has it, in a directory of its own, so files the README writes
    // (a downloaded picture, a backup) land there: every top-level entry but the data directory.
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-readme-work-'));
    for (const entry of fs.readdirSync(ROOT))
      if (!['data', '.git', 'test-output'].includes(entry))
        fs.symlinkSync(path.join(ROOT, entry), path.join(workDir, entry));
    const database = await freshDatabase();
    // As the README says: `npm start` (it builds if the sources changed, then runs the build).
    run = await startFirstRun({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...database.env }, ['npm', 'start', '--silent']);
    service = run.service;
    serviceEnv = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: new URL(run.url).port,
      SIMULATOR_PORT: new URL(run.simulatorUrl).port,
      ...database.env,
    };
  });
  after(async () => {
    if (service) await stopService(service);
    for (const dir of [dataDir, workDir])
      if (dir) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('runs every block in order, each exiting 0 and showing the answer its page shows', {
    timeout: 240_000,
  }, async (t) => {
    const receiverPort = await freePort();
    const swaps: [string, string][] = [
      ['sk_live_…', run.liveKey],
      ['sk_test_…', run.testKey],
      ['4407…', run.phoneNumberId],
      ['localhost:3000', run.url.replace('http://', '')],
      ['localhost:3001', run.simulatorUrl.replace('http://', '')],
      ['127.0.0.1:4000', `127.0.0.1:${receiverPort}`],
      ['listen(4000,', `listen(${receiverPort},`],
    ];
    const paste = (body: string) => swaps.reduce((text, [from, to]) => text.replaceAll(from, to), body);
    const blocks = SHELL.filter(pasted);
    // Output through a pipe, as in a terminal: Node's stdio is a socket, which `tee /dev/stderr` cannot open.
    const lines = ['exec > >(cat) 2>&1', 'set -euo pipefail'];
    blocks.forEach((b, i) => {
      lines.push(`printf '\\n@@readme-block %d\\n' ${i}`);
      // The service runs elsewhere (the reader's other terminal): the test restarts it, then the session goes on.
      lines.push(b.note?.kind === 'restart' ? `printf '\\n@@readme-restart %d\\n' ${i}; read -r _ <&3` : paste(b.body));
    });
    lines.push(`printf '\\n@@readme-done\\n'`);
    const script = path.join(workDir, 'readme-session.sh');
    fs.writeFileSync(script, lines.join('\n') + '\n');

    const env: Record<string, string | undefined> = {
      ...process.env,
      ...serviceEnv,
      RECEIVER_PORT: String(receiverPort),
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
    };
    for (const name of ['PORT', 'SIMULATOR_PORT', 'HOST']) delete env[name];
    if (DIALECT === 'sqlite') for (const name of ['DATABASE_URL', 'REDIS_URL']) delete env[name];
    const started = Date.now();
    const session = spawn('bash', [script], {
      cwd: workDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let restarting = Promise.resolve();
    const restarted = new Set<number>();
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const [, n] of output.matchAll(/@@readme-restart (\d+)\n/g)) {
        if (restarted.has(Number(n))) continue;
        restarted.add(Number(n));
        restarting = restarting
          .then(() => restart(blocks[Number(n)]!))
          .catch((err: unknown) => {
            output += `\n@@restart failed: ${String(err)}\n`;
            session.stdio[3]!.destroy();
          });
      }
    };
    const restart = async (block: Block) => {
      const settings = block.body.trim().match(/^((?:[A-Z_]+=\S+\s+)+)npm start$/);
      assert.ok(settings, `${where(block)}: a restart block reads VARIABLE=value … npm start`);
      await stopService(service);
      service = startProcess(
        {
          ...serviceEnv,
          ...Object.fromEntries(
            settings[1]!
              .trim()
              .split(/\s+/)
              .map((s) => s.split('=')),
          ),
        },
        ['npm', 'start', '--silent'],
      );
      await service.waitFor(/Tidings is listening on/);
      (session.stdio[3] as NodeJS.WritableStream).write('\n');
    };
    session.stdout!.on('data', onData);
    session.stderr!.on('data', onData);
    const killAll = () => {
      try {
        process.kill(-session.pid!, 'SIGKILL'); // the receivers the README starts in the background, too
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(killAll, 200_000);
    const closed = new Promise((resolve) => session.once('close', resolve));
    const code = await new Promise<number | null>((resolve) => session.once('exit', resolve));
    clearTimeout(timer);
    await restarting;
    // The receivers the README leaves running hold the output open: stop them once the end is read.
    const deadline = Date.now() + 2000;
    while (!output.includes('\n@@readme-done\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    killAll();
    await closed;

    const marks = [...output.matchAll(/\n@@readme-(?:block (\d+)|done)\n/g)];
    const last = marks.filter((m) => m[1] !== undefined).at(-1);
    const failed = last ? blocks[Number(last[1])]! : blocks[0]!;
    assert.ok(
      code === 0 && output.includes('\n@@readme-done\n'),
      `the session stopped (exit ${code}) in ${where(failed)}:\n${failed.body}\n--- output ---\n${output.slice(-4000)}`,
    );

    const problems: string[] = [];
    marks.forEach((mark, k) => {
      if (mark[1] === undefined) return;
      const block = blocks[Number(mark[1])]!;
      if (!block.expected) return;
      const own = output.slice(mark.index! + mark[0].length, marks[k + 1]?.index);
      // A receiver in the background prints when a delivery comes, which may be after its block.
      const seen = block.expected.lang === 'text' ? output.slice(mark.index! + mark[0].length) : own;
      for (const problem of answerProblems({ ...block.expected, body: paste(block.expected.body) }, seen))
        problems.push(`${where(block)}: ${problem}\n--- output ---\n${own.slice(0, 3000)}`);
    });
    assert.deepEqual(problems, []);

    const ran = marks.filter((m) => m[1] !== undefined).length;
    assert.equal(ran, blocks.length);
    const notRun = SHELL.filter((b) => !pasted(b));
    assert.equal(ran + notRun.length, SHELL.length, 'every shell block of the pages is pasted or noted as skipped');
    t.diagnostic(
      `${DIALECT}: ${ran} of ${SHELL.length} shell blocks pasted in ${((Date.now() - started) / 1000).toFixed(1)} s (${blocks.filter((b) => b.expected).length} with the answer checked); not run: ${notRun.map((b) => `${b.file}:${b.line} (${b.note!.reason})`).join('; ')}`,
    );
  });
});
