/**
 * The admin CLI, `npx tidings …` (docs/api.md §D1). It opens the same database as the service (so keys
 * it creates work at once in a running service) and prints JSON for `create` commands, and for any
 * command given `--json`. `messages send-batch` (send-batch.ts) and `templates pull|plan|apply`
 * (templates/) are the exceptions: clients of a running service over HTTP, with an API key. Each
 * group of commands registers itself (account-commands.ts, key-commands.ts, backup-commands.ts);
 * this file puts them together, with `--version`, and runs the command line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { TidingsError } from '../errors.js';
import { actAs } from '../lib/actor.js';
import { ConfigError } from '../lib/env-values.js';
import { createLogger } from '../lib/log.js';
import { registerAccounts } from './account-commands.js';
import type { CliIo } from './admin-io.js';
import { registerAudit } from './audit-commands.js';
import { registerBackup } from './backup-commands.js';
import { AdminRefusal } from './backup.js';
import { SendStopped } from './batch-poster.js';
import { registerContacts } from './contact-commands.js';
import { CsvInvalid } from '@tidings/batch-csv';
import { registerKeys } from './key-commands.js';
import { registerNumbers } from './number-commands.js';
import { registerSendBatch } from './send-batch.js';
import { TemplatesStopped } from './templates/client.js';
import { registerTemplates } from './templates/command.js';
import { registerUsers } from './user-commands.js';
import { packageRoot } from '../lib/package-root.js';

/**
 * The installed package's version, from its package.json (lib/package-root.ts), read when the CLI
 * starts.
 */
function packageVersion(): string {
  const file = path.join(packageRoot(), 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

export function buildCli(io: CliIo): Command {
  const program = new Command('tidings')
    .description(
      'Administer a Tidings service: accounts, people, API keys, backups; send a CSV of messages; keep templates as code.',
    )
    .version(packageVersion(), '-V, --version', 'print the version of Tidings and exit')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });

  registerAccounts(program, io);
  registerKeys(program, io);
  registerNumbers(program, io);
  registerUsers(program, io);
  // A client of a running service over HTTP (TIDINGS_URL, TIDINGS_API_KEY), not of the database.
  registerSendBatch(
    program.command('messages').description('Messages, sent through a running service with an API key'),
    io,
  );
  registerTemplates(program, io);
  registerBackup(program, io);
  registerAudit(program, io);
  registerContacts(program, io);
  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function runCli(
  argv: string[],
  io: CliIo = {
    out: (t) => process.stdout.write(t),
    err: (t) => process.stderr.write(t),
    errIsTTY: process.stderr.isTTY,
    outIsTTY: process.stdout.isTTY,
  },
): Promise<number> {
  const cliIo: CliIo = { ...io, json: argv.includes('--json'), argv };
  const program = buildCli(cliIo);
  try {
    // Every change a command makes is the operator's (the audit trail names them by their login).
    await actAs({ type: 'cli', id: os.userInfo().username }, null, () => program.parseAsync(argv, { from: 'user' }));
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
