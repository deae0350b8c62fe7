/**
 * The service as a real OS process, for what only a process shows: that it stays up, what it
 * prints and logs, how it starts and stops. In-process tests use the harness instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { ROOT } from './helpers.js';

/**
 * The process groups started here, kept after their leader exits (`npm start`'s own child may
 * outlive it). A test that fails or times out can leave its service running; when this test process
 * ends (its last test, `--test-force-exit`, or the runner's SIGTERM after
 * TIDINGS_TEST_FILE_TIMEOUT) they are killed with it, so a stray service never takes the CPU of the
 * files that run after it.
 */
const running = new Set<number>();
const killRunning = () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
};
process.once('exit', killRunning);
process.once('SIGTERM', () => {
  killRunning();
  process.exit(143);
});

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (rejects if the process exits first or after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal to the process and its children. */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts a command (by default the service as `npm start` runs it, the build's `dist/main.js`:
 * scripts/test.mjs builds first when a source is newer than the build) in the repository root with
 * `env` added to this process's environment.
 */
export function startProcess(
  env: Record<string, string>,
  command: string[] = [process.execPath, 'dist/main.js'],
): ServiceProcess {
  // Its own process group, so a stop reaches the service under a wrapper (`npm start` runs it as a child).
  const child = spawn(command[0]!, command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid !== undefined) running.add(child.pid);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  let done: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = { code, signal };
      resolve(done);
      for (const l of [...listeners]) l();
    });
  });

  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => finish(new Error(`timed out waiting for ${pattern} in:\n${out}`)), timeoutMs);
        const check = () => {
          const match = out.match(pattern);
          if (match) finish(null, match);
          else if (done)
            finish(new Error(`the process exited (${JSON.stringify(done)}) before ${pattern} appeared in:\n${out}`));
        };
        const finish = (err: Error | null, match?: RegExpMatchArray) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (err) reject(err);
          else resolve(match!);
        };
        listeners.add(check);
        check();
      });
    },
    kill: signal,
    async stop(graceMs = 10_000) {
      if (done) return done;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

/**
 * `npm start`'s setup on an empty database, as a newcomer runs it: the service with its embedded
 * simulator, on free ports, in a fresh data directory (plus `env`, e.g. a PostgreSQL URL). Resolves
 * once it has printed its banner, with the demo account's keys and number from that banner.
 */
export async function startFirstRun(env: Record<string, string>, command?: string[]) {
  const port = await freePort();
  const simulatorPort = await freePort();
  const service = startProcess(
    { PORT: String(port), SIMULATOR_PORT: String(simulatorPort), HOST: '127.0.0.1', ...env },
    command,
  );
  const banner = await service.waitFor(/business phone number id: (\d+)/);
  const out = service.output();
  return {
    service,
    url: `http://127.0.0.1:${port}`,
    simulatorUrl: `http://127.0.0.1:${simulatorPort}`,
    liveKey: out.match(/live key: (sk_live_\w+)/)![1]!,
    testKey: out.match(/test key: (sk_test_\w+)/)![1]!,
    phoneNumberId: banner[1]!,
  };
}
