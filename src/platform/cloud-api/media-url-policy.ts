/**
 * Where the account's access token may go with a media download (docs/platform.md §3.1): the URL
 * the Graph API's media lookup answers is followed only when it is on the platform's media hosts
 * over `https:` (`PLATFORM_MEDIA_HOSTS`, default `lookaside.fbsbx.com`; `http:` only with
 * `PLATFORM_ALLOW_HTTP=true`), or on the configured Graph base's own origin (the one host the
 * token already goes to with every call: the simulator answers URLs there). Anything else is
 * refused before a connection is opened, so no `Authorization` header ever reaches it.
 */
import { isIP } from 'node:net';
import { isPublicAddress } from '../../lib/address-guard.js';
import { PlatformError } from '../platform.js';

export interface MediaUrlPolicy {
  /** The Graph API base URL the service is configured with (`https://graph.facebook.com/v23.0`). */
  graphUrl: string;
  /** Host names (lower case, no port) the platform serves media from. */
  hosts: readonly string[];
  /** Whether `http:` is allowed on those hosts (never needed with Meta). */
  allowHttp: boolean;
}

/** Meta's documented media host (docs/platform.md §3). */
export const DEFAULT_MEDIA_HOSTS: readonly string[] = Object.freeze(['lookaside.fbsbx.com']);

/** A media URL the token may go to, and how to connect to it. */
export interface AllowedMediaUrl {
  url: URL;
  /**
   * True for the Graph base's own origin, reached like every Graph call; false for a media host,
   * reached through the address guard (public addresses only, lib/address-guard.ts).
   */
  graphOrigin: boolean;
}

/** `Lookaside.FBSBX.com.` → `lookaside.fbsbx.com`; IPv6 brackets dropped. */
export function normalHost(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
}

/**
 * Checks a media URL the platform answered.
 * @returns the URL and whether it is the Graph base's own origin.
 * @throws PlatformError `refused` (never retried: the platform answered a URL Tidings will not send
 *   the token to): not a URL; credentials in it; a host that is neither the Graph base's origin nor
 *   one of the media hosts; `http:` on a media host without `allowHttp`; a media host written as a
 *   non-public address.
 */
export function checkMediaUrl(raw: string, policy: MediaUrlPolicy): AllowedMediaUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(
      `the platform answered a media URL that is not an absolute URL (${JSON.stringify(raw.slice(0, 100))})`,
    );
  }
  const shown = `${url.protocol}//${url.host}`;
  if (url.username || url.password) throw refused(`the media URL on ${shown} carries a user name or password`);
  if (url.origin === new URL(policy.graphUrl).origin) return { url, graphOrigin: true };
  if (!policy.hosts.includes(normalHost(url.hostname))) {
    throw refused(
      `the media URL is on ${shown}, which is not one of the platform's media hosts (PLATFORM_MEDIA_HOSTS: ${policy.hosts.join(', ')}) nor the Graph API's origin`,
    );
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    throw refused(`the media URL on ${shown} is not https:// (PLATFORM_ALLOW_HTTP=true allows http://)`);
  }
  // A host written as an address is never looked up, so the address guard would not see it.
  const host = normalHost(url.hostname);
  if (isIP(host) && !isPublicAddress(host))
    throw refused(`the media URL points at ${host}, which is not a public address`);
  return { url, graphOrigin: false };
}

function refused(why: string): PlatformError {
  return new PlatformError('refused', `Media download refused, the access token was not sent: ${why}.`);
}
