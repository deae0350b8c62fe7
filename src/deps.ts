/**
 * The composition root: the ground, then the features in the order they need each other, one line
 * each. The service (`main.ts`), the admin CLI and the tests all build through it; tests pass their
 * own config (a temporary SQLite file or a PostgreSQL schema, the simulator's URL) and may pass a
 * clock. Adding a feature is a folder exporting its module (src/feature.ts) and a line here.
 */
import { accountsModule } from './accounts/accounts.module.js';
import { analyticsModule } from './analytics/analytics.module.js';
import { auditModule } from './audit/audit.module.js';
import { Background } from './background.js';
import { type DepsOverrides, openGround } from './composition/base.js';
import { Composition } from './composition/compose.js';
import type { Config } from './config.js';
import { consentModule } from './consent/consent.module.js';
import { contactsModule } from './contacts/contacts.module.js';
import { eventsModule } from './events/events.module.js';
import { facadeWebhooksModule } from './facade/facade-webhooks.module.js';
import { facadeModule } from './facade/facade.module.js';
import type { Feature } from './feature.js';
import { PgBossJobQueue } from './jobs/pg-boss-queue.js';
import { mediaModule } from './media/media.module.js';
import { messagesModule } from './messages/messages.module.js';
import { peopleModule } from './people/people.module.js';
import { erasureModule } from './privacy/erasure/erasure.module.js';
import { PlatformIntake } from './platform/intake.js';
import { retentionModule } from './privacy/retention/retention.module.js';
import { exportModule } from './privacy/export/export.module.js';
import { templatesModule } from './templates/templates.module.js';

export type { DepsOverrides } from './composition/base.js';

/** Every feature, in the order each is built: a module may use what the ground and those above it provide. */
function composition(ground: Awaited<ReturnType<typeof openGround>>) {
  return Composition.on(ground)
    .add(eventsModule)
    .add(accountsModule)
    .add(peopleModule)
    .add(mediaModule)
    .add(templatesModule)
    .add(consentModule)
    .add(contactsModule)
    .add(messagesModule)
    .add(analyticsModule)
    .add(auditModule)
    .add(erasureModule)
    .add(retentionModule)
    .add(exportModule)
    .add(facadeModule)
    .add(facadeWebhooksModule);
}

/** What the features provide, by name (`deps.sender`, `deps.templates`…), beside the ground's handles. */
type Provided = Awaited<ReturnType<ReturnType<typeof composition>['build']>>['provides'];

export type Deps = Provided & {
  /** The hand-offs of a platform webhook: each feature's own object takes its updates. */
  intake: PlatformIntake;
  /** The features built, in order (their routes and schemas are registered by app.ts). */
  features: readonly Feature[];
  /** Starts the job workers, each feature's background work and the periodic tasks. Service only. */
  startBackground(): Promise<void>;
  /**
   * Stops every background worker (job workers, housekeeping, the dispatcher): no new work is
   * started and the running work is awaited. The one place a worker is stopped; `shutdown.ts` bounds
   * the wait (SHUTDOWN_TIMEOUT_MS). Idempotent; `close` calls it too.
   */
  stopBackground(): Promise<void>;
  /** Stops the background workers, then releases every connection (HTTP clients, Redis, the database). */
  close(): Promise<void>;
};

/**
 * Builds the service from the config.
 * @throws ConfigError when the encryption key cannot read the stored credentials or a price table
 *   file is not one (composition/base.ts); Error when the composition itself is wrong (a defect:
 *   compose.ts names it).
 */
export async function buildDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const ground = await openGround(config, overrides);
  const built = await composition(ground)
    .build()
    .catch(async (err: unknown) => {
      await ground.close?.();
      throw err;
    });
  const { provides, features } = built;
  const { jobs, store, clock, logger, metrics, role } = provides;
  for (const job of features.flatMap((f) => f.jobs ?? [])) jobs.register(job.type, job.run, job.options);
  if (jobs instanceof PgBossJobQueue && role === 'service') await jobs.prepare();
  metrics.observe(built.scrape);
  const intake = new PlatformIntake({ store, clock, logger, consumers: built.intake });
  const background = new Background({ logger, jobs, features });
  return {
    ...provides,
    intake,
    features,
    startBackground: () => background.start(),
    stopBackground: () => background.stop(),
    async close() {
      await background.stop();
      for (const feature of [...features].reverse()) await feature.close?.();
    },
  };
}
