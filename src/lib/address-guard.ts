/**
 * The address guard for connections the service opens to hosts it was told about by someone else
 * (a customer's webhook endpoint, a media URL the platform answered): only public addresses, checked
 * on the very addresses the connection then uses, so a name re-pointed at a private address after
 * a check ("DNS rebinding") is refused too. Used by event delivery (events/transport.ts) and by media
 * downloads (platform/cloud-api/graph-client.ts).
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

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
        const wanted =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const refused = wanted.find((a) => !isPublicAddress(a.address));
        if (refused)
          return callback(
            new AddressRefusedError(`${hostname} resolves to ${refused.address}, which is not a public address`),
            '',
            0,
          );
        if (wanted.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (err: null, addresses: typeof wanted) => void)(null, wanted);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** Whether `err` (or its cause, as undici wraps connection errors) is an AddressRefusedError. */
export function addressRefusal(err: unknown): AddressRefusedError | null {
  if (err instanceof AddressRefusedError) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause instanceof AddressRefusedError ? cause : null;
}
