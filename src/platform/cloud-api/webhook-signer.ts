/**
 * Who signed a platform webhook, and for whom it may speak.
 *
 * The platform signs every webhook with the secret of the Meta app the WABA is subscribed to
 * (`X-Hub-Signature-256`, docs/platform.md §4.2). A valid signature proves only which app sent the
 * body: an account created with its own app secret (`accounts create --app-secret`) speaks for
 * itself, the service-wide secret (`WHATSAPP_APP_SECRET`) for the accounts without one of their
 * own. A body that names an account the signing app does not cover is refused whole, so one
 * tenant's secret can never forge statuses, customer messages or template reviews for another.
 *
 * The secret a body is checked with is chosen from the WABAs it names (`entry[].id`), never tried
 * secret by secret: one POST comes from one app, about WABAs subscribed to that app, so its secret
 * is one that every named WABA's accounts are signed with. A body costs one HMAC, however many
 * accounts have secrets of their own (docs/api.md §D11).
 */
import { verifyHubSignature } from '../../lib/crypto.js';

export interface WebhookSigner {
  /**
   * True when the signing app speaks for an account whose own app secret is `ownSecret` (null: it
   * has none, and the service-wide secret signs for it): its effective secret is the one that verified.
   */
  covers(ownSecret: string | null): boolean;
}

/**
 * The app secrets of the accounts on some WABAs (AccountService.appSecrets): by WABA id, each
 * account's own secret (null: it has none, the service-wide one signs for it); a WABA no account
 * has is left out. Null when no account has a secret of its own: then only the service-wide secret
 * signs anything, and `wabaIds` (which reads the body) is not called. `fresh` reads past the caches.
 */
export type AppSecretsLookup = (options: {
  wabaIds: () => string[];
  fresh?: boolean;
}) => Promise<Map<string, (string | null)[]> | null>;

export interface SignerOptions {
  /** The service-wide app secret (config, or generated for the embedded simulator). */
  global: string;
  appSecrets: AppSecretsLookup;
  /** The WABA ids the body names (webhook-bounds.ts `namedWabaIds`); called only when needed. */
  wabaIds: () => string[];
  /** Read the accounts past the caches. */
  fresh?: boolean;
}

/**
 * The secrets that can have signed a body naming `wabaIds`: those shared by every named WABA some
 * account has (the sending app is subscribed to each of them), or the service-wide secret when the
 * body names no such WABA. One as a rule; a WABA shared by accounts on different apps adds one per
 * app; none when the named WABAs are on different apps, which no single app can have sent.
 */
export async function signingCandidates(options: SignerOptions): Promise<string[]> {
  const byWaba = await options.appSecrets({ wabaIds: options.wabaIds, ...(options.fresh ? { fresh: true } : {}) });
  if (byWaba === null || byWaba.size === 0) return [options.global];
  let common: string[] | null = null;
  for (const own of byWaba.values()) {
    const effective = [...new Set(own.map((secret) => secret ?? options.global))];
    common = common === null ? effective : common.filter((secret) => effective.includes(secret));
  }
  return common ?? [];
}

/** `sha256=` and 64 hex digits: anything else can never verify, and is refused before any work. */
const HEADER = /^sha256=[0-9a-f]{64}$/i;

/**
 * The app that signed `raw`: checked with the secrets the body calls for (signingCandidates); when
 * none verifies, with those it calls for read past the caches (an account made a moment ago in
 * another process), leaving out secrets already tried. A bad signature costs one HMAC as a rule.
 * @param raw the request body exactly as received
 * @param header the `X-Hub-Signature-256` header (`sha256=<hex>`)
 * @returns the signer, or null when no candidate verifies the body
 */
export async function identifySigner(
  raw: Buffer,
  header: string | undefined,
  options: SignerOptions,
): Promise<WebhookSigner | null> {
  if (header === undefined || !HEADER.test(header)) return null;
  const tried = new Set<string>();
  for (const fresh of [false, true]) {
    for (const secret of await signingCandidates({ ...options, fresh })) {
      if (tried.has(secret)) continue;
      tried.add(secret);
      if (verifyHubSignature(raw, header, secret))
        return { covers: (ownSecret) => (ownSecret ?? options.global) === secret };
    }
  }
  return null;
}
