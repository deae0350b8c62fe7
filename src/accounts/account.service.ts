/**
 * Accounts (one WABA each), their business phone numbers and API keys (DECISIONS §2).
 */
import type { Db } from '../db/connect.js';
import { TidingsError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { SecretBox, sha256Hex } from '../lib/crypto.js';
import { newId, randomBase62 } from '../lib/ids.js';
import { newGraphId, simulatedDisplayNumber } from '../simulator/identity.js';
import * as repo from './account.repository.js';
import type { AuthContext, Mode, Scope } from './scopes.js';
import { DEFAULT_KEY_RATE_LIMIT, DEFAULT_THROUGHPUT, MAX_THROUGHPUT, SCOPES, isScope } from './scopes.js';

export interface PhoneNumber {
  phoneNumberId: string;
  displayPhoneNumber: string;
  throughput: number;
}

/** An account as the CLI prints it (DECISIONS §1). Credentials are never part of it. */
export interface Account {
  id: string;
  name: string;
  wabaId: string;
  simulated: boolean;
  phoneNumbers: PhoneNumber[];
  createdAt: string;
}

export interface CreateAccountInput {
  name: string;
  /** Platform identity; all omitted = a fresh simulated WABA and number. */
  wabaId?: string;
  phoneNumberId?: string;
  /** The number as the platform shows it; digits, optionally with `+`. */
  phoneNumber?: string;
  accessToken?: string;
  /** Overrides WHATSAPP_APP_SECRET for this account's webhooks. */
  appSecret?: string;
  /** The numbers' messages/s tier, 1..1000 (default 80). */
  throughput?: number;
}

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
}

/** What the platform adapter needs to act as one business number. */
export interface SenderCredentials {
  accountId: string;
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  throughput: number;
  accessToken: string;
  /** The account's own app secret, or null for the configured WHATSAPP_APP_SECRET. */
  appSecret: string | null;
}

export interface AccountServiceOptions {
  db: Db;
  secretBox: SecretBox;
  clock: Clock;
}

const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32}$/;

export class AccountService {
  readonly #db: Db;
  readonly #box: SecretBox;
  readonly #clock: Clock;
  /** Decrypted sender credentials by phone number id; tokens change only through the CLI. */
  readonly #senderCache = new Map<string, { value: SenderCredentials; expires: number }>();

  constructor(options: AccountServiceOptions) {
    this.#db = options.db;
    this.#box = options.secretBox;
    this.#clock = options.clock;
  }

