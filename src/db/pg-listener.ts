/**
 * Change notices from other processes on PostgreSQL (change-feed.ts): `LISTEN` on the service
 * schema's channel, on a connection of its own (a pooled one would lose its LISTEN when handed
 * back). A lost connection is opened again with capped backoff, and one that went silent is found
 * by a heartbeat. After every (re)connect the feed is told that anything may have changed, since
 * notices sent meanwhile are lost.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { decodeNotices, type ChangeFeed } from './change-feed.js';

/** How often the listening connection is checked, ms. */
const HEARTBEAT_MS = 15_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * The channel of a schema's notices: `tidings_` and 16 hex characters of its name's SHA-1, so
 * services in other schemas of the same database (tests, staging) never hear each other, and the
 * name stays within PostgreSQL's 63 bytes.
 */
export function changeChannel(schema: string): string {
  return `tidings_${createHash('sha1').update(schema).digest('hex').slice(0, 16)}`;
}

export interface ChangeListener {
  close(): Promise<void>;
}

/**
 * Listens until closed. Resolves once the first `LISTEN` is in place (or, if the database cannot
 * be reached now, at once: it keeps trying, and the feed starts over when it gets through).
 * @param onError told of each connection failure (it is retried)
 */
export async function listenForChanges(o: {
  url: string;
  channel: string;
  feed: ChangeFeed;
  onError: (err: unknown) => void;
}): Promise<ChangeListener> {
  let closed = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let backoff = 100;

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    void c.end().catch(() => {});
    if (!closed) setTimeout(() => void connect(), backoff).unref();
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: o.url, keepAlive: true, application_name: 'tidings-changes' });
    c.on('error', (err) => {
      o.onError(err);
      drop(c);
    });
    c.on('end', () => drop(c));
    c.on('notification', (message) => {
      if (message.channel === o.channel && message.payload) o.feed.emit(decodeNotices(message.payload));
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${o.channel}"`);
    } catch (err) {
      o.onError(err);
      drop(c);
      return;
    }
    if (closed) return void c.end().catch(() => {});
    backoff = 100;
    // Whatever changed while no one listened is unknown: every cache starts over.
    o.feed.emitAll();
    heartbeat = setInterval(() => {
      c.query('select 1').catch((err) => {
        o.onError(err);
        drop(c);
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
