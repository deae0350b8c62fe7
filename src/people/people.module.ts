/**
 * The people feature as a module (src/feature.ts): people who sign in, their roles in accounts,
 * their sessions, invitations and single sign-on (docs/api.md §D26).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import { HOURLY_MS, type Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import type { Redis } from 'ioredis';
import { authRoutes } from './auth.routes.js';
import { Me } from './auth.schemas.js';
import { meRoutes } from './me.routes.js';
import { MeService } from './me.service.js';
import { SessionService } from './session.service.js';
import { SignInLimiter } from './sign-in.limiter.js';
import { SignInService } from './sign-in.service.js';

export interface PeopleNeeds {
  config: Config;
  store: Store;
  clock: Clock;
  accounts: AccountService;
  audit: AuditTrail;
  redis: Redis | null;
}

export interface PeopleProvides {
  /** Signed-in sessions: the auth hook resolves the cookie through it (http/auth.ts). */
  sessions: SessionService;
}

export function peopleModule({ config, store, clock, accounts, audit, redis }: PeopleNeeds): Feature<PeopleProvides> {
  const sessions = new SessionService({
    store,
    clock,
    accounts,
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  const limiter = new SignInLimiter({ redis });
  const signIn = new SignInService({ store, clock, accounts, sessions, limiter, audit });
  const me = new MeService({ store, clock, sessions, signIn, audit });
  return {
    name: 'people',
    provides: { sessions },
    routes: () => [...authRoutes({ config, signIn, sessions }), ...meRoutes({ me, sessions })],
    schemas: [Me],
    periodic: [{ name: 'ended session purge', everyMs: HOURLY_MS, atStart: false, run: () => sessions.purgeEnded() }],
  };
}
