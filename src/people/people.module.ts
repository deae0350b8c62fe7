/**
 * The people feature as a module (src/feature.ts): people who sign in, their roles in accounts,
 * their sessions, invitations and single sign-on (docs/api.md §D26).
 */
import type { Redis } from 'ioredis';
import type { AccountService } from '../accounts/account.service.js';
import type { KeyService } from '../accounts/key.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import { HOURLY_MS, type Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/crypto.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { authRoutes } from './auth.routes.js';
import { Me } from './auth.schemas.js';
import { InvitationService } from './invitation.service.js';
import { linkRoutes } from './links.routes.js';
import { meRoutes } from './me.routes.js';
import { MeService } from './me.service.js';
import { memberRoutes } from './members.routes.js';
import { MembershipService } from './membership.service.js';
import { PasswordService } from './password.service.js';
import { SecondFactorService } from './second-factor.service.js';
import { securityRoutes } from './security.routes.js';
import { SessionService } from './session.service.js';
import { SignInLimiter } from './sign-in.limiter.js';
import { SignInService } from './sign-in.service.js';
import { ssoRoutes } from './sso.routes.js';
import { SsoService } from './sso.service.js';

export interface PeopleNeeds {
  config: Config;
  store: Store;
  clock: Clock;
  accounts: AccountService;
  audit: AuditTrail;
  /** Encrypts single sign-on connections' client secrets and people's TOTP secrets. */
  secretBox: SecretBox;
  /** Failed sign-ins are counted in Redis when the service has it (several processes), else in memory. */
  redis: Redis | null;
  /** API keys: people make and revoke their account's (api-keys.routes.ts). */
  keys: KeyService;
}

export interface PeopleProvides {
  /** Signed-in sessions: the auth hook resolves the cookie through it (http/auth.ts). */
  sessions: SessionService;
  /** Single sign-on through OpenID Connect (sso.service.ts); the CLI adds connections through it. */
  sso: SsoService;
  /** An account's members and their roles (membership.service.ts). */
  members: MembershipService;
  /** Invitations and one-time links (invitation.service.ts); main.ts makes the first owner's link. */
  invitations: InvitationService;
}

export function peopleModule({
  config,
  store,
  clock,
  accounts,
  audit,
  secretBox,
  redis,
  keys,
}: PeopleNeeds): Feature<PeopleProvides> {
  const sessions = new SessionService({
    store,
    clock,
    accounts,
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    rateLimit: config.sessionRateLimit,
  });
  const sso = new SsoService({ store, clock, audit, secretBox });
  const limiter = new SignInLimiter({ redis });
  const secondFactor = new SecondFactorService({ store, clock, audit, secretBox, limiter });
  const passwords = new PasswordService({ store, clock, audit, limiter });
  const signIn = new SignInService({ store, clock, accounts, sessions, limiter, audit, secondFactor });
  const members = new MembershipService({ store, clock, audit });
  const invitations = new InvitationService({ store, clock, audit });
  const me = new MeService({ store, clock, sessions, signIn, audit });
  return {
    name: 'people',
    provides: { sessions, sso, members, invitations },
    routes: () => [
      ...authRoutes({ config, signIn, sessions }),
      ...meRoutes({ me, sessions }),
      ...securityRoutes({ secondFactor, passwords }),
      ...ssoRoutes({ sso, sessions, config }),
      ...memberRoutes({ members }),
      ...apiKeyRoutes({ keys }),
      ...linkRoutes({ invitations, sessions, accounts, cookies: { publicUrl: config.publicUrl } }),
    ],
    schemas: [Me],
    periodic: [
      { name: 'ended session purge', everyMs: HOURLY_MS, atStart: false, run: () => sessions.purgeEnded() },
      { name: 'expired sso attempt purge', everyMs: HOURLY_MS, atStart: false, run: () => sso.purgeExpired() },
    ],
  };
}
