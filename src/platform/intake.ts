/**
 * Taking a platform webhook (docs/api.md §D11): the updates one delivery carried are checked against
 * who signed it, then handed to the features that own them (contacts: the customers they name, who
 * holds their conversations; messages: statuses, customers' messages, Business-app and Meta agent
 * echoes; templates: reviews; accounts: number changes, pricing tier notices, account signals and
 * fields passed on as `platform.webhook`: a WABA's to each account on it, one naming a number to that
 * number's account only, signal-routing.ts) inside one unit of work, so the 200 is sent only once
 * everything is stored. Idempotent and order-independent: each feature applies its updates that way.
 *
 * The platform layer knows no feature: the composition root wires the features in as consumers.
 */
import { actAs, PLATFORM } from '../lib/actor.js';
import type { Logger } from 'pino';
import { BatchWriter } from '../db/batch-writer.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { iso, type Clock } from '../lib/clock.js';
import type { WebhookSigner } from './cloud-api/webhook-signer.js';
import type { PlatformCoexistenceUpdate } from './coexistence-updates.js';
import { displayNamed, numberNamed, routeSignals } from './signal-routing.js';
import type { PlatformEchoMessage, PlatformHandover, PlatformSignal } from './signal-updates.js';
import type {
  Owned,
  PlatformContactUpdate,
  PlatformInboundMessage,
  PlatformNumberUpdate,
  PlatformPricingTierUpdate,
  PlatformStatusUpdate,
  PlatformTemplateUpdate,
  PlatformUpdates,
  PlatformUserPreference,
} from './updates.js';

/**
 * The features that take a webhook's updates, one hand-off each, named after the feature's own
 * object and methods (deps.ts passes the objects themselves). The apply methods run inside the
 * batch's unit of work and never refuse.
 */
export interface IntakeConsumers {
  /** Who owns each business number, and who signs for each account (accounts feature, `AccountService`). */
  numberOwners: {
    /** The account that owns a business number and its own app secret (null: none), or undefined. */
    accountForPhoneNumber(phoneNumberId: string): Promise<{ accountId: string; appSecret: string | null } | undefined>;
    /** An account's own app secret (null: none; undefined: no such account). */
    appSecretOf(accountId: string): Promise<string | null | undefined>;
  };
  /** The customers the messages and statuses name (contacts feature, `ContactUpdates`). */
  contacts: {
    /** Creates and links them, before the messages and statuses that refer to them are stored. */
    applyPlatform(tx: Tx, contacts: Owned<PlatformContactUpdate>[], now: string): Promise<void>;
  };
  /** Statuses of the messages Tidings sent (messages feature, `StatusReports`). */
  statuses: {
    /** @returns how many statuses were new. */
    applyStatuses(tx: Tx, statuses: Owned<PlatformStatusUpdate>[], now: string): Promise<number>;
  };
  /** Customers' messages (messages feature, `InboundUpdates`). */
  inbound: {
    /** @returns how many customer messages were new. */
    recordInbound(tx: Tx, messages: Owned<PlatformInboundMessage>[], now: string): Promise<number>;
  };
  /** Template reviews and re-categorisations (templates feature, `TemplateReviews`). */
  templates: {
    /** The accounts of the stored templates with these platform ids (unknown ids left out). */
    accountsOfPlatformTemplates(platformTemplateIds: string[]): Promise<Map<string, string>>;
    /** @returns how many templates changed. */
    apply(tx: Tx, updates: PlatformTemplateUpdate[], now: string): Promise<number>;
  };
  /** Changes of business numbers, such as a throughput upgrade (accounts feature, `ThroughputTiers`). */
  numbers: {
    /** The number and account each update concerns (null: no account has it). */
    owners(updates: PlatformNumberUpdate[]): Promise<({ accountId: string; phoneNumberId: string } | null)[]>;
    /** @returns how many numbers changed. */
    apply(
      tx: Tx,
      updates: (PlatformNumberUpdate & { accountId: string; phoneNumberId: string })[],
      now: string,
    ): Promise<number>;
  };
  /** A WABA's volume-based pricing tier notices (accounts feature, `PricingTiers`). */
  pricingTiers: {
    /** The accounts on each of these WABAs (a WABA no account has: absent). */
    accountsOfWabas(wabaIds: string[]): Promise<Map<string, string[]>>;
    /** @returns how many notices were new or changed a stored one. */
    apply(tx: Tx, updates: Owned<PlatformPricingTierUpdate>[], now: string): Promise<number>;
  };
  /** Account signals and changes of fields Tidings does not handle (accounts feature, `AccountSignals`); owned by WABA like pricing tiers. */
  signals: {
    /** @returns how many changed something or were passed on. */
    apply(tx: Tx, signals: Owned<PlatformSignal>[], now: string): Promise<number>;
  };
  /** Messages sent from the WhatsApp Business app (messages feature, `BusinessEchoes`). */
  echoes: {
    /** @returns how many were new. */
    recordEchoes(tx: Tx, echoes: Owned<PlatformEchoMessage>[], now: string): Promise<number>;
  };
  /** Who holds each conversation (contacts feature, `ConversationHolders`; docs/api.md §D30); after the messages. */
  handovers: { applyHandovers(tx: Tx, handovers: Owned<PlatformHandover>[], now: string): Promise<void> };
  /** Past chats, the app's address book, echo edits and revokes, ad events (messages feature, `Coexistence`); after the echoes. */
  coexistence: { apply(tx: Tx, updates: Owned<PlatformCoexistenceUpdate>[], now: string): Promise<void> };
  /** Opt-out keywords, marketing preferences and 131050 refusals (consent feature, `ConsentIntake`); after the messages. */
  consent: {
    apply(
      tx: Tx,
      updates: {
        inbound: Owned<PlatformInboundMessage>[];
        statuses: Owned<PlatformStatusUpdate>[];
        preferences: Owned<PlatformUserPreference>[];
      },
      now: string,
    ): Promise<void>;
  };
}