  /**
   * Creates an account with one business number.
   * @throws TidingsError parameter_invalid / parameter_missing for incomplete platform details.
   */
  async createAccount(input: CreateAccountInput): Promise<Account> {
    const name = input.name.trim();
    if (name === '') throw new TidingsError('parameter_missing', 'An account needs a name.', { param: 'name' });
    const throughput = input.throughput ?? DEFAULT_THROUGHPUT;
    if (!Number.isInteger(throughput) || throughput < 1 || throughput > MAX_THROUGHPUT) {
      throw new TidingsError('parameter_invalid', `throughput must be a whole number from 1 to ${MAX_THROUGHPUT}.`, { param: 'throughput' });
    }
    const platformFields = [input.wabaId, input.phoneNumberId, input.phoneNumber, input.accessToken];
    const simulated = platformFields.every((v) => v === undefined);
    if (!simulated) {
      const missing = (['wabaId', 'phoneNumberId', 'phoneNumber', 'accessToken'] as const).find((k) => !input[k]);
      if (missing) {
        throw new TidingsError('parameter_missing', `A platform account needs wabaId, phoneNumberId, phoneNumber and accessToken; ${missing} is missing.`, { param: missing });
      }
      for (const k of ['wabaId', 'phoneNumberId'] as const) {
        if (!/^\d+$/.test(input[k]!)) throw new TidingsError('parameter_invalid', `${k} must be the platform's numeric id.`, { param: k });
      }
    }
    const now = iso(this.#clock.now());
    const id = newId('acc');
    const wabaId = input.wabaId ?? newGraphId();
    const phoneNumberId = input.phoneNumberId ?? newGraphId();
    const display = input.phoneNumber?.replace(/[^\d]/g, '') ?? simulatedDisplayNumber(phoneNumberId);
    if (await repo.findPhoneNumber(this.#db, phoneNumberId)) {
      throw new TidingsError('parameter_invalid', `Phone number id ${phoneNumberId} already belongs to an account.`, { param: 'phoneNumberId' });
    }
    await this.#db.transaction().execute((trx) =>
      repo.insertAccount(
        trx,
        {
          id,
          name,
          waba_id: wabaId,
          access_token_enc: this.#box.encrypt(input.accessToken ?? `sim_${randomBase62(40)}`),
          app_secret_enc: input.appSecret ? this.#box.encrypt(input.appSecret) : null,
          simulated: simulated ? 1 : 0,
          created_at: now,
        },
        [{ phone_number_id: phoneNumberId, account_id: id, display_phone_number: display, throughput, created_at: now }],
      ),
    );
    return (await this.getAccount(id))!;
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const row = await repo.findAccount(this.#db, id);
    if (!row) return undefined;
    const numbers = await repo.listPhoneNumbers(this.#db, [id]);
    return toAccount(row, numbers);
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await repo.listAccounts(this.#db);
    const numbers = await repo.listPhoneNumbers(this.#db, rows.map((r) => r.id));
    return rows.map((r) => toAccount(r, numbers.filter((n) => n.account_id === r.id)));
  }

  countAccounts(): Promise<number> {
    return repo.countAccounts(this.#db);
  }

  /**
   * On an empty database, creates a demo account bound to the simulator with one live and one test
   * key (DECISIONS §1), so a newcomer can send a message within a minute.
   * @returns the keys (shown once), or null when any account already exists.
   */
  async createDemoAccountIfEmpty(): Promise<{ accountId: string; phoneNumberId: string; liveKey: string; testKey: string } | null> {
    if ((await this.countAccounts()) > 0) return null;
    const account = await this.createAccount({ name: 'Demo' });
    const live = await this.createKey({ accountId: account.id, mode: 'live' });
    const test = await this.createKey({ accountId: account.id, mode: 'test' });
    return { accountId: account.id, phoneNumberId: account.phoneNumbers[0]!.phoneNumberId, liveKey: live.key, testKey: test.key };
  }

  /**
   * Issues a key: `sk_live_` or `sk_test_` + 32 base62 characters. Only its SHA-256 is stored.
   * @throws TidingsError parameter_invalid for an unknown account, number, mode or scope.
   */
  async createKey(input: CreateKeyInput): Promise<CreatedApiKey> {
    const account = await this.getAccount(input.accountId);
    if (!account) throw new TidingsError('parameter_invalid', `No account ${input.accountId}.`, { param: 'account' });
    if (input.mode !== 'live' && input.mode !== 'test') {
      throw new TidingsError('parameter_invalid', 'mode must be live or test.', { param: 'mode' });
    }
    const phoneNumberId = input.phoneNumberId ?? account.phoneNumbers[0]?.phoneNumberId;
    if (!phoneNumberId || !account.phoneNumbers.some((n) => n.phoneNumberId === phoneNumberId)) {
      throw new TidingsError('parameter_invalid', `The account has no phone number ${phoneNumberId ?? ''}.`, { param: 'phoneNumberId' });
    }
    const scopes = input.scopes ?? [...SCOPES];
    const unknown = scopes.find((s) => !isScope(s));
    if (unknown !== undefined || scopes.length === 0) {
      throw new TidingsError('parameter_invalid', `Scopes must be some of ${SCOPES.join(', ')}${unknown ? `; got "${unknown}"` : ''}.`, { param: 'scopes' });
    }
    const rateLimit = input.rateLimit ?? DEFAULT_KEY_RATE_LIMIT;
    if (!Number.isInteger(rateLimit) || rateLimit < 1 || rateLimit > 10_000) {
      throw new TidingsError('parameter_invalid', 'rateLimit must be a whole number from 1 to 10000.', { param: 'rateLimit' });
    }
    const key = `sk_${input.mode}_${randomBase62(32)}`;
    const row: repo.ApiKeyRow = {
      id: newId('key'),
      account_id: account.id,
      phone_number_id: phoneNumberId,
      mode: input.mode,
      key_hash: sha256Hex(key),
      key_hint: key.slice(-4),
      scopes: JSON.stringify([...new Set(scopes)]),
      rate_limit: input.rateLimit ?? null,
      created_at: iso(this.#clock.now()),
      revoked_at: null,
    };
    await repo.insertApiKey(this.#db, row);
    return { ...toKeyInfo(row), key };
  }

  async listKeys(accountId?: string): Promise<ApiKeyInfo[]> {
    return (await repo.listApiKeys(this.#db, accountId)).map(toKeyInfo);
  }

  /** @returns false when the key does not exist or was already revoked. */
  revokeKey(id: string): Promise<boolean> {
    return repo.revokeApiKey(this.#db, id, iso(this.#clock.now()));
  }

  /**
   * Resolves a presented key. Looked up in the database on every call, so a key created or
   * revoked by the CLI takes effect at once.
   * @returns null when the key is malformed, unknown or revoked.
   */
  async authenticate(presented: string): Promise<AuthContext | null> {
    if (!KEY_PATTERN.test(presented)) return null;
    const row = await repo.findActiveKeyByHash(this.#db, sha256Hex(presented));
    if (!row) return null;
    return {
      keyId: row.id,
      accountId: row.account_id,
      mode: row.mode,
      phoneNumberId: row.phone_number_id,
      scopes: new Set(JSON.parse(row.scopes) as Scope[]),
      rateLimit: row.rate_limit ?? DEFAULT_KEY_RATE_LIMIT,
    };
  }

  /**
   * The credentials to act as `phoneNumberId`, with the access token decrypted. Cached for a
   * minute: it sits on the send and webhook paths, and a number never changes account.
   * @throws Error when the number is unknown (a key always points at an existing number).
   */
  async senderCredentials(phoneNumberId: string): Promise<SenderCredentials> {
    const now = this.#clock.now();
    const cached = this.#senderCache.get(phoneNumberId);
    if (cached && cached.expires > now) return cached.value;
    const row = await repo.findSender(this.#db, phoneNumberId);
    if (!row) throw new Error(`Unknown phone number id ${phoneNumberId}`);
    const value: SenderCredentials = {
      accountId: row.account_id,
      wabaId: row.waba_id,
      phoneNumberId,
      displayPhoneNumber: row.display_phone_number,
      throughput: row.throughput,
      accessToken: this.#box.decrypt(row.access_token_enc),
      appSecret: row.app_secret_enc ? this.#box.decrypt(row.app_secret_enc) : null,
    };
    this.#senderCache.set(phoneNumberId, { value, expires: now + 60_000 });
    return value;
  }

  /**
   * Credentials to act for the account as a whole (templates live on the WABA): those of its first
   * number. @throws Error for an unknown account.
   */
  async credentialsForAccount(accountId: string): Promise<SenderCredentials> {
    const [number] = await repo.listPhoneNumbers(this.#db, [accountId]);
    if (!number) throw new Error(`Account ${accountId} has no phone number`);
    return this.senderCredentials(number.phone_number_id);
  }

  /**
   * The account owning a business number, and the app secret its webhooks are signed with
   * (the account's override, else null = the configured one). Used by the webhook intake; cached
   * with the sender credentials.
   */
  async accountForPhoneNumber(phoneNumberId: string): Promise<{ accountId: string; appSecret: string | null } | undefined> {
    const sender = await this.senderCredentials(phoneNumberId).catch(() => undefined);
    return sender && { accountId: sender.accountId, appSecret: sender.appSecret };
  }

  /** Every per-account app secret override (for checking a webhook signed with one of them). */
  async accountAppSecrets(): Promise<string[]> {
    return (await repo.listAppSecretOverrides(this.#db)).map((enc) => this.#box.decrypt(enc));
  }
}

function toAccount(row: repo.AccountRow, numbers: repo.PhoneNumberRow[]): Account {
  return {
    id: row.id,
    name: row.name,
    wabaId: row.waba_id,
    simulated: row.simulated === 1,
    phoneNumbers: numbers.map((n) => ({ phoneNumberId: n.phone_number_id, displayPhoneNumber: n.display_phone_number, throughput: n.throughput })),
    createdAt: row.created_at,
  };
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
