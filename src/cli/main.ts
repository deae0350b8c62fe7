/**
 * The admin CLI, `npx tidings …` (docs/api.md §D1). It opens the same database as the service (so keys
 * it creates work at once in a running service) and prints JSON for `create` commands, and for any
 * command given `--json`. `messages send-batch` (send-batch.ts) and `templates pull|plan|apply`
 * (templates/) are the exceptions: clients of a running service over HTTP, with an API key.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import pino from 'pino';
import { ConfigError, loadConfig, type DatabaseConfig } from '../config.js';
import { MAX_RETENTION_DAYS } from '../accounts/retention-settings.js';
import { buildDeps, type Deps } from '../deps.js';
import { TidingsError } from '../errors.js';
import { createLogger } from '../lib/log.js';
import { formatBytes } from '../lib/text.js';
import { AdminRefusal, backupSqlite, restoreSqlite } from './backup.js';
import { SendStopped } from './batch-poster.js';
import { CsvInvalid } from '@tidings/batch-csv';
import { registerSendBatch } from './send-batch.js';
import { TemplatesStopped } from './templates/client.js';
import { registerTemplates } from './templates/command.js';

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Set when the command line asks for --json. */
  json?: boolean;
  /** Whether stderr is a terminal (send-batch draws a progress bar there). */
  errIsTTY?: boolean;
  /** Whether stdout is a terminal (templates plan and apply colour their output there). */
  outIsTTY?: boolean;
  /** The command line as given. */
  argv?: string[];
  /** Where the commands that talk to a service read TIDINGS_URL and TIDINGS_API_KEY (default: the process's environment). */
  env?: Record<string, string | undefined>;
  /** Set by a command that ends without failing but not with 0 (send-batch: 2, some rows refused). */
  exitCode?: number;
}

const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number.');
  return Number(value);
};

/** A retention: whole days (1 to MAX_RETENTION_DAYS), or `forever` (kept as the word: commander drops a null). */
const retentionDays = (value: string): number | 'forever' => {
  if (value === 'forever') return value;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_RETENTION_DAYS)
    throw new InvalidArgumentError(`must be a number of days from 1 to ${MAX_RETENTION_DAYS}, or forever.`);
  return Number(value);
};
const days = (value: number | 'forever') => (value === 'forever' ? null : value);

/** Where the CLI's data lives, for its first line: a PostgreSQL URL without its password. */
function describeDatabase(database: DatabaseConfig): string {
  if (database.dialect === 'sqlite') return `SQLite at ${database.file}`;
  const url = new URL(database.url);
  url.password = '';
  return `PostgreSQL at ${url.toString()}`;
}

/**
 * Runs `fn` with the service's own services (the composition root, in its `admin` role: no job
 * workers, no sweeping of the service's temporary files), then closes them.
 */