/** Statuses and customer messages written per step of a unit of work. */
const SLICE = 500;
/** Webhook deliveries stored together at most (each carries up to 1,000 updates, docs/platform.md §4.3). */
const DELIVERIES_PER_BATCH = 64;

/** One delivery's updates, each with the account that owns it. */
interface OwnedUpdates {
  contacts: Owned<PlatformContactUpdate>[];
  statuses: Owned<PlatformStatusUpdate>[];
  inbound: Owned<PlatformInboundMessage>[];
  templates: PlatformTemplateUpdate[];
  numbers: (PlatformNumberUpdate & { accountId: string; phoneNumberId: string })[];
  pricingTiers: Owned<PlatformPricingTierUpdate>[];
  signals: Owned<PlatformSignal>[];
  echoes: Owned<PlatformEchoMessage>[];
  preferences: Owned<PlatformUserPreference>[];
  handovers: Owned<PlatformHandover>[];
  coexistence: Owned<PlatformCoexistenceUpdate>[];
}

/** What `ingest` counts: the updates of each kind for known numbers, and how many it skipped. */
type IngestCounts = Record<'statuses' | 'inbound' | 'templates' | 'numbers' | 'pricingTiers' | 'signals', number> &
  Record<'echoes' | 'skipped', number>;

export class PlatformIntake {
  readonly #o: { store: Store; clock: Clock; logger: Logger; consumers: IntakeConsumers };
  /** Concurrent deliveries share one unit of work and one statement per table (db/batch-writer.ts). */
  readonly #deliveries: BatchWriter<OwnedUpdates, void>;

