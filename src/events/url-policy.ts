/**
 * Where events may be sent (docs/api.md §D10): `https://` URLs on public hosts. Checked on the URL when
 * an endpoint is created or changed, and again on the addresses its name resolves to at every
 * delivery, on the very addresses the connection then uses (so a name re-pointed at a private
 * address after the check, "DNS rebinding", is refused too: the address guard of lib/address-guard.ts,
 * which media downloads use as well). `WEBHOOK_ALLOW_PRIVATE_URLS=true` lifts both checks and allows
 * `http://`, for self-hosters and tests.
 */
import ipaddr from 'ipaddr.js';
import { TidingsError } from '../errors.js';
import { isPublicAddress } from '../lib/address-guard.js';

/** Names that only ever mean something inside a network. */
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa'];

/** What a self-hoster whose receivers are internal can do about a refusal (config.ts). */
const PRIVATE_HINT =
  ' A service whose receivers are on its own network allows http:// and private addresses with WEBHOOK_ALLOW_PRIVATE_URLS=true.';

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
    throw refuse(`url must use https:// (got ${url.protocol}//): events carry customer data.${PRIVATE_HINT}`);
  }
  if (url.username || url.password)
    throw refuse('url must not contain a user name or password; verify the webhook-signature header instead.');
  url.hash = '';
  if (allowPrivate) return url.toString();

  // A fully qualified name may end with a dot (`localhost.` is localhost): judge it without.
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host))
      throw refuse(
        `url points at ${host}, which is not a public address (loopback, private, link-local or reserved).${PRIVATE_HINT}`,
      );
  } else if (host === 'localhost' || !host.includes('.') || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))) {
    throw refuse(`url names ${host}, which is not a public host.${PRIVATE_HINT}`);
  }
  return url.toString();
}

function refuse(message: string): TidingsError {
  return new TidingsError('parameter_invalid', message, { param: 'url' });
}