async function withDeps<T>(io: Io, fn: (deps: Deps) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // For people (on stderr; a command's JSON is on stdout); scripts that ask for --json get JSON only.
  if (!io.json) io.err(`Database: ${describeDatabase(config.database)}\n`);
  const deps = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
  try {
    return await fn(deps);
  } finally {
    await deps.close();
  }
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map((c) => String(r[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

export function buildCli(io: Io): Command {
  const program = new Command('tidings')
    .description(
      'Administer a Tidings service: accounts, API keys, backups; send a CSV of messages; keep templates as code.',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const json = (value: unknown) => io.out(`${JSON.stringify(value, null, 2)}\n`);

  const accounts = program.command('accounts').description('WhatsApp Business Accounts (one WABA each)');
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
        retention: `files ${kept(a.retention.customerFilesDays)}, bodies ${kept(a.retention.messageBodiesDays)}`,
      }));
      io.out(`${table(rows, ['id', 'name', 'wabaId', 'numbers', 'simulated', 'retention'])}\n`);
    });

  accounts
    .command('update <id>')
    .description(
      "Change an account's retention (docs/api.md §D17): files customers send, and what messages say, are kept this many days, then removed by the hourly sweep",
    )
    .option('--retain-customer-files <days>', 'days, or forever (the default)', retentionDays)
    .option('--retain-message-bodies <days>', 'days, or forever (the default); metadata is kept', retentionDays)
    .option('--json', 'print JSON')
    .action(async (id: string, o) => {
      const account = await withDeps(io, async (d) => {
        if (!(await d.accounts.getAccount(id)))
          throw new AdminRefusal('account_not_found', `No account ${id} (npx tidings accounts list).`);
        await d.retentionSettings.set(id, {
          ...(o.retainCustomerFiles !== undefined ? { customerFilesDays: days(o.retainCustomerFiles) } : {}),
          ...(o.retainMessageBodies !== undefined ? { messageBodiesDays: days(o.retainMessageBodies) } : {}),
        });
        return (await d.accounts.getAccount(id))!;
      });
      if (o.json) return json(account);
      const kept = (n: number | null) => (n === null ? 'for ever' : `${n} days`);
      io.out(
        `${account.id}: customers' files kept ${kept(account.retention.customerFilesDays)}, message bodies ${kept(account.retention.messageBodiesDays)}.\n`,
      );
    });

  program
    .command('retention')
    .description('Retention (docs/api.md §D17)')
    .command('sweep')
    .description(
      "Apply every account's retention now (the service also does it hourly): delete customers' files and remove message bodies past their days",
    )
    .option('--json', 'print JSON')
    .action(async (o) => {
      const result = await withDeps(io, (d) => d.retention.sweep());
      if (o.json) return json(result);
      io.out(
        `Deleted ${result.customerFiles} customer files; message bodies brought up to date in ${result.bodyAccounts} accounts.\n`,
      );
    });

  const keys = program.command('keys').description('API keys (sk_live_… and sk_test_…)');
  keys
    .command('create')
    .description('Create an API key; it is printed once and stored only as a hash.')
    .requiredOption('--account <id>', 'acc_ id')
    .requiredOption('--mode <mode>', 'live or test')
    .option('--phone-number-id <id>', "the sender number (default: the account's first)")
    .option('--scopes <list>', 'comma-separated scopes (default: all)')
    .option('--rate-limit <n>', 'requests per second (default 100)', wholeNumber)
    .option('--json', 'print JSON (the default for create)')
    .action(async (o) => {
      const key = await withDeps(io, (d) =>
        d.keys.createKey({
          accountId: o.account,
          mode: o.mode,
          phoneNumberId: o.phoneNumberId,
          scopes:
            o.scopes === undefined
              ? undefined
              : String(o.scopes)
                  .split(',')
                  .map((x: string) => x.trim())
                  .filter(Boolean),
          rateLimit: o.rateLimit,
        }),
      );
      json({
        id: key.id,
        key: key.key,
        mode: key.mode,
        scopes: key.scopes,
        accountId: key.accountId,
        phoneNumberId: key.phoneNumberId,
        rateLimit: key.rateLimit,
      });
    });
  keys
    .command('list')
    .description('List API keys (never the keys themselves)')
    .option('--account <id>', 'only this account')
    .option('--json', 'print JSON')
    .action(async (o) => {
      const list = await withDeps(io, (d) => d.keys.listKeys(o.account));
      if (o.json) return json(list);
      io.out(
        `${table(
          list.map((k) => ({ ...k, scopes: k.scopes.join(','), revokedAt: k.revokedAt ?? '' })),
          ['id', 'hint', 'mode', 'accountId', 'phoneNumberId', 'scopes', 'rateLimit', 'revokedAt'],
        )}\n`,
      );
    });
  keys
    .command('revoke <id>')
    .description('Revoke a key; it stops working at once')
    .option('--json', 'print JSON')
    .action(async (id: string, o) => {
      const revoked = await withDeps(io, (d) => d.keys.revokeKey(id));
      if (!revoked) throw new TidingsError('parameter_invalid', `No active key ${id}.`, { param: 'id' });
      if (o.json) json({ id, revoked: true });
      else io.out(`Revoked ${id}.\n`);
    });

  // A client of a running service over HTTP (TIDINGS_URL, TIDINGS_API_KEY), not of the database.
  registerSendBatch(
    program.command('messages').description('Messages, sent through a running service with an API key'),
    io,
  );
  registerTemplates(program, io);

  program
    .command('backup <file>')
    .description(
      'SQLite: copy the database (online, while the service runs) to FILE, its media files to FILE.media/ and its generated secrets to FILE.secrets.json',
    )
    .option('--json', 'print JSON')
    .action(async (file: string, o) => {
      const report = await backupSqlite(loadConfig(), file);
      if (o.json) return json(report);
      const lines = [
        `Backed up the database to ${report.database.file} (${formatBytes(report.database.bytes)}, ${report.database.messages} messages).`,
        `Media: ${report.media.files} files (${formatBytes(report.media.bytes)}) to ${report.media.dir}/`,
        report.secrets
          ? `Secrets: ${report.secrets} (the key of the platform credentials in the database: keep it as safe as the database).`
          : 'Secrets: the data directory has no secrets.json.',
      ];
      if (report.encryptionKeyFromEnvironment)
        lines.push(
          'ENCRYPTION_KEY is set in the environment and is not in this backup: keep it with the backup, or the platform credentials in it cannot be read.',
        );
      lines.push(`Restore with: npx tidings restore ${report.database.file}  (with the service stopped)`);
      io.out(`${lines.join('\n')}\n`);
    });
  program
    .command('restore <file>')
    .description(
      'SQLite: replace the database, media and secrets with a backup made by `tidings backup` (stop the service first; what is replaced is moved aside)',
    )
    .option('--json', 'print JSON')
    .action(async (file: string, o) => {
      const report = await restoreSqlite(loadConfig(), file);
      if (o.json) return json(report);
      const lines = [
        `Restored ${report.database.file} (${report.database.messages} messages), ${report.media.files} media files into ${report.media.dir}/${report.secrets ? `, and ${report.secrets}` : ''}.`,
        ...(report.movedAside.length > 0
          ? ['Moved aside (delete once the restored service is checked):', ...report.movedAside.map((p) => `  ${p}`)]
          : []),
        'Start the service.',
      ];
      io.out(`${lines.join('\n')}\n`);
    });

  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function runCli(
  argv: string[],
  io: Io = {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    errIsTTY: process.stderr.isTTY,
    outIsTTY: process.stdout.isTTY,
  },
): Promise<number> {
  const cliIo: Io = { ...io, json: argv.includes('--json'), argv };
  const program = buildCli(cliIo);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return cliIo.exitCode ?? 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    const wantsJson = argv.includes('--json') || argv.includes('create');
    if (
      err instanceof TidingsError ||
      err instanceof ConfigError ||
      err instanceof AdminRefusal ||
      err instanceof SendStopped ||
      err instanceof CsvInvalid ||
      err instanceof TemplatesStopped
    ) {
      const code = err instanceof ConfigError ? 'configuration_invalid' : err.code;
      io.err(wantsJson ? `${JSON.stringify({ error: { code, message: err.message } })}\n` : `error: ${err.message}\n`);
      return 1;
    }
    createLogger('error').error({ err }, 'tidings CLI failed');
    return 1;
  }
}
