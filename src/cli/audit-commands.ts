/**
 * `tidings audit verify|export` (docs/api.md §D27): proving the audit trail whole, and reading it out.
 * `verify` first seals what waits (as the service does every second), then checks every chain (or
 * one account's) from its anchor: exit code 1 naming the first broken entry of each faulty chain,
 * 0 with the counts. `export` writes an account's entries, newest first, as JSON Lines or CSV.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { describeFault } from '../audit/audit-verify.js';
import { printJson, withDeps, type CliIo } from './admin-io.js';
import { AdminRefusal } from './backup.js';

const format = (value: string): 'jsonl' | 'csv' => {
  if (value !== 'jsonl' && value !== 'csv') throw new InvalidArgumentError('must be jsonl or csv.');
  return value;
};

/** Registers `audit verify` and `audit export` on `program`. */
export function registerAudit(program: Command, io: CliIo): void {
  const audit = program.command('audit').description('The audit trail: who changed what (docs/api.md §D27)');
  audit
    .command('verify')
    .description(
      "Check that no audit entry was edited or removed: every hash and link of every chain (or one account's), from its anchor",
    )
    .option('--account <id>', "only this account's chain (`service` for what belongs to no account)")
    .option('--json', 'print JSON')
    .action(async (o) => {
      const result = await withDeps(io, async (d) => {
        await d.auditChains.sealAll();
        return d.auditChains.verify(o.account);
      });
      if (!result.ok) io.exitCode = 1;
      if (o.json) return printJson(io, result);
      for (const f of result.faults) io.out(`FAILED ${describeFault(f)}\n`);
      io.out(
        `${result.ok ? 'OK' : 'FAILED'}: ${result.verified} entries verified in ${result.chains} chains, ${result.unsealed} not sealed yet.\n`,
      );
    });
  audit
    .command('export')
    .description("Write an account's audit entries, newest first, as JSON Lines (the default) or CSV")
    .requiredOption('--account <id>', 'the account')
    .option('--format <format>', 'jsonl or csv', format, 'jsonl')
    .action(async (o) => {
      await withDeps(io, async (d) => {
        if (!(await d.accounts.getAccount(o.account)))
          throw new AdminRefusal('account_not_found', `No account ${o.account} (npx tidings accounts list).`);
        for await (const chunk of d.auditEvents.export(o.account, {}, o.format)) io.out(chunk);
      });
    });
}
