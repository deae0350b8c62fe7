/**
 * The accounts feature as a module (src/feature.ts): API keys, each number's throughput tier, the
 * platform's pricing tier notices and account signals, what Direct Send does for each number, each
 * account's retention settings, and the routes that show them. The accounts themselves (the tenant
 * directory) are the ground's (composition/base.ts), since everything before them needs them.
 */
import type { Logger } from 'pino';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import { HOURLY_MS, Slot, type Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import type { GraphApi } from '../lib/graph-versions.js';
import type { Platform } from '../platform/platform.js';
import { AccountSignals } from './account-signals.js';
import { accountSignalRoutes } from './account-signal.routes.js';
import { accountRoutes } from './account.routes.js';
import { AccountResource } from './account.schemas.js';
import type { AccountService } from './account.service.js';
import { DirectSendCapability } from './direct-send.js';
import { KeyService } from './key.service.js';
import { phoneNumberRoutes, type QueuesOf } from './phone-number.routes.js';
import { PhoneNumber } from './phone-number.schemas.js';
import { pricingTierRoutes } from './pricing-tier.routes.js';
import { PricingTier } from './pricing-tier.schemas.js';
import { PricingTiers } from './pricing-tiers.js';
import { RetentionSettings } from './retention-settings.js';
import { ThroughputTiers } from './throughput.js';

export interface AccountsNeeds {
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  events: EventService;
  audit: AuditTrail;
  graphApi: GraphApi;
}

export interface AccountsProvides {
  keys: KeyService;
  tiers: ThroughputTiers;
  /** The platform's volume-based pricing tier notices, per account (GET /v1/pricing_tiers). */
  pricingTiers: PricingTiers;
  accountSignals: AccountSignals;
  /** What Direct Send does for each number, learned at dispatch, read at accept (docs/api.md §D19). */
  directSend: DirectSendCapability;
  /** Each account's retention (docs/api.md §D17). */
  retentionSettings: RetentionSettings;
  /** Each number's send queue, which `GET /v1/phone_numbers` shows: filled by the messages feature (its dispatcher). */
  sendQueues: Slot<QueuesOf>;
}

export function accountsModule({
  store,
  clock,
  logger,
  platform,
  accounts,
  events,
  audit,
  graphApi,
}: AccountsNeeds): Feature<AccountsProvides> {
  const keys = new KeyService({ store, clock, accounts, audit, logger });
  const tiers = new ThroughputTiers({ store, platform, accounts, clock, logger });
  const pricingTiers = new PricingTiers({ store, events, logger });
  const accountSignals = new AccountSignals({ store, events, clock, logger, graphApi });
  const sendQueues = new Slot<QueuesOf>('sendQueues');
  return {
    name: 'accounts',
    provides: {
      keys,
      tiers,
      pricingTiers,
      accountSignals,
      directSend: new DirectSendCapability(store, audit),
      retentionSettings: new RetentionSettings({ store }),
      sendQueues,
    },
    routes: () => [
      ...phoneNumberRoutes({
        accounts,
        queues: (numbers, mode) => sendQueues.get()(numbers, mode),
        signals: accountSignals,
      }),
      ...accountRoutes({ accounts }),
      ...pricingTierRoutes({ pricingTiers }),
      ...accountSignalRoutes({ signals: accountSignals }),
    ],
    schemas: [PhoneNumber, AccountResource, PricingTier],
    intake: { numberOwners: accounts, numbers: tiers, pricingTiers, signals: accountSignals },
    periodic: [{ name: 'tier refresh', everyMs: HOURLY_MS, atStart: true, run: () => tiers.refreshStale() }],
  };
}
