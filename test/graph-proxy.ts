/**
 * For the scenarios the simulator cannot play (test/media-download-safety.test.ts): a Graph API
 * stand-in in front of the real simulator. Every request goes on to the simulator as it came (its
 * `Host` too, so the media URLs the simulator answers name this stand-in's origin, the configured
 * Graph base), except that a media lookup can be made to answer another URL (an attacker's host),
 * a media download can drip its bytes (a slow file), and a download can answer a redirect.
 * Plus `startRecorder`: a host that records every connection and request made to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in does with a download instead of passing it on. */
export type DownloadTwist = { dripEveryMs: number } | { redirectTo: string } | undefined;

export interface GraphProxy {
  /** The stand-in's origin (`http://127.0.0.1:port`): the Graph base is `${url}/v23.0`. */
  url: string;
  /** The URL a media lookup (`GET /v23.0/{id}`) answers instead of the simulator's, if any (`token`: the caller's bearer token). */
  lookup: (mediaId: string, token: string) => string | undefined;
  /**
   * What a download does instead of passing the simulator's answer on (`nth`: which download of
   * this media id it is, from 1): drip its bytes one every `dripEveryMs` (never the last one), or
   * answer 302 to `redirectTo`.
   */
  download: (mediaId: string, token: string, nth: number) => DownloadTwist;
  /** Lookups and downloads asked for, by media id. */
  lookups: Map<string, number>;
  downloads: Map<string, number>;
  /** Dripping downloads whose connection is still open. */
  dripping: Set<string>;
  /** Ends every dripping download at once (the connection is cut). */
  cutDrips(): void;
  close(): Promise<void>;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

export async function startGraphProxy(simulatorUrl: string): Promise<GraphProxy> {
  const upstream = new URL(simulatorUrl);
  const open = new Map<http.ServerResponse, string>();
  const timers = new Set<NodeJS.Timeout>();
  const proxy: Omit<GraphProxy, 'url' | 'close'> = {
    lookup: () => undefined,
    download: () => undefined,
    lookups: new Map(),
    downloads: new Map(),
    dripping: new Set(),
    cutDrips: () => {
      for (const res of open.keys()) res.destroy();
    },
  };
  const server = http.createServer((req, res) => {
    const target = new URL(req.url!, 'http://stand-in');
    const mid = target.pathname === '/whatsapp_business/attachments/' ? target.searchParams.get('mid') : null;
    const lookup = /^\/v\d+\.\d+\/(\d+)$/.exec(target.pathname)?.[1] ?? null;
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (mid) count(proxy.downloads, mid);
    if (lookup) count(proxy.lookups, lookup);
    const twist = mid ? proxy.download(mid, token, proxy.downloads.get(mid)!) : undefined;
    const answerUrl = lookup ? proxy.lookup(lookup, token) : undefined;
    if (twist && 'redirectTo' in twist) {
      res.writeHead(302, { location: twist.redirectTo }).end();
      return;
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (answerUrl !== undefined && answer.statusCode === 200) {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const body = { ...JSON.parse(Buffer.concat(chunks).toString('utf8')), url: answerUrl };
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
          });
          return;
        }
        if (mid && twist && 'dripEveryMs' in twist && answer.statusCode === 200) {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            const bytes = Buffer.concat(chunks);
            res.writeHead(200, {
              'content-type': String(answer.headers['content-type']),
              'content-length': bytes.length,
            });
            open.set(res, mid);
            proxy.dripping.add(mid);
            let sent = 0;
            const timer = setInterval(() => {
              if (sent < bytes.length - 1) res.write(bytes.subarray(sent, ++sent));
            }, twist.dripEveryMs);
            timers.add(timer);
            res.on('close', () => {
              clearInterval(timer);
              timers.delete(timer);
              open.delete(res);
              if (![...open.values()].includes(mid)) proxy.dripping.delete(mid);
            });
          });
          return;
        }
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The same object: a test sets `lookup` and `download` on it while the server reads them.
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const t of timers) clearInterval(t);
      proxy.cutDrips();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** A host that records what reaches it: every TCP connection, and every HTTP request's headers. */
export interface Recorder {
  port: number;
  connections: number;
  requests: Array<{ url: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function startRecorder(): Promise<Recorder> {
  const server = http.createServer((req, res) => {
    recorder.requests.push({ url: req.url!, headers: req.headers });
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end('stolen');
  });
  server.on('connection', () => recorder.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const recorder: Recorder = {
    port: (server.address() as AddressInfo).port,
    connections: 0,
    requests: [],
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return recorder;
}
