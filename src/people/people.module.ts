/**
 * The people feature as a module (src/feature.ts): people who sign in, their roles in accounts,
 * their sessions, invitations and single sign-on (docs/api.md §D26).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { KeyService } from '../accounts/key.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import { HOURLY_MS, type Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { InvitationService } from './invitation.service.js';
import { linkRoutes } from './links.routes.js';
import { memberRoutes } from './members.routes.js';
import { MembershipService } from './membership.service.js';
import { SessionService } from './session.service.js';

export interface PeopleNeeds {
  config: Config;
  store: Store;
  clock: Clock;
  accounts: AccountService;
  audit: AuditTrail;
  /** API keys: people make and revoke their account's (api-keys.routes.ts). */
  keys: KeyService;
}

export interface PeopleProvides {
  /** Signed-in sessions: the auth hook resolves the cookie through it (http/auth.ts). */
  sessions: SessionService;
  /** An account's members and their roles (membership.service.ts). */
  members: MembershipService;
  /** Invitations and one-time links (invitation.service.ts); main.ts makes the first owner's link. */
  invitations: InvitationService;
}

export function peopleModule({ config, store, clock, accounts, audit, keys }: PeopleNeeds): Feature<PeopleProvides> {
  const sessions = new SessionService({
    store,
    clock,
    accounts,
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
  });
  const members = new MembershipService({ store, clock, audit });
  const invitations = new InvitationService({ store, clock, audit });
  return {
    name: 'people',
    provides: { sessions, members, invitations },
    routes: () => [
      ...memberRoutes({ members }),
      ...apiKeyRoutes({ keys }),
      ...linkRoutes({ invitations, sessions, accounts, cookies: { publicUrl: config.publicUrl } }),
    ],
    periodic: [{ name: 'ended session purge', everyMs: HOURLY_MS, atStart: false, run: () => sessions.purgeEnded() }],
  };
}
