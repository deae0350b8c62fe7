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
  /**
   * True when the signing app speaks for an account whose own app secret is `ownSecret` (null: it
   * has none, and the service-wide secret signs for it): its effective secret is the one that verified.
   */
  covers(ownSecret: string | null): boolean;
}

export interface SignerSecrets {
  /** The service-wide app secret (config, or generated for the embedded simulator). */
  global: string;
  /** The app secrets accounts have of their own. */
  own: string[];
}

/**
 * @param raw the request body exactly as received
 * @param header the `X-Hub-Signature-256` header (`sha256=<hex>`)
 * @returns the signer, or null when no known secret verifies the body
 */
export function identifySigner(raw: Buffer, header: string | undefined, secrets: SignerSecrets): WebhookSigner | null {
  const secret = [secrets.global, ...secrets.own].find((s) => verifyHubSignature(raw, header, s));
  if (secret === undefined) return null;
  return { covers: (ownSecret) => (ownSecret ?? secrets.global) === secret };
}
