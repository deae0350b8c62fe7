/**
 * Who signed a platform webhook, and for whom it may speak.
 *
 * The platform signs every webhook with the secret of the Meta app the WABA is subscribed to
 * (`X-Hub-Signature-256`, docs/platform.md §4.2). A valid signature proves only which app sent the
 * body: an account created with its own app secret (`accounts create --app-secret`) speaks for
 * itself, the service-wide secret (`WHATSAPP_APP_SECRET`) for the accounts without one of their
 * own. A body that names an account the signing app does not cover is refused whole, so one
 * tenant's secret can never forge statuses, customer messages or template reviews for another.
 */
import { verifyHubSignature } from '../../lib/crypto.js';

export interface WebhookSigner {
  /** True when the signing app speaks for this account (its effective app secret is the one that verified). */
  covers(accountId: string): boolean;
}

export interface SignerSecrets {
  /** The service-wide app secret (config, or generated for the embedded simulator). */
  global: string;
  /** Accounts with an app secret of their own. */
  overrides: { accountId: string; secret: string }[];
}

/**
 * @param raw the request body exactly as received
 * @param header the `X-Hub-Signature-256` header (`sha256=<hex>`)
 * @returns the signer, or null when no known secret verifies the body
 */
export function identifySigner(raw: Buffer, header: string | undefined, secrets: SignerSecrets): WebhookSigner | null {
  const effective = new Map(secrets.overrides.map((o) => [o.accountId, o.secret]));
  const candidates = [secrets.global, ...new Set(secrets.overrides.map((o) => o.secret))];
  const secret = candidates.find((s) => verifyHubSignature(raw, header, s));
  if (secret === undefined) return null;
  return { covers: (accountId) => (effective.get(accountId) ?? secrets.global) === secret };
}
