/**
 * Webhook endpoints (docs/api.md §D10): where a customer's events go, with the secret that signs them.
 * Endpoints belong to an account and a mode: a live key's endpoints receive live events, a test
 * key's endpoints test events.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import { randomBytes } from 'node:crypto';
import type { AuthContext } from '../http/access.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { paginate, type Page } from '../http/paging.js';
import { iso, type Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';
import { OPT_IN_EVENT_TYPES } from './event-types.js';
import * as repo from './event.repository.js';
import type { CreateEndpointBody, ListEndpointsQuery, UpdateEndpointBody, WebhookEndpoint } from './event.schemas.js';
import { checkEndpointUrl } from './url-policy.js';
import { checkFormatFields } from './cloud-api-format.js';
import { verifyCallback } from './cloud-api-handshake.js';
import type { WebhookTransport } from './transport.js';

/** Endpoints per account and mode: every event is sent to each subscribed one, so fan-out is bounded. */
export const MAX_ENDPOINTS = 16;

/** After a roll, the previous secret keeps signing (beside the new one) for this long. */
export const SECRET_ROLL_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface EndpointServiceOptions {
  store: Store;
  clock: Clock;
  secretBox: SecretBox;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: http:// and private addresses allowed. */
  allowPrivateUrls: boolean;
  /** Records `webhook_endpoint.*` in each change's unit (the endpoint as the API shows it, never its secret). */
  audit: Pick<AuditTrail, 'record'>;
  /** Calls the verification handshake of `cloud_api` endpoints (cloud-api-handshake.ts). */
  transport: WebhookTransport;
  /** Limit on a handshake, ms (the delivery policy's per attempt). */
  handshakeTimeoutMs: number;
}

export class EndpointService {
  readonly #o: EndpointServiceOptions;

  constructor(options: EndpointServiceOptions) {
    this.#o = options;
  }

