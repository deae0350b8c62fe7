/**
 * API keys (docs/api.md §D2): `sk_live_` or `sk_test_` + 32 base62 characters, stored only as a
 * SHA-256 hash, each issued against one business number (its sender) with scopes and a rate limit.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { ReadThroughCache } from '../lib/cache.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId, randomBase62 } from '../lib/ids.js';
import * as repo from './api-key.repository.js';
import type { AccountService } from './account.service.js';
import type { AuthContext, Mode, Scope } from '../http/access.js';
import {
  ALL_PERMISSIONS,
  DEFAULT_KEY_RATE_LIMIT,
  ROLE_PERMISSIONS,
  SCOPES,
  isRole,
  isScope,
  type Permission,
} from '../http/access.js';

export interface ApiKeyInfo {
  id: string;
  accountId: string;
  phoneNumberId: string;
  mode: Mode;
  scopes: Scope[];
  rateLimit: number;
  /** `sk_live_…abcd`. */
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The key itself, shown once. */
  key: string;
}

export interface CreateKeyInput {
  accountId: string;
  mode: Mode;
  /** Defaults to the account's first number. */
  phoneNumberId?: string;
  /** Defaults to every scope. */
  scopes?: string[];
  /** Requests/s, 1..10000 (default 100). */
  rateLimit?: number;
  /** The person making it (`usr_…`): the key then holds at most that person's permissions. Absent: the operator. */
  createdBy?: string;
}

const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32}$/;

export class KeyService {
  readonly #o: { store: Store; clock: Clock; accounts: AccountService; audit?: Pick<AuditTrail, 'record'> };
  /** Active keys by hash, until a key is created or revoked in any process. */
  readonly #active = new ReadThroughCache<AuthContext>(10_000);

