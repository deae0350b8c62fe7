/**
 * Graph API versions (docs/platform.md §0.2, docs/api.md §D33): the table of versions with the
 * dates Meta gives them, the version Tidings speaks by default, how `WHATSAPP_GRAPH_URL` and
 * `WHATSAPP_GRAPH_VERSION` make the base URL of every call, and how near a version's end of life is.
 *
 * Dates are Meta's "Available Graph API Versions" table (developers.facebook.com/docs/graph-api/
 * changelog, read 2026-12-03 in its English page "Updated: Oct 29, 2026" and its localized
 * copies). Meta says a version stays callable at least two years, until two years after the next
 * one is released; once it is not, calls to it are answered by the next oldest usable version
 * (developers.facebook.com/docs/apps/versions). A date is the UTC day; a version is treated as
 * gone from the start of its end-of-life day. Neutral ground: config.ts and the composition read it.
 */
import { ConfigError } from './env-values.js';

/** One Graph API version as Meta's table gives it. */
export interface GraphVersionInfo {
  /** `v25.0`. */
  readonly version: string;
  /** The day Meta released it, `YYYY-MM-DD` (UTC). */
  readonly releasedOn: string;
  /** The last day it is callable per Meta's table ("Available Until"), `YYYY-MM-DD`; null while Meta says TBD. */
  readonly endOfLife: string | null;
  /** True when the row was read on Meta's page as written here; false for an inferred row. */
  readonly confirmed: boolean;
}

/** Meta's table, newest first (developers.facebook.com/docs/graph-api/changelog). */
export const GRAPH_VERSIONS: readonly GraphVersionInfo[] = Object.freeze([
  // The English page lists a release of 2026-11-04 (end of life TBD) above v26.0 without its label: v27.0 is inferred.
  { version: 'v27.0', releasedOn: '2026-11-04', endOfLife: null, confirmed: false },
  { version: 'v26.0', releasedOn: '2026-07-29', endOfLife: null, confirmed: true },
  { version: 'v25.0', releasedOn: '2026-02-18', endOfLife: '2028-07-29', confirmed: true },
  { version: 'v24.0', releasedOn: '2025-10-08', endOfLife: '2028-02-18', confirmed: true },
  { version: 'v23.0', releasedOn: '2025-05-29', endOfLife: '2027-10-08', confirmed: true },
  { version: 'v22.0', releasedOn: '2025-01-21', endOfLife: '2027-05-20', confirmed: true },
  { version: 'v21.0', releasedOn: '2024-10-02', endOfLife: '2027-01-21', confirmed: true },
  { version: 'v20.0', releasedOn: '2024-05-21', endOfLife: '2026-09-24', confirmed: true },
  { version: 'v19.0', releasedOn: '2024-01-23', endOfLife: '2026-05-21', confirmed: true },
  { version: 'v18.0', releasedOn: '2023-09-12', endOfLife: '2026-01-26', confirmed: true },
]);

/**
 * The version Tidings speaks unless told otherwise: v25.0, the newest whose changes to the calls
 * Tidings makes could be checked (docs/platform.md §0.2); available until 2028-07-29.
 */
export const DEFAULT_GRAPH_VERSION = 'v25.0';

/** The base URL of Meta's Graph API, without a version. */
export const DEFAULT_GRAPH_ORIGIN = 'https://graph.facebook.com';

/** A version's end of life is warned of this many days ahead (log, `/health/ready`, the dashboard). */
export const GRAPH_EOL_WARNING_DAYS = 90;

/** `v25.0`, as Meta writes versions in paths. */
export const GRAPH_VERSION_PATTERN = /^v(\d{1,3})\.(\d{1,2})$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The major number of a version (`v25.0` → 25); NaN when it is not one. */
export function graphMajor(version: string): number {
  const m = GRAPH_VERSION_PATTERN.exec(version);
  return m ? Number(m[1]) : Number.NaN;
}

/** The table's row of `version`; null when Meta's table as read here does not list it. */
export function graphVersionInfo(version: string): GraphVersionInfo | null {
  return GRAPH_VERSIONS.find((v) => v.version === version) ?? null;
}

/**
 * The base URL every Graph call is joined to, and the version in it, from `WHATSAPP_GRAPH_URL` and
 * `WHATSAPP_GRAPH_VERSION` (docs/api.md §D33). A URL whose path ends in a version keeps it (the
 * setting of earlier releases, `https://graph.facebook.com/v23.0`); a URL without one gets
 * `version` (default DEFAULT_GRAPH_VERSION) appended. A version named by both must be the same.
 *
 * @param url the URL as configured, no trailing slash (`http://simulator:3001`), or null for Meta's.
 * @param version `WHATSAPP_GRAPH_VERSION`, or null.
 * @param fallback the version of a URL without one when `version` is null.
 * @returns `{baseUrl: 'https://graph.facebook.com/v25.0', version: 'v25.0'}`.
 * @throws ConfigError when a version is not written `vNN.N`, when Meta's table lists no such
 *   version and it is older than every version listed, or when the two settings disagree.
 */
