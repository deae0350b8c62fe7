/**
 * The admin CLI, `npx tidings …` (DECISIONS §1). It opens the same database as the service (so keys
 * it creates work at once in a running service) and prints JSON for `create` commands, and for any
 * command given `--json`.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import pino from 'pino';
import { AccountService } from '../accounts/account.service.js';
import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { TidingsError } from '../errors.js';
import { systemClock } from '../lib/clock.js';
import { SecretBox } from '../lib/crypto.js';
import { loadSecrets } from '../secrets.js';

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number.');
  return Number(value);
};

async function withAccounts<T>(fn: (accounts: AccountService) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const secrets = loadSecrets(config);
  const database = await connectDatabase(config.database);
  try {
    return await fn(new AccountService({ db: database.db, secretBox: new SecretBox(secrets.encryptionKey), clock: systemClock }));
  } finally {
    await database.close();
  }
}

function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map((c) => String(r[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

export function buildCli(io: Io): Command {
  const program = new Command('tidings')
    .description('Administer a Tidings service: accounts and API keys.')
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
      const account = await withAccounts((s) =>
        s.createAccount({
          name: o.name,
          wabaId: o.wabaId,
          phoneNumberId: o.phoneNumberId,
          phoneNumber: o.phoneNumber,
          accessToken: o.accessToken,
          appSecret: o.appSecret,
          throughput: o.throughput,
        }),
      );
      json(account);
    });
  accounts
    .command('list')
    .description('List accounts')
    .option('--json', 'print JSON')
    .action(async (o) => {
      const list = await withAccounts((s) => s.listAccounts());
      if (o.json) return json(list);
      io.out(`${table(list.map((a) => ({ id: a.id, name: a.name, wabaId: a.wabaId, numbers: a.phoneNumbers.map((n) => n.phoneNumberId).join(','), simulated: a.simulated })), ['id', 'name', 'wabaId', 'numbers', 'simulated'])}\n`);
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
      const key = await withAccounts((s) =>
        s.createKey({
          accountId: o.account,
          mode: o.mode,
          phoneNumberId: o.phoneNumberId,
          scopes: o.scopes === undefined ? undefined : String(o.scopes).split(',').map((x: string) => x.trim()).filter(Boolean),
          rateLimit: o.rateLimit,
        }),
      );
      json({ id: key.id, key: key.key, mode: key.mode, scopes: key.scopes, accountId: key.accountId, phoneNumberId: key.phoneNumberId, rateLimit: key.rateLimit });
    });
  keys
    .command('list')
    .description('List API keys (never the keys themselves)')
    .option('--account <id>', 'only this account')
    .option('--json', 'print JSON')
    .action(async (o) => {
      const list = await withAccounts((s) => s.listKeys(o.account));
      if (o.json) return json(list);
      io.out(`${table(list.map((k) => ({ ...k, scopes: k.scopes.join(','), revokedAt: k.revokedAt ?? '' })), ['id', 'hint', 'mode', 'accountId', 'phoneNumberId', 'scopes', 'rateLimit', 'revokedAt'])}\n`);
    });
  keys
    .command('revoke <id>')
    .description('Revoke a key; it stops working at once')
    .option('--json', 'print JSON')
    .action(async (id: string, o) => {
      const revoked = await withAccounts((s) => s.revokeKey(id));
      if (!revoked) throw new TidingsError('parameter_invalid', `No active key ${id}.`, { param: 'id' });
      if (o.json) json({ id, revoked: true });
      else io.out(`Revoked ${id}.\n`);
    });

  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function runCli(argv: string[], io: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }): Promise<number> {
  const program = buildCli(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    const wantsJson = argv.includes('--json') || argv.includes('create');
    if (err instanceof TidingsError || err instanceof ConfigError) {
      const code = err instanceof TidingsError ? err.code : 'configuration_invalid';
      io.err(wantsJson ? `${JSON.stringify({ error: { code, message: err.message } })}\n` : `error: ${err.message}\n`);
      return 1;
    }
    pino({ level: 'error' }).error({ err }, 'tidings CLI failed');
    return 1;
  }
}
