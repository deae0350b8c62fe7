/**
 * The people feature as a module (src/feature.ts): people who sign in, their roles in accounts,
 * their sessions, invitations and single sign-on (docs/api.md §D26).
 */
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
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
import { createMailer } from '../mail/mailer.js';
import { InvitationService } from './invitation.service.js';
import { JoinService } from './join.service.js';
import { LinkMail } from './link-mail.js';
import { linkRoutes } from './links.routes.js';
import { meRoutes } from './me.routes.js';
import { MeService } from './me.service.js';
import { memberRoutes } from './members.routes.js';
import { MembershipService } from './membership.service.js';
import { PasswordService } from './password.service.js';
import { SecondFactorService } from './second-factor.service.js';
import { securityRoutes } from './security.routes.js';
import { PasswordResetLimiter } from './password-reset.limiter.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { PasswordResetService } from './password-reset.service.js';
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
  logger: Logger;
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
  /** Password reset links (password-reset.service.ts); the CLI makes them through it. */
  resets: PasswordResetService;
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
  logger,
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
  // Mail (SMTP_URL): invitations and resets are mailed through it; without it their links are answered.
  const mailer = createMailer(config.mail);
  const linkMail = new LinkMail({ mailer, publicUrl: config.publicUrl, logger });
  const invitations = new InvitationService({ store, clock, audit, linkMail, accounts, publicUrl: config.publicUrl });
  const joins = new JoinService({ store, clock, audit });
  const resets = new PasswordResetService({
    store,
    clock,
    audit,
    linkMail,
    limiter: new PasswordResetLimiter({ redis }),
    logger,
  });
  const me = new MeService({ store, clock, sessions, signIn, audit });
  return {
    name: 'people',
    provides: { sessions, sso, members, invitations, resets },
    routes: () => [
      ...authRoutes({ config, signIn, sessions }),
      ...meRoutes({ me, sessions }),
      ...securityRoutes({ secondFactor, passwords }),
      ...ssoRoutes({ sso, sessions, config }),
      ...memberRoutes({ members }),
      ...apiKeyRoutes({ keys }),
      ...linkRoutes({ invitations, joins, resets, sessions, accounts, cookies: { publicUrl: config.publicUrl } }),
      ...passwordResetRoutes({ resets, mails: linkMail.mails }),
    ],
    schemas: [Me],
    async stop() {
      await resets.settle();
    },
    async close() {
      await mailer?.close();
    },
    periodic: [
      { name: 'ended session purge', everyMs: HOURLY_MS, atStart: false, run: () => sessions.purgeEnded() },
      { name: 'expired sso attempt purge', everyMs: HOURLY_MS, atStart: false, run: () => sso.purgeExpired() },
    ],
  };
}
