/**
 * The audit trail as a module (src/feature.ts; docs/api.md §D27). The record itself is in the
 * ground (`audit`, audit-trail.ts), so every feature writes entries in its own units; this module,
 * listed last, reads them (`GET /v1/audit_events` and its exports), seals them into their chains
 * every second, verifies the chains (the CLI), and removes what each account keeps no longer (daily).
 */
import type { Store } from '../db/store.js';
import type { Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Secrets } from '../secrets.js';
import { auditKeyOf, type AuditKey } from './audit-hash.js';
import { AuditRetention } from './audit-retention.js';
import { SEAL_INTERVAL_MS, SEAL_LIMIT, sealAll, sealAudit } from './audit-seal.js';
import { verifyAudit, type VerifyResult } from './audit-verify.js';
import { auditRoutes } from './audit.routes.js';
import { AuditEvent } from './audit.schemas.js';
import { AuditEvents } from './audit.service.js';

const DAILY_MS = 24 * 60 * 60 * 1000;

export interface AuditNeeds {
  store: Store;
  clock: Clock;
  secrets: Secrets;
  metrics: Metrics;
}

/** The audit trail's chains: sealing and verifying them. */
export interface AuditChains {
  /** Seals every entry waiting (the CLI before it verifies; tests). @returns how many. */
  sealAll(): Promise<number>;
  /** Verifies every chain, or one (an account's id, or `service`). */
  verify(chain?: string): Promise<VerifyResult>;
}

export interface AuditProvides {
  auditEvents: AuditEvents;
  auditChains: AuditChains;
  auditRetention: AuditRetention;
}

export function auditModule({ store, clock, secrets, metrics }: AuditNeeds): Feature<AuditProvides> {
  const key: AuditKey = auditKeyOf(secrets.encryptionKey);
  const auditEvents = new AuditEvents({ store });
  const auditRetention = new AuditRetention({ store, clock, removed: (n) => metrics.recorders.audit.removed(n) });
  const auditChains: AuditChains = {
    sealAll: () => sealAll(store, key),
    verify: (chain) => verifyAudit(store, key, chain),
  };
  return {
    name: 'audit',
    provides: { auditEvents, auditChains, auditRetention },
    routes: () => auditRoutes({ events: auditEvents }),
    schemas: [AuditEvent],
    periodic: [
      {
        // New entries linked into their chains every second; a full unit goes again at once.
        name: 'audit trail seal',
        everyMs: SEAL_INTERVAL_MS,
        atStart: true,
        run: async (signal) => {
          let n: number;
          do n = await sealAudit(store, key);
          while (n >= SEAL_LIMIT && !signal.aborted);
        },
      },
      {
        name: 'audit trail retention',
        everyMs: DAILY_MS,
        atStart: true,
        run: (signal) => auditRetention.sweep(signal),
      },
    ],
  };
}
