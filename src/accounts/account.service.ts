/**
 * Accounts (one WABA each), their business numbers, and the credentials to act as them
 * (docs/api.md §D2). API keys are key.service.ts; an account as answered is account.mapper.ts,
 * what a new one must give account.rules.ts.
 */
import { TidingsError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import type { SecretBox } from '../lib/crypto.js';
import { newId, randomBase62 } from '../lib/ids.js';
import type { Store } from '../db/store.js';
import type { SenderCredentials } from '../platform/platform.js';
import { ReadThroughCache } from '../lib/cache.js';
import { newGraphId, simulatedDisplayNumber, simulatorAccessToken } from '../lib/simulated-identity.js';
import { toAccount, type Account } from './account.mapper.js';
import * as repo from './account.repository.js';
import { checkNewAccount, type CreateAccountInput } from './account.rules.js';

export interface AccountServiceOptions {
  store: Store;
  secretBox: SecretBox;
  clock: Clock;
  /**
   * The app secret shared with the simulator: a simulated account's token is derived from it
   * (simulatorAccessToken) so the simulator recognises it; without it the token is random.
   */
  simulatorSecret?: string;
}

export class AccountService {
  readonly #store: Store;
  readonly #box: SecretBox;
  readonly #clock: Clock;
  readonly #simulatorSecret: string | null;
  /** Decrypted sender credentials by phone number id. */
  readonly #senders = new ReadThroughCache<SenderCredentials>(10_000);
  /** Each account's own app secret (null: it has none) by account id. */
  readonly #ownSecrets = new ReadThroughCache<{ secret: string | null }>(10_000);
  /** Whether any account has an app secret of its own. */
  readonly #anyOwnSecret = new ReadThroughCache<{ any: boolean }>(1);
  /** The own app secrets (null: none) of the accounts on a WABA, decrypted, by WABA id. */
  readonly #wabaSecrets = new ReadThroughCache<{ secrets: (string | null)[] }>(10_000);

  constructor(options: AccountServiceOptions) {
    this.#store = options.store;
    this.#box = options.secretBox;
    this.#clock = options.clock;
    this.#simulatorSecret = options.simulatorSecret ?? null;
    // Kept until an account or a number changes, in this process or another (db/change-feed.ts).
    options.store.changes.subscribe('accounts', () => {
      this.#senders.invalidate(null);
      this.#ownSecrets.invalidate(null);
      this.#anyOwnSecret.invalidate(null);
      this.#wabaSecrets.invalidate(null);
    });
  }

  /**
   * Creates an account with one business number.
   * @throws TidingsError parameter_invalid / parameter_missing for incomplete platform details.
   */
  async createAccount(input: CreateAccountInput): Promise<Account> {
    const { name, throughput, simulated } = checkNewAccount(input);
    const now = iso(this.#clock.now());
    const id = newId('acc');
    const wabaId = input.wabaId ?? newGraphId();
    const phoneNumberId = input.phoneNumberId ?? newGraphId();
    const display = input.phoneNumber?.replace(/[^\d]/g, '') ?? simulatedDisplayNumber(phoneNumberId);
    if (await repo.findPhoneNumber(this.#store.read, phoneNumberId)) {
      throw new TidingsError('parameter_invalid', `Phone number id ${phoneNumberId} already belongs to an account.`, {
        param: 'phoneNumberId',
      });
    }
    await this.#store.write((tx) =>
      repo.insertAccount(tx, {
        id,
        name,
        wabaId,
        accessTokenEncrypted: this.#box.encrypt(
          input.accessToken ??
            (this.#simulatorSecret ? simulatorAccessToken(this.#simulatorSecret, wabaId) : `sim_${randomBase62(40)}`),
        ),
        appSecretEncrypted: input.appSecret ? this.#box.encrypt(input.appSecret) : null,
        simulated,
        numbers: [
          {
            phoneNumberId,
            displayPhoneNumber: display,
            throughput,
            throughputSource: input.throughput === undefined ? 'default' : 'override',
          },
        ],
        createdAt: now,
      }),
    );
    return (await this.getAccount(id))!;
  }

  async getAccount(id: string): Promise<Account | undefined> {
    const row = await repo.findAccount(this.#store.read, id);
    if (!row) return undefined;
    const numbers = await repo.listPhoneNumbers(this.#store.read, [id]);
    return toAccount(row, numbers);
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await repo.listAccounts(this.#store.read);
    const numbers = await repo.listPhoneNumbers(
      this.#store.read,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      toAccount(
        r,
        numbers.filter((n) => n.account_id === r.id),
      ),
    );
  }

  /**
   * Whether this service's encryption key decrypts the platform credentials already stored (true
   * when there are none): checked at start, before a new key is saved (secrets.ts).
   */
  async decryptsStoredCredentials(): Promise<boolean> {
    const ciphertext = await repo.anyEncryptedCredential(this.#store.read);
    if (ciphertext === undefined) return true;
    try {
      this.#box.decrypt(ciphertext);
      return true;
    } catch {
      return false;
    }
  }

  countAccounts(): Promise<number> {
    return repo.countAccounts(this.#store.read);
  }

  /**
   * The credentials to act as `phoneNumberId`, with the access token decrypted. Cached until an
   * account or number changes in any process: it sits on the send and webhook paths.
   * @throws Error when the number is unknown (a key always points at an existing number).
   */
  async senderCredentials(phoneNumberId: string): Promise<SenderCredentials> {
    const value = await this.#senders.get(phoneNumberId, async () => {
      const row = await repo.findSender(this.#store.read, phoneNumberId);
      return (
        row && {
          accountId: row.account_id,
          wabaId: row.waba_id,
          phoneNumberId,
          displayPhoneNumber: row.display_phone_number,
          throughput: row.throughput,
          accessToken: this.#box.decrypt(row.access_token_enc),
          appSecret: row.app_secret_enc ? this.#box.decrypt(row.app_secret_enc) : null,
        }
      );
    });
    if (!value) throw new Error(`Unknown phone number id ${phoneNumberId}`);
    return value;
  }

  /** A number's tier in messages/s, as stored now (not cached). @throws Error for an unknown number. */
  async throughputOf(phoneNumberId: string): Promise<number> {
    const value = await repo.throughputOf(this.#store.read, phoneNumberId);
    if (value === null) throw new Error(`Unknown phone number id ${phoneNumberId}`);
    return value;
  }

  /**
   * Credentials to act for the account as a whole (templates live on the WABA): those of its first
   * number. @throws Error for an unknown account.
   */
  async credentialsForAccount(accountId: string): Promise<SenderCredentials> {
    const [number] = await repo.listPhoneNumbers(this.#store.read, [accountId]);
    if (!number) throw new Error(`Account ${accountId} has no phone number`);
    return this.senderCredentials(number.phone_number_id);
  }

  /**
   * The account owning a business number, and the app secret its webhooks are signed with
   * (the account's override, else null = the configured one). Used by the webhook intake; cached
   * with the sender credentials. An unknown number is read again each time (a number added a
   * moment ago, by any process, is found).
   */
  async accountForPhoneNumber(
    phoneNumberId: string,
  ): Promise<{ accountId: string; appSecret: string | null } | undefined> {
    const sender = await this.senderCredentials(phoneNumberId).catch(() => undefined);
    return sender && { accountId: sender.accountId, appSecret: sender.appSecret };
  }

  /**
   * An account's own app secret (`accounts create --app-secret`), or null when it has none (the
   * configured one signs its webhooks): what the webhook intake checks a signer against
   * (platform/cloud-api/webhook-signer.ts). Cached until an account changes in any process.
   * @returns undefined for an unknown account.
   */
  async appSecretOf(accountId: string): Promise<string | null | undefined> {
    const own = await this.#ownSecrets.get(accountId, async () => {
      const row = await repo.findAccount(this.#store.read, accountId);
      return row && { secret: row.app_secret_enc ? this.#box.decrypt(row.app_secret_enc) : null };
    });
    return own?.secret;
  }

  /**
   * The app secrets that sign the platform's webhooks for some WABAs, as the webhook route asks
   * (`AppSecretsLookup`, platform/cloud-api/webhook-signer.ts): by WABA id, the own secret of each
   * account on it (null: it has none); WABAs no account has are left out. Null, without calling
   * `wabaIds`, when no account has a secret of its own. Cached until an account changes in any
   * process, except WABAs no account has: read again each time (all of a body's in one query), so
   * a WABA added a moment ago elsewhere is found at once. `fresh` reads past the caches.
   * @param options.wabaIds the WABA ids a webhook names (at most 1,000, webhook-bounds.ts `namedWabaIds`)
   */
  async appSecrets(options: {
    wabaIds: () => string[];
    fresh?: boolean;
  }): Promise<Map<string, (string | null)[]> | null> {
    const readAny = async () => ({ any: await repo.anyAppSecretOverride(this.#store.read) });
    const anyOwn = options.fresh ? await readAny() : await this.#anyOwnSecret.get('any', readAny);
    if (!anyOwn!.any) return null;
    const ids = [...new Set(options.wabaIds())];
    const secretsOf = async (wabaIds: string[]) => {
      const out = new Map<string, (string | null)[]>();
      for (const row of await repo.appSecretsOfWabas(this.#store.read, wabaIds)) {
        out.set(row.waba_id, [
          ...(out.get(row.waba_id) ?? []),
          row.app_secret_enc === null ? null : this.#box.decrypt(row.app_secret_enc),
        ]);
      }
      return out;
    };
    if (options.fresh) return secretsOf(ids);
    // The cache asks for each WABA it lacks at once (synchronously): one query then answers them all.
    const misses: string[] = [];
    let answer!: (found: Promise<Map<string, (string | null)[]>>) => void;
    const found = new Promise<Map<string, (string | null)[]>>((resolve) => (answer = resolve));
    const cached = ids.map((id) =>
      this.#wabaSecrets.get(id, async () => {
        misses.push(id);
        const secrets = (await found).get(id);
        return secrets && { secrets };
      }),
    );
    answer(misses.length > 0 ? secretsOf(misses) : Promise.resolve(new Map()));
    const values = await Promise.all(cached);
    return new Map(ids.flatMap((id, i) => (values[i] ? [[id, values[i].secrets] as const] : [])));
  }
}
