/**
 * `tidings accounts sso <accountId> …`: an account's single sign-on connection (an OpenID Connect
 * provider, docs/guides/sso.md), and whether the account requires it of everyone but its owners
 * (`accounts.sso_required`, docs/api.md §D26). It opens the service's database (admin-io.ts `withDeps`).
 */
import os from 'node:os';
import type { Command } from 'commander';
import { TidingsError } from '../errors.js';
import type { Actor } from '../lib/actor.js';
import { printJson, withDeps, type CliIo } from './admin-io.js';
import { AdminRefusal } from './backup.js';

/** `a=b,c=d` → `{ a: 'b', c: 'd' }`. */
function roleMapOf(value: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of value.split(',').filter((p) => p.trim())) {
    const at = pair.lastIndexOf('=');
    if (at < 1) throw new TidingsError('parameter_invalid', `--role-map wants value=role pairs, not ${pair}.`);
    map[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return map;
}

/** Registers `sso <accountId>` under `accounts`. */
export function registerSso(accounts: Command, io: CliIo): void {
  accounts
    .command('sso <accountId>')
    .description(
      "Add (or --remove) an account's OpenID Connect single sign-on, and require it (--require) for all but owners",
    )
    .option('--issuer <url>', "the provider's issuer URL (its /.well-known/openid-configuration is read)")
    .option('--client-id <id>', 'the client id registered at the provider')
    .option('--client-secret <secret>', 'the client secret (stored encrypted); omit for a public client')
    .option('--name <name>', 'shown on the button "Sign in with …"', 'single sign-on')
    .option('--domains <list>', 'comma-separated email domains whose people may sign in')
    .option('--role-claim <claim>', 'the ID token claim holding groups or roles (groups, roles)')
    .option('--role-map <pairs>', 'claim value=role pairs, e.g. "tidings-admins=admin,devs=developer"', roleMapOf)
    .option('--default-role <role>', 'the role of a new person no claim value maps (else they are refused)')
    .option('--require', 'everyone but owners must sign in through single sign-on')
    .option('--no-require', 'password sign-in allowed again')
    .option('--remove', "remove the account's connections")
    .option('--json', 'print JSON')
    .action(async (accountId: string, o) => {
      const actor: Actor = { type: 'cli', id: os.userInfo().username };
      const result = await withDeps(io, async (d) => {
        if (!(await d.accounts.getAccount(accountId)))
          throw new AdminRefusal('account_not_found', `No account ${accountId} (npx tidings accounts list).`);
        if (o.remove) return { removed: await d.sso.removeAll(accountId, actor) };
        let created = null;
        if (o.issuer || o.clientId || o.domains) {
          if (!o.issuer || !o.clientId || !o.domains)
            throw new TidingsError('parameter_missing', 'A connection needs --issuer, --client-id and --domains.');
          try {
            created = await d.sso.create(
              {
                accountId,
                name: o.name,
                issuer: o.issuer,
                clientId: o.clientId,
                clientSecret: o.clientSecret ?? null,
                domains: String(o.domains)
                  .split(',')
                  .map((x) => x.trim())
                  .filter(Boolean),
                roleClaim: o.roleClaim ?? null,
                roleMap: o.roleMap ?? {},
                defaultRole: o.defaultRole ?? null,
              },
              actor,
            );
          } catch (err) {
            throw new TidingsError('parameter_invalid', (err as Error).message);
          }
        }
        if (o.require !== undefined) await d.sso.setRequired(accountId, o.require, actor);
        return { connection: created, ...(o.require !== undefined ? { ssoRequired: o.require } : {}) };
      });
      if (o.json) return printJson(io, result);
      if ('removed' in result && result.removed)
        return io.out(`${accountId}: ${result.removed.length} connection(s) removed.\n`);
      if (result.connection)
        io.out(`${result.connection.id}: "Sign in with ${result.connection.name}" for ${accountId}.\n`);
      if (result.ssoRequired !== undefined)
        io.out(
          `${accountId}: single sign-on ${result.ssoRequired ? 'required for all but owners' : 'not required'}.\n`,
        );
    });
}
