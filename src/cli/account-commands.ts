/**
 * `tidings accounts create|list|update|consent` and `tidings retention sweep`: accounts with their
 * business numbers (docs/api.md §D1), how long their customers' files and message bodies are kept
 * (docs/api.md §D17), and whether their sends may override a suppression, an operator's decision,
 * never a key's (docs/api.md §D23). They open the service's database (admin-io.ts `withDeps`).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { MAX_RETENTION_DAYS } from '../accounts/retention-settings.js';
import { DEFAULT_AUDIT_DAYS, MAX_AUDIT_DAYS, MIN_AUDIT_DAYS } from '../audit/audit-retention.js';
import {
  EVENTS,
  INACTIVE_CONTACTS,
  PLATFORM_PAYLOADS,
  type KindLimits,
  type Retention,
} from '../privacy/retention/kinds.js';
import { printJson, table, wholeNumber, withDeps, type CliIo } from './admin-io.js';
import { AdminRefusal } from './backup.js';
import { registerSso } from './sso-commands.js';

/** A retention: whole days (1 to MAX_RETENTION_DAYS), or `forever` (kept as the word: commander drops a null). */
const retentionDays = (value: string): number | 'forever' => {
  if (value === 'forever') return value;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_RETENTION_DAYS)
    throw new InvalidArgumentError(`must be a number of days from 1 to ${MAX_RETENTION_DAYS}, or forever.`);
  return Number(value);
};
/** The audit trail's retention: MIN_AUDIT_DAYS to MAX_AUDIT_DAYS whole days, or `default`. */
const auditDays = (value: string): number | 'default' => {
  if (value === 'default') return value;
  if (!/^\d+$/.test(value) || Number(value) < MIN_AUDIT_DAYS || Number(value) > MAX_AUDIT_DAYS)
    throw new InvalidArgumentError(`must be a number of days from ${MIN_AUDIT_DAYS} to ${MAX_AUDIT_DAYS}, or default.`);
  return Number(value);
};
const days = (value: number | 'forever') => (value === 'forever' ? null : value);
/**
 * A kind's retention (privacy/retention/kinds.ts): whole days within its limits, or one of `words`
 * (kept as the word: commander drops a null).
 */
const kindDays =
  <W extends string>(limits: KindLimits, words: W[]) =>
  (value: string): number | W => {
    if ((words as string[]).includes(value)) return value as W;
    if (!/^\d+$/.test(value) || Number(value) < limits.min || Number(value) > limits.max)
      throw new InvalidArgumentError(
        `must be a number of days from ${limits.min} to ${limits.max}, or ${words.join(' or ')}.`,
      );
    return Number(value);
  };
/** One line of an account's retention, each kind named. */
function retentionLine(r: Retention): string {
  const kept = (n: number | null, never = 'for ever') => (n === null ? never : `${n} days`);
  return [
    `customers' files kept ${kept(r.customerFilesDays)}`,
    `message bodies ${kept(r.messageBodiesDays)}`,
    `events ${kept(r.eventsDays)}`,
    `platform payloads ${kept(r.platformPayloadsDays)}`,
    `inactive contacts erased after ${kept(r.inactiveContactsDays, 'never')}`,
    `audit trail ${kept(r.auditDays)}`,
  ].join(', ');
}