export function resolveGraphUrl(
  url: string | null,
  version: string | null,
  fallback = DEFAULT_GRAPH_VERSION,
): { baseUrl: string; version: string } {
  if (version !== null) checkVersion('WHATSAPP_GRAPH_VERSION', version);
  const base = (url ?? DEFAULT_GRAPH_ORIGIN).replace(/\/+$/, '');
  const inUrl = /\/(v[^/]*)$/.exec(base)?.[1] ?? null;
  if (inUrl !== null && /^v\d/.test(inUrl)) {
    checkVersion('WHATSAPP_GRAPH_URL', inUrl);
    if (version !== null && version !== inUrl) {
      throw new ConfigError(
        `WHATSAPP_GRAPH_URL names Graph API version ${inUrl} but WHATSAPP_GRAPH_VERSION is ${version}: set the version in one place (a URL without a version, such as https://graph.facebook.com, takes WHATSAPP_GRAPH_VERSION).`,
      );
    }
    return { baseUrl: base, version: inUrl };
  }
  const chosen = version ?? fallback;
  return { baseUrl: `${base}/${chosen}`, version: chosen };
}

/** @throws ConfigError naming `name` when `version` is malformed or older than every version Meta lists. */
function checkVersion(name: string, version: string): void {
  if (!GRAPH_VERSION_PATTERN.test(version))
    throw new ConfigError(`${name} must name a Graph API version such as ${DEFAULT_GRAPH_VERSION}, got "${version}".`);
  const oldest = GRAPH_VERSIONS[GRAPH_VERSIONS.length - 1]!;
  if (graphVersionInfo(version) === null && graphMajor(version) <= graphMajor(oldest.version)) {
    throw new ConfigError(
      `${name}: Graph API ${version} is not one Meta lists, and older than ${oldest.version}, which reached its end of life on ${oldest.endOfLife}. Use ${DEFAULT_GRAPH_VERSION}.`,
    );
  }
}

/** What Tidings knows of the version it speaks, at one moment (`/health/ready`, `GET /v1/account/signals`). */
export interface GraphVersionStatus {
  version: string;
  /** Whether Meta's table, as Tidings carries it, lists the version. */
  known: boolean;
  releasedOn: string | null;
  /** The last day it is callable (`YYYY-MM-DD`); null while Meta says TBD or the version is unknown. */
  endOfLife: string | null;
  /** Whole days from now to the start of the end-of-life day, 0 once reached; null without a date. */
  daysLeft: number | null;
  /** True from the start of the end-of-life day. */
  expired: boolean;
  /** A sentence for people when the end of life is within GRAPH_EOL_WARNING_DAYS (or passed); else null. */
  warning: string | null;
}

/**
 * The version's standing at `nowMs` (milliseconds since the epoch, from the service's clock).
 * @example graphVersionStatus('v21.0', Date.parse('2026-12-03')).daysLeft // 49
 */
export function graphVersionStatus(version: string, nowMs: number): GraphVersionStatus {
  const info = graphVersionInfo(version);
  if (info === null || info.endOfLife === null) {
    return {
      version,
      known: info !== null,
      releasedOn: info?.releasedOn ?? null,
      endOfLife: null,
      daysLeft: null,
      expired: false,
      warning: null,
    };
  }
  const gone = Date.parse(`${info.endOfLife}T00:00:00Z`);
  const daysLeft = Math.max(0, Math.ceil((gone - nowMs) / DAY_MS));
  const expired = nowMs >= gone;
  const warning = expired
    ? `Graph API ${version} reached its end of life on ${info.endOfLife}: Meta answers its calls with another version. Set WHATSAPP_GRAPH_VERSION to a newer version and restart.`
    : daysLeft <= GRAPH_EOL_WARNING_DAYS
      ? `Graph API ${version} reaches its end of life on ${info.endOfLife} (in ${daysLeft} day${daysLeft === 1 ? '' : 's'}). Set WHATSAPP_GRAPH_VERSION to a newer version before then.`
      : null;
  return { version, known: true, releasedOn: info.releasedOn, endOfLife: info.endOfLife, daysLeft, expired, warning };
}

/** The version the service speaks, as the composition gives it to the features (composition/base.ts). */
export interface GraphApi {
  /** `v25.0`. */
  readonly version: string;
  /** The base URL of every call, ending with the version (`https://graph.facebook.com/v25.0`). */
  readonly baseUrl: string;
  /** The version's standing now, by the service's clock. */
  status(): GraphVersionStatus;
}
