/**
 * Configuration, parsed once at start from the environment (docs/api.md §D1, §D2).
 *
 * `process.env` is read here and nowhere else. Every value is checked (lib/env-values.ts reads each
 * kind of value); a bad value throws a ConfigError whose message names the variable, and `main.ts`
 * prints it and exits.
 */
import path from 'node:path';
import {
  boolean,
  ConfigError,
  decimal,
  hostList,
  integer,
  nonEmpty,
  parseEncryptionKey,
  parseUrl,
  type Env,
} from './lib/env-values.js';
import { resolveGraphUrl } from './lib/graph-versions.js';
import { mailConfigOf, type MailConfig } from './mail/mail.config.js';

/** Where the service keeps its relational data. */
export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly file: string }
  | { readonly dialect: 'postgres'; readonly url: string };

/**
 * How the service reaches the platform. `embedded-simulator` means no Cloud API credentials were
 * configured: `npm start` runs the simulator beside the service on `simulatorPort` (docs/api.md §D1).
 * `graphVersion` is the Graph API version spoken (`v25.0`, docs/api.md §D33); a `graphUrl` ends with it.
 */
export type PlatformConfig = { readonly graphVersion: string } & (
  | { readonly mode: 'embedded-simulator'; readonly simulatorPort: number }
  | { readonly mode: 'graph'; readonly graphUrl: string }
);

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Directory for the SQLite file, generated secrets, simulator state and (later) media. */
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  /** `redis://…`; when set, rate-limit counters live in Redis so several processes share them. */
  readonly redisUrl: string | null;
  /** 32-byte AES-256-GCM key for platform credentials at rest; null = generated into dataDir. */
  readonly encryptionKey: Buffer | null;
  readonly platform: PlatformConfig;
  /** Meta app secret (signs platform webhooks); null = generated into dataDir (simulator only). */
  readonly appSecret: string | null;
  /** Token for the webhook verification handshake; null = generated into dataDir. */
  readonly verifyToken: string | null;
  /**
   * The Meta app's id, for the Resumable Upload API that gives template media headers their
   * `header_handle` (docs/platform.md §2.6). Any value works with the simulator.
   */
  readonly appId: string;
  /** Timeout of one Graph API call, in milliseconds. */
  readonly platformTimeoutMs: number;
  /** Requests in flight to the platform at once (keep-alive connections); bounds the sends per second. */
  readonly platformConnections: number;
  /**
   * The hosts a media download may take the account's token to, besides the Graph base's own
   * origin (docs/platform.md §3.1): `PLATFORM_MEDIA_HOSTS`, comma-separated, default `lookaside.fbsbx.com`.
   */
  readonly platformMediaHosts: readonly string[];
  /** `PLATFORM_ALLOW_HTTP`: media URLs on those hosts may be `http://` (default: `https://` only). */
  readonly platformAllowHttp: boolean;
  /** Customers' files downloaded at once per process (`MEDIA_DOWNLOAD_CONCURRENCY`, docs/api.md §D14). */
  readonly mediaDownloadConcurrency: number;
  /**
   * Of those, at most this many for one account, fewer than the concurrency (`MEDIA_DOWNLOAD_ACCOUNT_LIMIT`;
   * on PostgreSQL across every process): one account's slow files never hold every slot.
   */
  readonly mediaDownloadAccountLimit: number;
  /** The slowest average a download may keep, bytes/s: with a 30 s floor it sets each download's deadline. */
  readonly mediaDownloadMinBytesPerSecond: number;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Allow http:// and private addresses as customer webhook URLs (docs/api.md §D10). */
  readonly allowPrivateWebhookUrls: boolean;
  /** How often the background job runner looks for due jobs, in milliseconds. */
  readonly jobPollMs: number;
  /**
   * How long a send that got no answer waits for a status carrying its id before it is sent again,
   * in milliseconds (0: at once, which can send a message twice).
   */
  readonly reconciliationWindowMs: number;
  /**
   * How often each account's templates are reconciled with the platform (templates/template-sync.ts:
   * templates made in WhatsApp Manager imported, what a lost webhook left behind repaired), ms.
   */
  readonly templateSyncIntervalMs: number;
  /** The longest wait between two attempts of a send the platform could not take, in milliseconds. */
  readonly dispatchRetryMaxMs: number;
  /** `PRICE_TABLE_FILE` (analytics/price-table.ts): with it, analytics carry an estimated cost; null: none. */
  readonly priceTableFile: string | null;
  /**
   * The share of each number's throughput tier the dispatcher sends at, 0.5–1 (dispatch/policy.ts
   * `tierShare`): the rest is the margin for sends that reach the platform late.
   */
  readonly dispatchTierShare: number;
  /**
   * How long a graceful shutdown (SIGTERM, SIGINT) waits for in-flight requests and running
   * background work before it closes connections anyway, in milliseconds (main.ts, shutdown.ts).
   */
  readonly shutdownTimeoutMs: number;
  /**
   * Where Prometheus scrapes `GET /metrics` (README "Metrics"): a listener of its own on this port
   * (on HOST), or null. Without it, the main port serves `/metrics` only when `metricsToken` is set.
   */
  readonly metricsPort: number | null;
  /** When set, `/metrics` requires `Authorization: Bearer <token>` (on either port); null = no token. */
  readonly metricsToken: string | null;
  /**
   * The address the metrics listener binds (`METRICS_HOST`): by default HOST when a token guards
   * it, else 127.0.0.1, so metrics without a token are never served beyond the machine by accident.
   */
  readonly metricsHost: string;
  /**
   * `PUBLIC_URL`: the address people reach the service at (`https://tidings.example.com`), for the
   * links in invitations and resets, single sign-on's redirect URI, the session cookie's `Secure`
   * flag (an `https:` address) and the `Origin` a signed-in write must come from. Null: the request's
   * own host (`http://localhost:PORT` for the links printed at start).
   */
  readonly publicUrl: string | null;
  /** `SESSION_IDLE_MINUTES`: a session unused this long ends (default 60, NIST SP 800-63B-4 section 2.2.3 for AAL2). */
  readonly sessionIdleMinutes: number;
  /** `SESSION_MAX_HOURS`: every session ends this long after its sign-in (default 24, the same source). */
  readonly sessionMaxHours: number;
  /** `SESSION_RATE_LIMIT`: a signed-in person's requests per second, all sessions together (default 100, as a key's). */
  readonly sessionRateLimit: number;
  /** `SMTP_URL` and `MAIL_FROM` (mail/mail.config.ts; they need `PUBLIC_URL`); null: no mail is sent. */
  readonly mail: MailConfig | null;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Reads the configuration from `env` (normally `process.env`).
 *
 * @throws ConfigError naming the variable when a value is malformed or out of range.
 */
