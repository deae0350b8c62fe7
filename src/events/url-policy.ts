/**
 * Where events may be sent (docs/api.md §D10): `https://` URLs on public hosts. Checked on the URL when
 * an endpoint is created or changed, and again on the addresses its name resolves to at every
 * delivery, on the very addresses the connection then uses (so a name re-pointed at a private
 * address after the check, "DNS rebinding", is refused too). `WEBHOOK_ALLOW_PRIVATE_URLS=true`
 * lifts both checks and allows `http://`, for self-hosters and tests.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { TidingsError } from '../errors.js';

/**
 * Whether an IP address is on the public internet: ipaddr.js's `unicast` range, so loopback,
 * private (RFC 1918), carrier-grade NAT, link-local (cloud metadata 169.254.169.254), unique-local
 * IPv6, multicast, reserved and IPv4-mapped forms of those are all refused.
 */
export function isPublicAddress(address: string): boolean {
  try {
    const parsed = ipaddr.process(address);
    // IPv4-compatible IPv6 (`::a.b.c.d`, ::/96, deprecated by RFC 4291 §2.5.5.1) carries an IPv4
    // address that ipaddr.js files under plain unicast: `[::127.0.0.1]` is loopback in disguise.
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return false;
    return parsed.range() === 'unicast';
  } catch {
    return false;
  }
}

/** Names that only ever mean something inside a network. */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa'];

/**
 * Checks an endpoint URL as given by a customer and returns it normalised (WHATWG URL
 * serialisation, without a fragment).
 * @throws TidingsError parameter_invalid (param `url`): not an absolute URL; not https (http only
 *   when private URLs are allowed); credentials in the URL; a private, loopback or reserved address
 *   or an internal name (`localhost`, single-label names, `.local`…) unless private URLs are allowed.
 */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(`url must be an absolute https:// URL; got ${JSON.stringify(raw.slice(0, 100))}.`);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw refuse(`url must use https:// (got ${url.protocol}//): events carry customer data.`);
  }
  if (url.username || url.password) throw refuse('url must not contain a user name or password; verify the webhook-signature header instead.');
  url.hash = '';
  if (allowPrivate) return url.toString();

  // A fully qualified name may end with a dot (`localhost.` is localhost): judge it without.
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.+$/, '');
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw refuse(`url points at ${host}, which is not a public address (loopback, private, link-local or reserved).`);
  } else if (host === 'localhost' || !host.includes('.') || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) {
    throw refuse(`url names ${host}, which is not a public host.`);
  }
  return url.toString();
}

function refuse(message: string): TidingsError {
  return new TidingsError('parameter_invalid', message, { param: 'url' });
}

/** Resolves a host name to every address it has (default: the system resolver, `dns.lookup`). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The error of a connection refused because the name resolved to a non-public address. */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  readonly code = 'ETIDINGS_ADDRESS_REFUSED';
}

/**
 * A `lookup` for `net.connect` that resolves with `resolve` and fails the connection with
 * AddressRefusedError when any address is not public: the connection is made to the checked
 * addresses, never to a second answer.
 */
export function guardedLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const refused = wanted.find((a) => !isPublicAddress(a.address));
        if (refused) return callback(new AddressRefusedError(`${hostname} resolves to ${refused.address}, which is not a public address`), '', 0);
        if (wanted.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (err: null, addresses: typeof wanted) => void)(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
