/**
 * Which of the ports a start needs are taken, found before any is listened on, so that one line
 * can name every one of them at once with one command whose ports are free (main.ts), rather than
 * the first that fails, then on the next start the next.
 */
import net from 'node:net';

/** A port a start listens on: the variable that sets it, the port, and the address it binds. */
export interface WantedPort {
  variable: string;
  port: number;
  host: string;
}

/** Why a port cannot be listened on: taken (`EADDRINUSE`) or not allowed to this user (`EACCES`). */
export type PortProblem = 'in_use' | 'not_allowed';

/**
 * Whether `port` on `host` can be listened on now: null when it can (the probe's listener is closed
 * again at once), else why not.
 * @throws the listen error for any other reason (an address this machine does not have…)
 */
export function probePort(port: number, host: string): Promise<PortProblem | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') resolve('in_use');
      else if (err.code === 'EACCES') resolve('not_allowed');
      else reject(err);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** Each wanted port that cannot be listened on, with why (port 0, "any free port", never). */
export async function unavailablePorts(
  wanted: readonly WantedPort[],
): Promise<(WantedPort & { problem: PortProblem })[]> {
  const out: (WantedPort & { problem: PortProblem })[] = [];
  for (const w of wanted) {
    if (w.port === 0) continue;
    const problem = await probePort(w.port, w.host);
    if (problem) out.push({ ...w, problem });
  }
  return out;
}

/**
 * Free ports for the ones that are not: from 10 above each (3000 → 3010, 3001 → 3011; above 1023
 * for one not allowed), the first free one that no other wanted port uses or was given.
 * @returns the replacement of each unavailable port, in their order
 */
export async function replacementPorts(
  wanted: readonly WantedPort[],
  unavailable: readonly WantedPort[],
): Promise<number[]> {
  const taken = new Set(wanted.map((w) => w.port));
  const out: number[] = [];
  for (const u of unavailable) {
    let port = Math.max(u.port + 10, 1024 + (u.port % 1000));
    while (port < 65_535 && (taken.has(port) || (await probePort(port, u.host)) !== null)) port++;
    taken.add(port);
    out.push(port);
  }
  return out;
}

/**
 * The one line a start stops with when ports are unavailable: every port and its variable, why,
 * and one command that sets each to a free port (`PORT=3010 SIMULATOR_PORT=3011 npm start`).
 */
export function portsMessage(
  unavailable: readonly (WantedPort & { problem: PortProblem })[],
  free: readonly number[],
): string {
  const names = unavailable.map((u) => `port ${u.port} (${u.variable})`);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const many = unavailable.length > 1;
  const inUse = unavailable.every((u) => u.problem === 'in_use');
  const why = inUse
    ? `${many ? 'are' : 'is'} already in use (another Tidings, or another program)`
    : `cannot be listened on (in use, or a port below 1024 this user may not take)`;
  const command = unavailable.map((u, i) => `${u.variable}=${free[i]}`).join(' ');
  return `Cannot start: ${list} ${why}. Stop the other program, or choose ${many ? 'other ports' : 'another port'}: ${command} npm start`;
}
