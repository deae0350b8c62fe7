/**
 * Taking a platform webhook (docs/api.md §D11): the updates one delivery carried are checked against
 * who signed it, then handed to the features that own them (contacts: the customers they name;
 * messages: statuses and customers' messages; templates: reviews; accounts: number changes) inside one unit of work, so the 200 is sent only once everything
 * is stored. Idempotent and order-independent: each feature applies its updates that way.
 *
 * The platform layer knows no feature: the composition root wires the features in as consumers.
 */
import type { Logger } from 'pino';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { iso, type Clock } from '../lib/clock.js';
import type { WebhookSigner } from './cloud-api/webhook-signer.js';
import type { Owned, PlatformContactUpdate, PlatformInboundMessage, PlatformNumberUpdate, PlatformStatusUpdate, PlatformTemplateUpdate, PlatformUpdates } from './updates.js';

/** What each feature does with its updates. The apply functions run inside the batch's unit of work and never refuse. */
export interface IntakeConsumers {
  /** The account that owns a business number, or null. */
  accountOfNumber(phoneNumberId: string): Promise<string | null>;
  /** The accounts of the stored templates with these platform ids (unknown ids left out). */
  accountsOfTemplates(platformTemplateIds: string[]): Promise<Map<string, string>>;
  /** Creates and links the customers the messages and statuses name, before those are stored (they refer to them). */
  applyContacts(tx: Tx, contacts: Owned<PlatformContactUpdate>[], now: string): Promise<void>;
  /** @returns how many statuses were new. */
  applyStatuses(tx: Tx, statuses: Owned<PlatformStatusUpdate>[], now: string): Promise<number>;
  /** @returns how many customer messages were new. */
  recordInbound(tx: Tx, messages: Owned<PlatformInboundMessage>[], now: string): Promise<number>;
  /** @returns how many templates changed. */
  applyTemplateUpdates(tx: Tx, updates: PlatformTemplateUpdate[], now: string): Promise<number>;
  /** The number and account each number update concerns (null: no account has it). */
  ownersOfNumberUpdates(updates: PlatformNumberUpdate[]): Promise<({ accountId: string; phoneNumberId: string } | null)[]>;
  /** @returns how many numbers changed. */
  applyNumberUpdates(tx: Tx, updates: (PlatformNumberUpdate & { accountId: string; phoneNumberId: string })[], now: string): Promise<number>;
}

/** Statuses and customer messages written per step of a webhook's unit of work. */
const SLICE = 500;

export class PlatformIntake {
  readonly #o: { store: Store; clock: Clock; logger: Logger; consumers: IntakeConsumers };

  constructor(options: { store: Store; clock: Clock; logger: Logger; consumers: IntakeConsumers }) {
    this.#o = options;
  }

  /**
   * Stores what one webhook delivery reported, in one unit of work. Updates for numbers no account
   * owns are skipped and logged.
   * @throws TidingsError signature_invalid when the batch names an account the signing app does
   *   not cover (checked before anything is written: nothing of the batch is stored).
   */
  async ingest(updates: PlatformUpdates, signer: WebhookSigner): Promise<{ statuses: number; inbound: number; templates: number; numbers: number; skipped: number }> {
    const { consumers } = this.#o;
    const owners = new Map<string, string | null>();
    for (const id of new Set([...updates.statuses, ...updates.inbound, ...updates.contacts].map((x) => x.phoneNumberId))) owners.set(id, await consumers.accountOfNumber(id));
    const templateOwners = await consumers.accountsOfTemplates(updates.templates.map((t) => t.platformTemplateId));
    const numberOwners = await consumers.ownersOfNumberUpdates(updates.numbers);
    const foreign = [...owners.values(), ...templateOwners.values(), ...numberOwners.map((o) => o?.accountId ?? null)].find((accountId) => accountId !== null && !signer.covers(accountId));
    if (foreign !== undefined) {
      throw new TidingsError('signature_invalid', 'The webhook is signed by an app that does not speak for every account it names; nothing was changed.');
    }
    const own = <T extends { phoneNumberId: string }>(list: T[]) => list.flatMap((x) => (owners.get(x.phoneNumberId) ? [{ ...x, accountId: owners.get(x.phoneNumberId)! }] : []));
    const statuses = own(updates.statuses);
    const inbound = own(updates.inbound);
    const contacts = own(updates.contacts);
    const numbers = updates.numbers.flatMap((u, i) => (numberOwners[i] ? [{ ...u, ...numberOwners[i] }] : []));
    const skipped = updates.statuses.length + updates.inbound.length + updates.numbers.length - statuses.length - inbound.length - numbers.length;
    if (skipped > 0) this.#o.logger.warn({ skipped }, 'platform webhook named phone numbers that no account owns');

    return this.#o.store.write(async (tx) => {
      const now = iso(this.#o.clock.now());
      let fresh = 0;
      let stored = 0;
      // In slices, so no statement's parameter count grows with the batch (the platform sends at
      // most 1,000 updates per POST, docs/platform.md §4.3; a 4 MB body can carry 30 times more).
      for (let i = 0; i < contacts.length; i += SLICE) await consumers.applyContacts(tx, contacts.slice(i, i + SLICE), now);
      for (let i = 0; i < Math.max(statuses.length, inbound.length); i += SLICE) {
        fresh += await consumers.applyStatuses(tx, statuses.slice(i, i + SLICE), now);
        stored += await consumers.recordInbound(tx, inbound.slice(i, i + SLICE), now);
      }
      const templates = await consumers.applyTemplateUpdates(tx, updates.templates, now);
      const changedNumbers = await consumers.applyNumberUpdates(tx, numbers, now);
      return { statuses: fresh, inbound: stored, templates, numbers: changedNumbers, skipped };
    });
  }
}
