/**
 * The Graph API version the service speaks, and the warnings of its end of life (docs/api.md §D33,
 * docs/platform.md §0.2): the start logs a warning when the end is within 90 days and an error once
 * it is past (Meta then answers the calls as the next oldest version would,
 * developers.facebook.com/docs/apps/versions: the service still works, so a restart on that day
 * must not take it down), and a daily check logs it again while the service runs. The same
 * standing is shown by `/health/ready` (never failing readiness) and `GET /v1/account/signals`
 * (the dashboard's banner), both read from `GraphApi.status()` by the service's clock.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { graphVersionStatus, resolveGraphUrl, type GraphApi } from '../lib/graph-versions.js';

/** Once a day: an end of life is counted in days. */
const DAILY_MS = 24 * 60 * 60 * 1000;

/**
 * The version and base URL of every Graph call: the configured ones; with the embedded simulator,
 * its address; with `override` (tests, the embedded simulator's address), that URL, keeping a
 * version it ends with, else taking the configured version.
 * @throws ConfigError when `override` names a malformed version (lib/graph-versions.ts).
 */
export function graphApiOf(config: Config, override: string | undefined, clock: Clock): GraphApi {
  const { platform } = config;
  const url =
    override ?? (platform.mode === 'graph' ? platform.graphUrl : `http://127.0.0.1:${platform.simulatorPort}`);
  const { baseUrl, version } = resolveGraphUrl(url, null, platform.graphVersion);
  return { version, baseUrl, status: () => graphVersionStatus(version, clock.now()) };
}

/**
 * What the start says of the version: nothing while its end is more than 90 days away; a warning
 * in the log within them; an error once it is past, naming it, the day, and what to set (the start
 * goes on: the platform still answers, as another version).
 */
export function checkGraphVersionAtStart(graphApi: GraphApi, logger: Logger): void {
  const status = graphApi.status();
  if (status.expired) logger.error({ graphApi: status }, status.warning!);
  else if (status.warning !== null) logger.warn({ graphApi: status }, status.warning);
  else if (!status.known)
    logger.warn(
      { graphApi: status },
      `Graph API ${status.version} is not in Tidings' table of versions (docs/platform.md §0.2): its end of life is not checked.`,
    );
}

/** The daily check while the service runs: the warning again (an error once the end is reached). */
export function graphVersionCheck(graphApi: GraphApi, logger: Logger) {
  return {
    name: 'graph api version check',
    everyMs: DAILY_MS,
    atStart: false,
    run: async () => {
      const status = graphApi.status();
      if (status.warning === null) return;
      if (status.expired) logger.error({ graphApi: status }, status.warning);
      else logger.warn({ graphApi: status }, status.warning);
    },
  };
}