export function loadConfig(env: Env = process.env): Config {
  const publicUrl = publicUrlOf(nonEmpty(env, 'PUBLIC_URL'));
  const dataDir = path.resolve(nonEmpty(env, 'DATA_DIR') ?? './data');

  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  let database: DatabaseConfig;
  if (databaseUrl === null) {
    database = { dialect: 'sqlite', file: path.join(dataDir, 'tidings.sqlite') };
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']);
    database = { dialect: 'postgres', url: databaseUrl };
  } else if (databaseUrl.startsWith('sqlite:')) {
    database = { dialect: 'sqlite', file: path.resolve(databaseUrl.slice('sqlite:'.length)) };
  } else {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL or sqlite:<path>.');
  }

  const redisUrl = nonEmpty(env, 'REDIS_URL');
  if (redisUrl !== null) parseUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:']);

  const graphUrl = nonEmpty(env, 'WHATSAPP_GRAPH_URL');
  const appSecret = nonEmpty(env, 'WHATSAPP_APP_SECRET');
  const verifyToken = nonEmpty(env, 'WHATSAPP_VERIFY_TOKEN');
  const credentialsConfigured = graphUrl !== null || appSecret !== null || verifyToken !== null;
  if (graphUrl !== null) parseUrl('WHATSAPP_GRAPH_URL', graphUrl, ['https:', 'http:']);
  const graph = resolveGraphUrl(graphUrl, nonEmpty(env, 'WHATSAPP_GRAPH_VERSION'));
  let platform: PlatformConfig;
  if (credentialsConfigured) {
    if (appSecret === null) {
      throw new ConfigError(
        'WHATSAPP_APP_SECRET is required when the Cloud API is configured (it verifies platform webhooks).',
      );
    }
    platform = { mode: 'graph', graphUrl: graph.baseUrl, graphVersion: graph.version };
  } else {
    const simulatorPort = integer(env, 'SIMULATOR_PORT', 3001, 0, 65535);
    platform = { mode: 'embedded-simulator', simulatorPort, graphVersion: graph.version };
  }

  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }

  const port = integer(env, 'PORT', 3000, 0, 65535);
  const metricsPort =
    env.METRICS_PORT === undefined || env.METRICS_PORT.trim() === '' ? null : integer(env, 'METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === port)
    throw new ConfigError(`METRICS_PORT must differ from PORT (${port}): metrics are served off the public API.`);
  if (metricsPort !== null && platform.mode === 'embedded-simulator' && metricsPort === platform.simulatorPort) {
    throw new ConfigError(`METRICS_PORT must differ from SIMULATOR_PORT (${metricsPort}).`);
  }
  const metricsToken = nonEmpty(env, 'METRICS_TOKEN');
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 printable characters without spaces (it is sent as a bearer token), e.g. `openssl rand -hex 32`.',
    );
  }

  const host = nonEmpty(env, 'HOST') ?? '0.0.0.0';
  const mediaDownloadConcurrency = integer(env, 'MEDIA_DOWNLOAD_CONCURRENCY', 4, 1, 256);
  const mediaDownloadAccountLimit = integer(
    env,
    'MEDIA_DOWNLOAD_ACCOUNT_LIMIT',
    Math.max(1, Math.floor(mediaDownloadConcurrency / 2)),
    1,
    256,
  );
  if (mediaDownloadConcurrency > 1 && mediaDownloadAccountLimit >= mediaDownloadConcurrency) {
    throw new ConfigError(
      `MEDIA_DOWNLOAD_ACCOUNT_LIMIT (${mediaDownloadAccountLimit}) must be less than MEDIA_DOWNLOAD_CONCURRENCY (${mediaDownloadConcurrency}), so one account's files never hold every download slot.`,
    );
  }

  return Object.freeze({
    port,
    host,
    metricsHost: nonEmpty(env, 'METRICS_HOST') ?? (metricsToken !== null ? host : '127.0.0.1'),
    dataDir,
    database: Object.freeze(database),
    redisUrl,
    encryptionKey: parseEncryptionKey(nonEmpty(env, 'ENCRYPTION_KEY')),
    platform: Object.freeze(platform),
    appSecret,
    verifyToken,
    appId: nonEmpty(env, 'WHATSAPP_APP_ID') ?? '100000000000001',
    platformTimeoutMs: integer(env, 'PLATFORM_TIMEOUT_MS', 10_000, 100, 120_000),
    platformConnections: integer(env, 'PLATFORM_CONNECTIONS', 1024, 1, 16_384),
    platformMediaHosts: hostList(env, 'PLATFORM_MEDIA_HOSTS', ['lookaside.fbsbx.com']),
    platformAllowHttp: boolean(env, 'PLATFORM_ALLOW_HTTP'),
    mediaDownloadConcurrency,
    mediaDownloadAccountLimit,
    mediaDownloadMinBytesPerSecond: integer(
      env,
      'MEDIA_DOWNLOAD_MIN_BYTES_PER_SECOND',
      64 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    logLevel,
    allowPrivateWebhookUrls: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS'),
    jobPollMs: integer(env, 'JOB_POLL_MS', 200, 10, 60_000),
    reconciliationWindowMs: integer(env, 'RECONCILIATION_WINDOW_MS', 60_000, 0, 3_600_000),
    templateSyncIntervalMs: integer(env, 'TEMPLATE_SYNC_INTERVAL_MS', 24 * 3_600_000, 60_000, 30 * 24 * 3_600_000),
    dispatchRetryMaxMs: integer(env, 'DISPATCH_RETRY_MAX_MS', 30_000, 1000, 3_600_000),
    priceTableFile: nonEmpty(env, 'PRICE_TABLE_FILE'),
    dispatchTierShare: decimal(env, 'DISPATCH_TIER_SHARE', 0.96, 0.5, 1),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    metricsPort,
    metricsToken,
    publicUrl,
    mail: mailConfigOf(env, publicUrl),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 60, 1, 7 * 24 * 60),
    sessionMaxHours: integer(env, 'SESSION_MAX_HOURS', 24, 1, 90 * 24),
    sessionRateLimit: integer(env, 'SESSION_RATE_LIMIT', 100, 1, 10_000),
  });
}

