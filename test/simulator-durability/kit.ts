/**
 * What the simulator durability cases share: the simulator's secret and account, a Meta webhook
 * receiver, the entry's directory, receiver and started processes (`Durable`), and the calls the
 * cases make: `npm run simulator` on a state file, a call to a simulator, the statuses the
 * receiver took.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyHubSignature } from '../../src/lib/crypto.js';
import { simulatorAccessToken } from '../../src/lib/simulated-identity.js';
import { valueOf } from '../helpers.js';
import { startProcess, type ServiceProcess } from '../process.js';

export const SECRET = 'durability-test-secret';
export const WABA = '102290129340398';
export const PNID = '106540352242922';
export const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;
/** `npm run simulator`'s command, as a process of its own runs it. */
export const SIMULATOR = [process.execPath, 'dist/simulator/main.js'];

/** A Meta webhook receiver: verifies `X-Hub-Signature-256`, answers `answer`, keeps every POST. */
export async function startMetaReceiver() {
  const posts: { body: any; valid: boolean; answered: number }[] = [];
  const receiver = { url: '', answer: 200, posts };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      posts.push({
        body: JSON.parse(raw.toString('utf8')),
        valid: verifyHubSignature(raw, req.headers['x-hub-signature-256'] as string, SECRET),
        answered: receiver.answer,
      });
      res.writeHead(receiver.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    receiver,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** The entry's temporary directory, its Meta receiver, and every process the cases started (stopped after). */
export interface Durable {
  dir: string;
  meta: Awaited<ReturnType<typeof startMetaReceiver>>;
  running: ServiceProcess[];
}

/** The calls, on what `durable` gives when a case runs (after the entry's `before`). */
export function durabilityKit(durable: () => Durable) {
  /** `npm run simulator` on `stateFile`, resolved once it listens. */
  async function simulator(stateFile: string, port: number) {
    const env = {
      SIMULATOR_PORT: String(port),
      HOST: '127.0.0.1',
      WHATSAPP_APP_SECRET: SECRET,
      SIMULATOR_WEBHOOK_URL: durable().meta.receiver.url,
      SIMULATOR_STATE_FILE: stateFile,
      LOG_LEVEL: 'info',
    };
    const p = startProcess(env, SIMULATOR);
    durable().running.push(p);
    await p.waitFor(/Cloud API simulator listening/, 30_000);
    return p;
  }
  const call = async (
    base: string,
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** The statuses the receiver took (answered 200), as `wamid status`. */
  const taken = () =>
    durable()
      .meta.receiver.posts.filter((p) => p.answered === 200)
      .flatMap((p) => (valueOf(p.body).statuses ?? []).map((s: any) => `${s.id} ${s.status}`));

  return { simulator, call, taken };
}