/** Registers `accounts …` and `retention sweep` on `program`. */
export function registerAccounts(program: Command, io: CliIo): void {
  const json = (value: unknown) => printJson(io, value);
  const accounts = program.command('accounts').description('WhatsApp Business Accounts (one WABA each)');
  registerSso(accounts, io);
  accounts
    .command('create')
    .description('Create an account. Without platform flags it gets a fresh simulated WABA and business number.')
    .requiredOption('--name <name>', 'display name')
    .option('--waba-id <id>', 'WhatsApp Business Account id')
    .option('--phone-number-id <id>', "the business number's phone number id")
    .option('--phone-number <number>', 'the business number as displayed, e.g. +15550783881')
    .option('--access-token <token>', 'system-user access token (stored encrypted)')
    .option('--app-secret <secret>', "this account's Meta app secret, if not WHATSAPP_APP_SECRET (stored encrypted)")
    .option('--throughput <n>', "the numbers' messages/s tier, 1..1000 (default 80)", wholeNumber)
    .option('--json', 'print JSON (the default for create)')
    .action(async (o) => {
      const account = await withDeps(io, async (d) => {
        const created = await d.accounts.createAccount({
          name: o.name,
          wabaId: o.wabaId,
          phoneNumberId: o.phoneNumberId,
          phoneNumber: o.phoneNumber,
          accessToken: o.accessToken,
          appSecret: o.appSecret,
          throughput: o.throughput,
        });
        // A number on the Cloud API: its tier from the platform now (best effort; the service asks
        // again at its next start and daily). A simulated one learns it when the service starts.
        if (created.simulated || o.throughput !== undefined) return created;
        for (const n of created.phoneNumbers) await d.tiers.refresh(n.phoneNumberId);
        return (await d.accounts.getAccount(created.id))!;
      });
      json(account);
    });
  accounts
    .command('list')
    .description('List accounts')
    .option('--json', 'print JSON')
    .action(async (o) => {
      const list = await withDeps(io, (d) => d.accounts.listAccounts());
      if (o.json) return json(list);
      const kept = (n: number | null) => (n === null ? 'forever' : `${n}d`);
      const rows = list.map((a) => ({
        id: a.id,
        name: a.name,
        wabaId: a.wabaId,
        numbers: a.phoneNumbers.map((n) => n.phoneNumberId).join(','),
        simulated: a.simulated,
        retention: `files ${kept(a.retention.customerFilesDays)}, bodies ${kept(a.retention.messageBodiesDays)}, events ${kept(a.retention.eventsDays)}, payloads ${kept(a.retention.platformPayloadsDays)}, inactive contacts ${a.retention.inactiveContactsDays === null ? 'kept' : `${a.retention.inactiveContactsDays}d`}`,
      }));
      io.out(`${table(rows, ['id', 'name', 'wabaId', 'numbers', 'simulated', 'retention'])}\n`);
    });

  accounts
    .command('update <id>')
    .description(
      "Change an account's retention (docs/api.md §D17): files customers send, what messages say, events, the platform's raw payloads and inactive contacts are kept this many days, then removed by the hourly sweep",
    )
    .option('--retain-customer-files <days>', 'days, or forever (the default)', retentionDays)
    .option('--retain-message-bodies <days>', 'days, or forever (the default); metadata is kept', retentionDays)
    .option(
      '--retain-events <days>',
      `events with their deliveries and attempts, ${EVENTS.min} to ${EVENTS.max} days, forever, or default (${EVENTS.default})`,
      kindDays(EVENTS, ['forever', 'default']),
    )
    .option(
      '--retain-platform-payloads <days>',
      `the platform's raw webhook payloads, ${PLATFORM_PAYLOADS.min} to ${PLATFORM_PAYLOADS.max} days, or default (${PLATFORM_PAYLOADS.default})`,
      kindDays(PLATFORM_PAYLOADS, ['default']),
    )
    .option(
      '--retain-inactive-contacts <days>',
      `erase contacts with no activity for ${INACTIVE_CONTACTS.min} to ${INACTIVE_CONTACTS.max} days, or never (the default)`,
      kindDays(INACTIVE_CONTACTS, ['never']),
    )
    .option(
      '--retain-audit <days>',
      `audit trail entries, ${MIN_AUDIT_DAYS} to ${MAX_AUDIT_DAYS} days, or default (${DEFAULT_AUDIT_DAYS})`,
      auditDays,
    )
    .option('--json', 'print JSON')
    .action(async (id: string, o) => {
      const account = await withDeps(io, async (d) => {
        if (!(await d.accounts.getAccount(id)))
          throw new AdminRefusal('account_not_found', `No account ${id} (npx tidings accounts list).`);
        if (o.retainAudit !== undefined)
          await d.auditRetention.setDays(id, o.retainAudit === 'default' ? null : o.retainAudit);
        await d.retentionSettings.set(id, {
          ...(o.retainCustomerFiles !== undefined ? { customerFilesDays: days(o.retainCustomerFiles) } : {}),
          ...(o.retainMessageBodies !== undefined ? { messageBodiesDays: days(o.retainMessageBodies) } : {}),
          ...(o.retainEvents !== undefined ? { eventsDays: o.retainEvents === 'forever' ? null : o.retainEvents } : {}),
          ...(o.retainPlatformPayloads !== undefined ? { platformPayloadsDays: o.retainPlatformPayloads } : {}),
          ...(o.retainInactiveContacts !== undefined
            ? { inactiveContactsDays: o.retainInactiveContacts === 'never' ? null : o.retainInactiveContacts }
            : {}),
        });
        return (await d.accounts.getAccount(id))!;
      });
      if (o.json) return json(account);
      io.out(`${account.id}: ${retentionLine(account.retention)}.\n`);
    });

  accounts
    .command('consent <id>')
    .description(
      'Show an account\'s consent settings, or allow (forbid) its sends to say "suppression": "ignore" (docs/api.md §D23): an operator\'s decision, which no API key can make',
    )
    .option('--allow-suppression-override', 'let sends reach a suppressed customer with "suppression": "ignore"')
    .option('--no-allow-suppression-override', 'refuse such sends again (the default)')
    .option('--json', 'print JSON')
    .action(async (id: string, o) => {
      const settings = await withDeps(io, async (d) => {
        if (!(await d.accounts.getAccount(id)))
          throw new AdminRefusal('account_not_found', `No account ${id} (npx tidings accounts list).`);
        if (o.allowSuppressionOverride === undefined) return d.suppressions.settings(id);
        return d.suppressions.updateSettings(id, { allowSuppressionOverride: o.allowSuppressionOverride }, 'operator');
      });
      if (o.json) return json(settings);
      io.out(
        `${id}: sends ${settings.allowSuppressionOverride ? 'may' : 'may not'} override a suppression ("suppression": "ignore").\n`,
      );
    });

  program
    .command('retention')
    .description('Retention (docs/api.md §D17)')
    .command('sweep')
    .description(
      "Apply every account's retention now (the service also does it hourly): delete customers' files, remove message bodies, events, the platform's raw payloads and inactive contacts past their days",
    )
    .option('--json', 'print JSON')
    .action(async (o) => {
      const result = await withDeps(io, (d) => d.retention.sweep());
      if (o.json) return json(result);
      io.out(
        `Deleted ${result.customerFiles} customer files; message bodies brought up to date in ${result.bodyAccounts} accounts; removed ${result.events} events, cut ${result.platformPayloads} platform payloads, removed ${result.platformWebhookEvents} platform.webhook events; ${result.inactiveContacts} inactive contacts erased${result.skipped.includes('inactive_contacts') ? ' (none: no erasure is wired, inactive contacts are kept)' : ''}.\n`,
      );
    });
}