  /** `audit`: each key created or revoked is recorded in its unit (docs/api.md §D27), the key's hint only. */
  constructor(options: { store: Store; clock: Clock; accounts: AccountService; audit?: Pick<AuditTrail, 'record'> }) {
    this.#o = options;
    options.store.changes.subscribe('api_keys', () => this.#active.invalidate(null));
    // A key made by a person holds that person's permissions: a changed role changes the key.
    options.store.changes.subscribe('memberships', () => this.#active.invalidate(null));
  }

  /**
   * Issues a key. Only its SHA-256 is stored.
   * @throws TidingsError parameter_invalid for an unknown account, number, mode or scope, or a rate
   *   limit outside 1..10000 requests/s.
   */
  async createKey(input: CreateKeyInput): Promise<CreatedApiKey> {
    const account = await this.#o.accounts.getAccount(input.accountId);
    if (!account) throw new TidingsError('parameter_invalid', `No account ${input.accountId}.`, { param: 'account' });
    if (input.mode !== 'live' && input.mode !== 'test') {
      throw new TidingsError('parameter_invalid', 'mode must be live or test.', { param: 'mode' });
    }
    const phoneNumberId = input.phoneNumberId ?? account.phoneNumbers[0]?.phoneNumberId;
    if (!phoneNumberId || !account.phoneNumbers.some((n) => n.phoneNumberId === phoneNumberId)) {
      throw new TidingsError('parameter_invalid', `The account has no phone number ${phoneNumberId ?? ''}.`, {
        param: 'phoneNumberId',
      });
    }
    const scopes = input.scopes ?? [...SCOPES];
    const unknown = scopes.find((s) => !isScope(s));
    if (unknown !== undefined || scopes.length === 0) {
      throw new TidingsError(
        'parameter_invalid',
        `Scopes must be some of ${SCOPES.join(', ')}${unknown ? `; got "${unknown}"` : ''}.`,
        { param: 'scopes' },
      );
    }
    const rateLimit = input.rateLimit ?? DEFAULT_KEY_RATE_LIMIT;
    if (!Number.isInteger(rateLimit) || rateLimit < 1 || rateLimit > 10_000) {
      throw new TidingsError('parameter_invalid', 'rateLimit must be a whole number from 1 to 10000.', {
        param: 'rateLimit',
      });
    }
    const key = `sk_${input.mode}_${randomBase62(32)}`;
    const row = await this.#o.store.write(async (tx) => {
      const made = await repo.insertApiKey(tx, {
        id: newId('key'),
        accountId: account.id,
        phoneNumberId,
        mode: input.mode,
        keyHash: sha256Hex(key),
        keyHint: key.slice(-4),
        scopes: [...new Set(scopes as Scope[])],
        rateLimit: input.rateLimit ?? null,
        createdAt: iso(this.#o.clock.now()),
        createdBy: input.createdBy ?? null,
      });
      await this.#o.audit?.record(tx, {
        action: 'api_key.created',
        accountId: made.account_id,
        object: { type: 'api_key', id: made.id },
        mode: made.mode,
        after: toKeyInfo(made),
      });
      return made;
    });
    return { ...toKeyInfo(row), key };
  }

  async listKeys(accountId?: string): Promise<ApiKeyInfo[]> {
    return (await repo.listApiKeys(this.#o.store.read, accountId)).map(toKeyInfo);
  }

  /** @returns false when the key does not exist or was already revoked. */
  revokeKey(id: string): Promise<boolean> {
    return this.#o.store.write(async (tx) => {
      const revoked = await repo.revokeApiKey(tx, id, iso(this.#o.clock.now()));
      const row = revoked ? await repo.findApiKeyById(tx, id) : undefined;
      if (row)
        await this.#o.audit?.record(tx, {
          action: 'api_key.revoked',
          accountId: row.account_id,
          object: { type: 'api_key', id },
          mode: row.mode,
          after: toKeyInfo(row),
        });
      return revoked;
    });
  }

  /**
   * Resolves a presented key. Active keys are cached until any key is created or revoked, in this
   * process or another (the CLI included: db/change-feed.ts), so a revoked key is refused within
   * moments everywhere; an unknown key is looked up every time, so a new one works at once.
   * @returns null when the key is malformed, unknown or revoked.
   */
  async authenticate(presented: string): Promise<AuthContext | null> {
    if (!KEY_PATTERN.test(presented)) return null;
    const hash = sha256Hex(presented);
    const context = await this.#active.get(hash, async () => {
      const row = await repo.findActiveKeyByHash(this.#o.store.read, hash);
      return (
        row && {
          keyId: row.id,
          via: 'key' as const,
          actor: { type: 'key' as const, id: row.id, userId: row.created_by },
          accountId: row.account_id,
          mode: row.mode,
          phoneNumberId: row.phone_number_id,
          scopes: new Set(JSON.parse(row.scopes) as Scope[]),
          permissions: makerPermissions(row.created_by, row.maker_role),
          rateLimit: row.rate_limit ?? DEFAULT_KEY_RATE_LIMIT,
        }
      );
    });
    return context ?? null;
  }

  /**
   * On an empty database, creates a demo account bound to the simulator with one live and one test
   * key (docs/api.md §D1), so a newcomer can send a message within a minute.
   * @returns the keys (shown once), or null when any account already exists.
   */
  async createDemoAccountIfEmpty(): Promise<{
    accountId: string;
    phoneNumberId: string;
    liveKey: string;
    testKey: string;
  } | null> {
    if ((await this.#o.accounts.countAccounts()) > 0) return null;
    const account = await this.#o.accounts.createAccount({ name: 'Demo' });
    const live = await this.createKey({ accountId: account.id, mode: 'live' });
    const test = await this.createKey({ accountId: account.id, mode: 'test' });
    return {
      accountId: account.id,
      phoneNumberId: account.phoneNumbers[0]!.phoneNumberId,
      liveKey: live.key,
      testKey: test.key,
    };
  }
}

/**
 * What a key may do beyond its scopes: every permission for a key the operator made; its maker's
 * role's for a key a person made; none once its maker is no longer a member of its account.
 */
function makerPermissions(createdBy: string | null, role: string | null): ReadonlySet<Permission> {
  if (createdBy === null) return ALL_PERMISSIONS;
  return role !== null && isRole(role) ? ROLE_PERMISSIONS[role] : new Set();
}

function toKeyInfo(row: repo.ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    accountId: row.account_id,
    phoneNumberId: row.phone_number_id,
    mode: row.mode,
    scopes: JSON.parse(row.scopes) as Scope[],
    rateLimit: row.rate_limit ?? DEFAULT_KEY_RATE_LIMIT,
    hint: `sk_${row.mode}_…${row.key_hint}`,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