  /**
   * Creates an endpoint; the answer alone carries its secret (`whsec_` + 32 random bytes, base64).
   * One of format `cloud_api` (docs/api.md §D35) is the key's number's app: its callback must pass
   * the verification handshake first, and its secret is the app secret given (never shown back).
   * @throws TidingsError parameter_invalid (url refused, see url-policy.ts; the handshake failed;
   *   MAX_ENDPOINTS reached; fields of the other format); parameter_missing (verifyToken, appSecret)
   */
  async create(auth: AuthContext, body: CreateEndpointBody): Promise<WebhookEndpoint> {
    const url = checkEndpointUrl(body.url, this.#o.allowPrivateUrls);
    const format = body.format ?? 'tidings';
    checkFormatFields(format, body, true);
    const now = iso(this.#o.clock.now());
    const secret = format === 'cloud_api' ? body.appSecret! : newSecret();
    const row: repo.EndpointRow = {
      id: newId('we'),
      account_id: auth.accountId,
      mode: auth.mode,
      url,
      events: JSON.stringify(normaliseEvents(body.events)),
      description: body.description ?? null,
      enabled: 1,
      disabled_reason: null,
      secret: this.#o.secretBox.encrypt(secret),
      previous_secret: null,
      previous_secret_expires_at: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      format,
      phone_number_id: format === 'cloud_api' ? auth.phoneNumberId : null,
      verify_token: format === 'cloud_api' ? this.#o.secretBox.encrypt(body.verifyToken!) : null,
    };
    // Checked before the unit of work (units never refuse): two creates racing past the limit
    // make it 17 at most, which bounds the fan-out all the same.
    if ((await repo.countEndpoints(this.#o.store.read, auth.accountId, auth.mode)) >= MAX_ENDPOINTS) {
      throw new TidingsError(
        'parameter_invalid',
        `An account has at most ${MAX_ENDPOINTS} webhook endpoints per mode; delete one first.`,
        { param: 'url' },
      );
    }
    if (format === 'cloud_api') await this.#handshake(url, body.verifyToken!);
    await this.#o.store.write(async (tx) => {
      await repo.insertEndpoint(tx, row);
      await this.#audit(tx, auth, 'webhook_endpoint.created', row.id, { after: this.toEndpoint(row) });
    });
    return format === 'cloud_api' ? this.toEndpoint(row) : { ...this.toEndpoint(row), secret };
  }

  /** @throws TidingsError parameter_invalid for an unknown `starting_after`. */
  list(auth: AuthContext, query: ListEndpointsQuery): Promise<Page<WebhookEndpoint>> {
    const db = this.#o.store.read;
    return paginate(query, {
      cursor: (id) => repo.findEndpoint(db, auth.accountId, auth.mode, id),
      page: (limit, after) =>
        repo.listEndpoints(db, { accountId: auth.accountId, mode: auth.mode, limit, ...(after ? { after } : {}) }),
      map: (r) => this.toEndpoint(r),
      noun: 'webhook endpoint',
    });
  }

  /** @throws TidingsError webhook_endpoint_not_found */
  async get(auth: AuthContext, id: string): Promise<WebhookEndpoint> {
    return this.toEndpoint(await this.#find(auth, id));
  }

  /**
   * Changes the given fields. `enabled: true` turns a disabled endpoint on again with a clean
   * failure record; `enabled: false` stops its deliveries (pending retries are marked failed).
   * A `cloud_api` endpoint whose URL or verify token changes passes the handshake again first.
   * @throws TidingsError webhook_endpoint_not_found; parameter_invalid (url refused, the handshake
   *   failed, fields of the other format)
   */
  async update(auth: AuthContext, id: string, body: UpdateEndpointBody): Promise<WebhookEndpoint> {
    const url = body.url === undefined ? undefined : checkEndpointUrl(body.url, this.#o.allowPrivateUrls);
    const now = iso(this.#o.clock.now());
    const row = await this.#find(auth, id);
    checkFormatFields(row.format, body, false);
    if (row.format === 'cloud_api' && (url !== undefined || body.verifyToken !== undefined))
      await this.#handshake(url ?? row.url, body.verifyToken ?? this.#o.secretBox.decrypt(row.verify_token!));
    return this.#o.store.write(async (trx) => {
      const changes: Partial<repo.EndpointRow> = { updated_at: now };
      if (body.verifyToken !== undefined) changes.verify_token = this.#o.secretBox.encrypt(body.verifyToken);
      if (body.appSecret !== undefined) changes.secret = this.#o.secretBox.encrypt(body.appSecret);
      if (url !== undefined) changes.url = url;
      if (body.events !== undefined) changes.events = JSON.stringify(normaliseEvents(body.events));
      if (body.description !== undefined) changes.description = body.description;
      if (body.enabled === true && !row.enabled)
        Object.assign(changes, { enabled: 1, disabled_reason: null, failing_since: null });
      if (body.enabled === false && row.enabled) {
        Object.assign(changes, { enabled: 0, disabled_reason: 'requested' });
        await repo.failPendingDeliveries(trx, row.id, now);
      }
      await repo.updateEndpoint(trx, row.id, changes);
      const after = this.toEndpoint({ ...row, ...changes });
      await this.#audit(trx, auth, 'webhook_endpoint.updated', row.id, { before: this.toEndpoint(row), after });
      return after;
    });
  }

  /**
   * Deletes an endpoint: nothing more is sent to it (pending retries are marked failed); its past
   * deliveries stay in the event log.
   * @throws TidingsError webhook_endpoint_not_found
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    const now = iso(this.#o.clock.now());
    const row = await this.#find(auth, id);
    await this.#o.store.write(async (trx) => {
      await repo.updateEndpoint(trx, row.id, { deleted_at: now, enabled: 0, updated_at: now });
      await repo.failPendingDeliveries(trx, row.id, now);
      await this.#audit(trx, auth, 'webhook_endpoint.deleted', row.id, { before: this.toEndpoint(row) });
    });
    return { id, deleted: true };
  }

  /**
   * Replaces the secret; the answer carries the new one. For SECRET_ROLL_OVERLAP_MS both sign every
   * delivery (two `v1,` signatures in `webhook-signature`), so receivers can switch without a gap.
   * Rolling again within that time replaces the older secret at once.
   * @throws TidingsError webhook_endpoint_not_found; parameter_invalid for a `cloud_api` endpoint
   *   (its secret is its app's, changed with PATCH `appSecret`)
   */
  async rollSecret(auth: AuthContext, id: string): Promise<WebhookEndpoint> {
    const now = this.#o.clock.now();
    const secret = newSecret();
    const row = await this.#find(auth, id);
    if (row.format === 'cloud_api')
      throw new TidingsError(
        'parameter_invalid',
        `Webhook endpoint ${id} signs with its app's secret; set a new one with PATCH appSecret.`,
        { param: 'id' },
      );
    return this.#o.store.write(async (trx) => {
      const changes: Partial<repo.EndpointRow> = {
        secret: this.#o.secretBox.encrypt(secret),
        previous_secret: row.secret,
        previous_secret_expires_at: iso(now + SECRET_ROLL_OVERLAP_MS),
        updated_at: iso(now),
      };
      await repo.updateEndpoint(trx, row.id, changes);
      await this.#audit(trx, auth, 'webhook_endpoint.secret_rolled', row.id, {});
      return { ...this.toEndpoint({ ...row, ...changes }), secret };
    });
  }

  /** Records `action` on endpoint `id` in `tx`; `changes` never carry a secret. */
  #audit(tx: Tx, auth: AuthContext, action: string, id: string, changes: { before?: unknown; after?: unknown }) {
    return this.#o.audit.record(tx, {
      action,
      accountId: auth.accountId,
      object: { type: 'webhook_endpoint', id },
      mode: auth.mode,
      ...changes,
    });
  }

  #handshake(url: string, verifyToken: string): Promise<void> {
    return verifyCallback(this.#o.transport, url, verifyToken, this.#o.handshakeTimeoutMs);
  }

  /** The secrets that sign a delivery now: the current one, and the previous one while it overlaps. */
  signingSecrets(row: repo.EndpointRow): string[] {
    const secrets = [this.#o.secretBox.decrypt(row.secret)];
    if (
      row.previous_secret &&
      row.previous_secret_expires_at &&
      Date.parse(row.previous_secret_expires_at) > this.#o.clock.now()
    ) {
      secrets.push(this.#o.secretBox.decrypt(row.previous_secret));
    }
    return secrets;
  }

  toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
    const rolling =
      row.previous_secret_expires_at && Date.parse(row.previous_secret_expires_at) > this.#o.clock.now()
        ? row.previous_secret_expires_at
        : null;
    return {
      id: row.id,
      url: row.url,
      events: JSON.parse(row.events) as string[],
      description: row.description,
      enabled: row.enabled === 1,
      disabledReason: row.enabled === 1 ? null : row.disabled_reason,
      failingSince: row.failing_since,
      secretRollingExpiresAt: rolling,
      format: row.format,
      phoneNumberId: row.phone_number_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      ...(row.mode === 'test' ? { testMode: true as const } : {}),
    };
  }

  async #find(auth: AuthContext, id: string): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(this.#o.store.read, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('webhook_endpoint_not_found', `No webhook endpoint ${id}.`, { param: 'id' });
    return row;
  }
}

/** `whsec_` and 32 random bytes in base64, the Standard Webhooks secret format. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `"*"` stands for every type but the opt-in ones, which stay listed beside it when named. */
function normaliseEvents(events: string[]): string[] {
  const optIn = new Set<string>(OPT_IN_EVENT_TYPES);
  return events.includes('*')
    ? ['*', ...[...new Set(events)].filter((e) => optIn.has(e)).sort()]
    : [...new Set(events)].sort();
}
