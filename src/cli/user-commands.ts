/**
 * `tidings users invite|list|remove|reset-password`: the people of an account (docs/guides/team.md),
 * for the operator, who acts as an owner of every account (the audit trail names them `cli:<login>`).
 * Links are mailed when the service mails (`SMTP_URL`), else printed to pass on; a link is built on
 * `PUBLIC_URL`, or `http://localhost:PORT` without it. They open the service's database (admin-io.ts `withDeps`).
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { Config } from '../config.js';
import { TidingsError } from '../errors.js';
import { isRole, ROLES, type Role } from '../http/access.js';
import type { Deps } from '../deps.js';
import type { Delivery } from '../people/link-mail.js';
import { printJson, table, withDeps, type CliIo } from './admin-io.js';
import { AdminRefusal } from './backup.js';

const role = (value: string): Role => {
  if (!isRole(value)) throw new InvalidArgumentError(`must be one of ${ROLES.join(', ')}.`);
  return value;
};

/** The base of a printed link without `PUBLIC_URL`: the service on this machine. */
const baseOf = (config: Config) => config.publicUrl ?? `http://localhost:${config.port}`;

async function accountOf(d: Deps, accountId: string): Promise<void> {
  if (!(await d.accounts.getAccount(accountId)))
    throw new AdminRefusal('account_not_found', `No account ${accountId} (npx tidings accounts list).`);
}

/** What to tell the operator of a link: mailed, or to pass on (and why). */
function told(delivery: Delivery, to: string, what: string): string {
  if (delivery.mail === 'sent') return `The link was mailed to ${to}.\n`;
  const why = delivery.mail === 'failed' ? 'The mail could not be sent; send' : 'Send';
  return `${why} ${to} this link (it works once, for ${what}):\n${delivery.link}\n`;
}

/** Registers `users …` on `program`. */
export function registerUsers(program: Command, io: CliIo): void {
  const users = program.command('users').description("An account's people: invite, list, remove, reset a password");
  users
    .command('invite <email>')
    .description('Invite a person to an account with a role (the link is mailed, or printed)')
    .requiredOption('--account <id>', 'the account')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, role)
    .option('--json', 'print JSON')
    .action(async (email: string, o: { account: string; role: Role; json?: boolean }) => {
      if (!/^[^@\s]+@[^@\s]+$/.test(email))
        throw new TidingsError('parameter_invalid', `${email} is not an email address.`);
      const result = await withDeps(io, async (d) => {
        await accountOf(d, o.account);
        const { invitation, ...delivery } = await d.invitations.invite(
          o.account,
          null,
          email,
          o.role,
          baseOf(d.config),
        );
        return { ...invitation, ...delivery };
      });
      if (o.json) return printJson(io, result);
      io.out(`Invited ${result.email} to ${o.account} as ${result.role} (${result.id}).\n`);
      io.out(told(result, result.email, '7 days'));
    });
  users
    .command('list')
    .description("An account's members and their roles")
    .requiredOption('--account <id>', 'the account')
    .option('--json', 'print JSON')
    .action(async (o: { account: string; json?: boolean }) => {
      const members = await withDeps(io, async (d) => {
        await accountOf(d, o.account);
        return d.members.list(o.account);
      });
      if (o.json) return printJson(io, { data: members });
      io.out(
        `${table(
          members.map((m) => ({ ...m })),
          ['email', 'role', 'name', 'id', 'lastSignInAt'],
        )}\n`,
      );
    });
  users
    .command('remove <email>')
    .description('Remove a person from an account (their keys there are revoked, their sessions there end)')
    .requiredOption('--account <id>', 'the account')
    .option('--json', 'print JSON')
    .action(async (email: string, o: { account: string; json?: boolean }) => {
      const removed = await withDeps(io, async (d) => {
        await accountOf(d, o.account);
        const wanted = email.trim().toLowerCase();
        const member = (await d.members.list(o.account)).find((m) => m.email === wanted);
        if (!member) throw new TidingsError('member_not_found', `${wanted} is not a member of ${o.account}.`);
        return d.members.remove(o.account, null, member.id);
      });
      if (o.json) return printJson(io, removed);
      io.out(`${removed.email} (${removed.role}) removed from ${o.account}.\n`);
    });
  users
    .command('reset-password <email>')
    .description("Make a person's password reset link, valid 1 hour (mailed, or printed)")
    .option('--json', 'print JSON')
    .action(async (email: string, o: { json?: boolean }) => {
      const result = await withDeps(io, (d) => d.resets.forEmail(email, baseOf(d.config)));
      if (o.json) return printJson(io, result);
      io.out(told(result, result.email, '1 hour; their sessions end when it is used'));
    });
}