  constructor(options: { store: Store; clock: Clock; logger: Logger; consumers: IntakeConsumers }) {
    this.#o = options;
    this.#deliveries = new BatchWriter({
      store: options.store,
      maxBatch: DELIVERIES_PER_BATCH,
      // What the platform tells is the platform's doing (the audit trail's actor: a template's review, pause).
      write: (tx, batch) => actAs(PLATFORM, null, () => this.#apply(tx, batch)),
    });
  }

  /**
   * Stores what one webhook delivery reported, with the deliveries that arrived with it (one unit
   * of work; a batch that fails is stored again one delivery per unit, so one delivery's fault
   * never refuses another's). Resolves once committed. Updates for numbers no account owns are
   * skipped and logged.
   * @returns how many of each the delivery carried for known numbers, and how many it skipped.
   * @throws TidingsError signature_invalid when the batch names an account the signing app does
   *   not cover (checked before anything is written: nothing of the batch is stored).
   */
  async ingest(updates: PlatformUpdates, signer: WebhookSigner): Promise<IngestCounts> {
    const { consumers } = this.#o;
    const owners = new Map<string, string | null>();
    // Each account the batch names, with its own app secret (read with its owner, so an account
    // made a moment ago in another process is judged by its own secret, not a stale list).
    const ownSecrets = new Map<string, string | null>();
    // A change passed on that names a number is that number's account's alone (signal-routing.ts).
    const passedOnNumbers = updates.signals.flatMap((s) => {
      const named = numberNamed(s);
      return named && 'id' in named ? [named.id] : [];
    });
    for (const id of new Set([
      ...[
        ...updates.statuses,
        ...updates.inbound,
        ...updates.contacts,
        ...updates.echoes,
        ...updates.userPreferences,
        ...updates.handovers,
        ...updates.coexistence,
      ].map((x) => x.phoneNumberId),
      ...passedOnNumbers,
    ])) {
      const owner = await consumers.numberOwners.accountForPhoneNumber(id);
      owners.set(id, owner?.accountId ?? null);
      if (owner) ownSecrets.set(owner.accountId, owner.appSecret);
    }
    const templateOwners = await consumers.templates.accountsOfPlatformTemplates(
      updates.templates.map((t) => t.platformTemplateId),
    );
    const numberOwners = await consumers.numbers.owners(updates.numbers);
    const byDisplay = displayNamed(updates.signals);
    const displayOwners = await consumers.numbers.owners(
      byDisplay.map((s) => ({ wabaId: s.wabaId, displayPhoneNumber: s.displayPhoneNumber, event: '' })),
    );
    // A tier notice names a WABA, not a number: each account on that WABA keeps it.
    const wabaAccounts = await consumers.pricingTiers.accountsOfWabas([
      ...new Set([...updates.pricingTiers, ...updates.signals].map((u) => u.wabaId)),
    ]);
    for (const accountId of [
      ...templateOwners.values(),
      ...numberOwners.map((o) => o?.accountId),
      ...displayOwners.map((o) => o?.accountId),
      ...[...wabaAccounts.values()].flat(),
    ]) {
      if (accountId && !ownSecrets.has(accountId))
        ownSecrets.set(accountId, (await consumers.numberOwners.appSecretOf(accountId)) ?? null);
    }
    if ([...ownSecrets.values()].some((secret) => !signer.covers(secret))) {
      throw new TidingsError(
        'signature_invalid',
        'The webhook is signed by an app that does not speak for every account it names; nothing was changed.',
      );
    }
    const own = <T extends { phoneNumberId: string }>(list: T[]) =>
      list.flatMap((x) => (owners.get(x.phoneNumberId) ? [{ ...x, accountId: owners.get(x.phoneNumberId)! }] : []));
    const statuses = own(updates.statuses);
    const inbound = own(updates.inbound);
    const contacts = own(updates.contacts);
    const preferences = own(updates.userPreferences);
    const numbers = updates.numbers.flatMap((u, i) => (numberOwners[i] ? [{ ...u, ...numberOwners[i] }] : []));
    const pricingTiers = updates.pricingTiers.flatMap((u) =>
      (wabaAccounts.get(u.wabaId) ?? []).map((accountId) => ({ ...u, accountId })),
    );
    const routed = routeSignals(updates.signals, {
      owners,
      displayOwners: new Map(byDisplay.map((s, i) => [s, displayOwners[i] ?? null])),
      wabaAccounts,
    });
    const signals = routed.owned;
    const echoes = own(updates.echoes);
    const unowned = updates.pricingTiers.filter((u) => !wabaAccounts.has(u.wabaId)).length + routed.unowned;
    const count = (lists: unknown[][]) => lists.reduce((n, l) => n + l.length, 0);
    const skipped =
      count([updates.statuses, updates.inbound, updates.numbers, updates.echoes]) -
      count([statuses, inbound, numbers, echoes]) +
      unowned;
    if (skipped > 0)
      this.#o.logger.warn({ skipped }, 'platform webhook named phone numbers or WABAs that no account owns');

    await this.#deliveries.submit({
      contacts,
      statuses,
      inbound,
      templates: updates.templates,
      numbers,
      pricingTiers,
      signals,
      echoes,
      preferences,
      handovers: own(updates.handovers),
      coexistence: own(updates.coexistence),
    });
    return {
      statuses: statuses.length,
      inbound: inbound.length,
      templates: updates.templates.length,
      numbers: numbers.length,
      pricingTiers: pricingTiers.length,
      signals: signals.length,
      echoes: echoes.length,
      skipped,
    };
  }

  /** Hands a batch of deliveries' updates to the features, in `tx`: customers first, since messages refer to them. */
  async #apply(tx: Tx, batch: OwnedUpdates[]): Promise<void[]> {
    const { consumers } = this.#o;
    const now = iso(this.#o.clock.now());
    const all = <K extends keyof OwnedUpdates>(key: K): OwnedUpdates[K] =>
      batch.flatMap((d) => d[key] as unknown[]) as OwnedUpdates[K];
    const [contacts, statuses, inbound] = [all('contacts'), all('statuses'), all('inbound')];
    // In slices, so no statement's size grows with the batch: one POST carries at most 1,000
    // updates (docs/platform.md §4.3; the route refuses more), a batch of deliveries 64 times that.
    for (let i = 0; i < contacts.length; i += SLICE)
      await consumers.contacts.applyPlatform(tx, contacts.slice(i, i + SLICE), now);
    // Echoes before statuses: a status of an echo in the same batch then finds its message.
    const echoes = all('echoes');
    for (let i = 0; i < echoes.length; i += SLICE)
      await consumers.echoes.recordEchoes(tx, echoes.slice(i, i + SLICE), now);
    // One chunk of past chats holds thousands of messages: the consumer writes it in slices of its own.
    await consumers.coexistence.apply(tx, all('coexistence'), now);
    for (let i = 0; i < Math.max(statuses.length, inbound.length); i += SLICE) {
      await consumers.statuses.applyStatuses(tx, statuses.slice(i, i + SLICE), now);
      await consumers.inbound.recordInbound(tx, inbound.slice(i, i + SLICE), now);
    }
    await consumers.consent.apply(tx, { inbound, statuses, preferences: all('preferences') }, now);
    await consumers.handovers.applyHandovers(tx, all('handovers'), now);
    await consumers.templates.apply(tx, all('templates'), now);
    await consumers.numbers.apply(tx, all('numbers'), now);
    await consumers.pricingTiers.apply(tx, all('pricingTiers'), now);
    await consumers.signals.apply(tx, all('signals'), now);
    return batch.map(() => undefined);
  }
}