/** `PUBLIC_URL` without a trailing slash. @throws ConfigError when it is not an http(s) URL with no path. */
function publicUrlOf(value: string | null): string | null {
  if (value === null) return null;
  const url = parseUrl('PUBLIC_URL', value, ['https:', 'http:']);
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    throw new ConfigError('PUBLIC_URL must be an origin such as https://tidings.example.com (no path).');
  return url.origin;
}

/** Configuration of the simulator run alone (`npm run simulator`, docs/api.md §D12). */
export interface SimulatorConfigEnv {
  readonly port: number;
  readonly host: string;
  /** Signs webhooks; must equal the service's WHATSAPP_APP_SECRET. */
  readonly appSecret: string;
  readonly webhookUrl: string | null;
  readonly stateFile: string | null;
  readonly logLevel: Config['logLevel'];
}

/** @throws ConfigError as loadConfig does. */
export function loadSimulatorConfig(env: Env = process.env): SimulatorConfigEnv {
  const appSecret = nonEmpty(env, 'WHATSAPP_APP_SECRET');
  if (appSecret === null)
    throw new ConfigError('WHATSAPP_APP_SECRET is required: the simulator signs its webhooks with it.');
  const webhookUrl = nonEmpty(env, 'SIMULATOR_WEBHOOK_URL');
  if (webhookUrl !== null) parseUrl('SIMULATOR_WEBHOOK_URL', webhookUrl, ['http:', 'https:']);
  const stateFile = nonEmpty(env, 'SIMULATOR_STATE_FILE');
  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  return Object.freeze({
    port: integer(env, 'SIMULATOR_PORT', 3001, 0, 65535),
    host: nonEmpty(env, 'HOST') ?? '0.0.0.0',
    appSecret,
    webhookUrl,
    stateFile: stateFile === null ? null : path.resolve(stateFile),
    logLevel,
  });
}
