/**
 * `tidings keys create|list|revoke` (docs/api.md §D1): API keys, printed once at creation and
 * stored only as a hash; a revoked key stops working at once in every running process.
 */
import type { Command } from 'commander';
import { TidingsError } from '../errors.js';
import { printJson, table, wholeNumber, withDeps, type CliIo } from './admin-io.js';

/** Registers `keys …` on `program`. */
export function registerKeys(program: Command, io: CliIo): void {
  const json = (value: unknown) => printJson(io, value);
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
}
