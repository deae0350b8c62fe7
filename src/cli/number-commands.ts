/**
 * `tidings numbers direct-send <phone-number-id>`: what an operator knows of a business number's
 * Direct Send (docs/api.md §D19) before its sends learn it: `--enabled` once Meta enabled the
 * account for the beta (routed sends then go direct at once, with no probe), `--not-enabled` or
 * `--blocked` (trusted a day, as a refusal the platform gave), `--unknown` (the next routed send
 * probes it). Running services take it within their cache's 5 s. Opens the service's database
 * (admin-io.ts `withDeps`); the change is audited (`phone_number.direct_send_set`, the operator's login).
 */
import type { Command } from 'commander';
import type { DirectSendState } from '../accounts/direct-send.js';
import { printJson, withDeps, type CliIo } from './admin-io.js';
import { AdminRefusal } from './backup.js';

const FLAGS: { flag: string; key: string; state: DirectSendState; help: string }[] = [
  { flag: '--enabled', key: 'enabled', state: 'enabled', help: 'Meta enabled Direct Send for the account' },
  { flag: '--not-enabled', key: 'notEnabled', state: 'not_enabled', help: 'not enabled (trusted a day)' },
  { flag: '--blocked', key: 'blocked', state: 'blocked', help: 'access blocked (139200; trusted a day)' },
  { flag: '--unknown', key: 'unknown', state: 'unknown', help: 'not known: the next routed send probes it' },
];

/** Registers `numbers direct-send` on `program`. */
export function registerNumbers(program: Command, io: CliIo): void {
  const numbers = program.command('numbers').description('Business numbers (phone number ids)');
  const command = numbers
    .command('direct-send')
    .description(
      "Set a number's Direct Send capability (docs/api.md §D19), as GET /v1/phone_numbers shows it in `directSend`",
    )
    .argument('<phone-number-id>', "the business number's phone number id");
  for (const f of FLAGS) command.option(f.flag, f.help);
  command.option('--json', 'print JSON').action(async (phoneNumberId: string, o: Record<string, unknown>) => {
    const chosen = FLAGS.filter((f) => o[f.key] === true);
    if (chosen.length !== 1)
      command.error(`error: give exactly one of ${FLAGS.map((f) => f.flag).join(', ')} (${chosen.length} given)`);
    const state = chosen[0]!.state;
    const result = await withDeps(io, async (d) => {
      const owner = await d.accounts.accountForPhoneNumber(phoneNumberId);
      if (!owner)
        throw new AdminRefusal(
          'phone_number_not_found',
          `No business number ${phoneNumberId} (npx tidings accounts list).`,
        );
      const before = await d.directSend.set(owner.accountId, phoneNumberId, state, d.clock.now());
      return { phoneNumberId, accountId: owner.accountId, directSend: state, before };
    });
    if (o.json) return printJson(io, result);
    io.out(`${phoneNumberId}: Direct Send ${result.before} → ${state}.\n`);
  });
}
