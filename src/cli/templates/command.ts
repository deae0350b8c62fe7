/**
 * `tidings templates pull|plan|apply`: an account's message templates kept as code, in a YAML file
 * (template-file.ts), and made so at a running service over its HTTP API with an API key
 * (TIDINGS_URL, TIDINGS_API_KEY; client.ts), never through its database.
 *
 * Exit codes: 0 done (plan: the file is valid, changes or not); 1 a template invalid, one that
 * cannot change, one that failed, or the command stopped; 2 a usage error. `plan
 * --detailed-exitcode` answers as Terraform's: 0 no changes, 2 changes pending, 1 errors (usage
 * errors included, so 2 always means changes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CommanderError, type Command } from 'commander';
import { applyFailed, applyPlan } from './apply.js';
import { serviceSettings, TemplatesClient, TemplatesStopped } from './client.js';
import { hasChanges, hasErrors, makePlan } from './plan.js';
import { templatesYaml } from './pull.js';
import { applyJson, planJson, renderApply, renderPlan, style } from './render.js';
import { parseTemplateFile, type FileTemplate } from './template-file.js';

export interface TemplatesIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** The process's exit code when the command ends without throwing. */
  exitCode?: number;
  /** Where TIDINGS_URL, TIDINGS_API_KEY and NO_COLOR are read (default: the process's environment). */
  env?: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colour then, unless NO_COLOR is set). */
  outIsTTY?: boolean;
  /** The command line, for the exit code of a usage error (see the file's comment). */
  argv?: string[];
}

const HELP = `
It talks to a running service over HTTP: TIDINGS_URL (default http://localhost:3000) and
TIDINGS_API_KEY (a live key of the account; templates:read to pull and plan, templates:write to apply).

Exit codes: 0 done (plan: valid, with changes or not), 1 a template invalid, failed or that cannot
change, or the command stopped, 2 a usage error. plan --detailed-exitcode: 0 no changes, 2 changes
pending, 1 errors.`;

/** Adds the `templates` command group to `program`. */
export function registerTemplates(program: Command, io: TemplatesIo): void {
  const templates = program
    .command('templates')
    .description(
      'Message templates as code: pull them into a YAML file, plan and apply its changes (through a running service with an API key)',
    );
  // A usage error is 2 (commander's is 1), but 1 under --detailed-exitcode, where 2 means changes pending.
  templates.exitOverride((err) => {
    const detailed = (io.argv ?? []).includes('--detailed-exitcode');
    throw new CommanderError(err.exitCode === 0 ? 0 : detailed ? 1 : 2, err.code, err.message);
  });
  const env = () => io.env ?? process.env;
  const client = () => new TemplatesClient(serviceSettings(env()));
  const colours = () => style(io.outIsTTY === true && !env().NO_COLOR);

  templates
    .command('pull [file]')
    .description(
      "Write the account's templates to FILE (default templates.yaml; - for stdout), by name then language, with only the fields a person edits",
    )
    .addHelpText('after', HELP)
    .action(async (file: string | undefined) => {
      const target = file ?? 'templates.yaml';
      const list = await client().listAll();
      const text = templatesYaml(list, target);
      if (target === '-') return io.out(text);
      writeAtomically(target, text);
      const generated = list.filter((t) => t.source === 'generated').length;
      io.out(
        `Wrote ${list.length - generated} template${list.length - generated === 1 ? '' : 's'} to ${target}${generated ? ` (${generated} generated for Direct Sends left out: they are read-only)` : ''}.\n`,
      );
    });

  templates
    .command('plan <file>')
    .description(
      'Check FILE and show what apply would change: created, updated, ttl-updated, unchanged, cannot change; nothing is changed',
    )
    .option('--json', 'print the plan as JSON')
    .option('--detailed-exitcode', 'exit 0 with no changes, 2 with changes pending, 1 on errors')
    .addHelpText('after', HELP)
    .action(async (file: string, o: { json?: boolean; detailedExitcode?: boolean }) => {
      const items = await makePlan(readTemplates(file), client());
      io.out(o.json ? `${JSON.stringify(planJson(items, file), null, 2)}\n` : renderPlan(items, file, colours()));
      io.exitCode = hasErrors(items) ? 1 : o.detailedExitcode && hasChanges(items) ? 2 : 0;
    });

  templates
    .command('apply <file>')
    .description(
      "Make the account's templates match FILE: create new ones, edit pending and rejected ones, set time to live; never deletes",
    )
    .option('--json', 'print what was done as JSON')
    .addHelpText('after', HELP)
    .action(async (file: string, o: { json?: boolean }) => {
      const c = client();
      const results = await applyPlan(await makePlan(readTemplates(file), c), c);
      const failed = applyFailed(results);
      io.out(
        o.json
          ? `${JSON.stringify(applyJson(results, file, !failed), null, 2)}\n`
          : renderApply(results, file, colours()),
      );
      io.exitCode = failed ? 1 : 0;
    });
}

/** The file's templates. @throws TemplatesStopped template_file_invalid (unreadable, or not a templates file). */
function readTemplates(file: string): FileTemplate[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new TemplatesStopped('template_file_invalid', `Cannot read ${file}: ${(err as Error).message}`);
  }
  return parseTemplateFile(text, file);
}

/** Writes `text` to `file` whole or not at all: a temporary file beside it, renamed over it. */
function writeAtomically(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch (err) {
    fs.rmSync(temporary, { force: true });
    throw new TemplatesStopped('file_not_written', `Cannot write ${file}: ${(err as Error).message}`);
  }
}
