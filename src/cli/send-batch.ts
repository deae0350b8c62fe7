/**
 * `tidings messages send-batch FILE.csv --template tpl_…`: sends a template to every row of a CSV
 * through a running service's `POST /v1/messages/batch` (docs/api.md §4.24), in chunks, each with an
 * Idempotency-Key made from the file's SHA-256, the options and the chunk's index, so that running
 * the same command again after an interruption replays the chunks already accepted and sends the
 * rest: no row is sent twice (within the keys' 24 hours). Unlike the other admin commands it never
 * opens the database: it is a client of the API, with an API key.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import type { ItemRefusal } from '../errors.js';
import { BATCH_MAX_ITEMS } from '../messages/schemas/batch.schemas.js';
import { postChunk, SendStopped, type DryRunAnswer, type PosterOptions } from './batch-poster.js';
import { CsvInvalid, readCsvSends, type CsvSend } from '@tidings/batch-csv';
import { Progress, type ProgressIo } from './send-batch-progress.js';

export interface SendBatchIo extends ProgressIo {
  out: (text: string) => void;
  /** The process's exit code when the command ends without failing (2: some rows were refused). */
  exitCode?: number;
  /** Where TIDINGS_URL and TIDINGS_API_KEY are read (default: the process's environment). */
  env?: Record<string, string | undefined>;
}

export interface SendBatchOptions {
  template: string;
  sendAt?: string;
  batchSize: number;
  maxWait: number;
  dryRun?: boolean;
  json?: boolean;
}

/** A refused row: its CSV line (header = line 1), its recipient, and the service's code and message. */
export interface Refusal {
  line: number;
  to: string;
  code: string;
  message: string;
}

/** The `--json` summary of a send. */
export interface SendSummary {
  accepted: number;
  refused: number;
  /** The `bat_` ids, in file order. */
  batches: string[];
  /** Of those chunks, how many an earlier run had sent (answered from its Idempotency-Key). */
  replayed: number;
  refusals: Refusal[];
}

const DEFAULT_URL = 'http://localhost:3000';
/** RFC 3339 with its offset, as the service takes `sendAt`. */
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

const HELP = `
The CSV's first row names the columns: "to" (E.164 phone, BSUID or ct_ id), optionally
"clientReference" and "sendAt" (per row; wins over --send-at), button values as
"button.0.payload" / "button.1.urlSuffix" / "button.2.couponCode", and every other column a
template variable by its name ("1", "2", "first_name", "header"). Empty cells are left out.
A "route" column with "auto" makes its row a routed text (its "text" column), the template its
fallback, filled by the row's variables (docs/api.md §D19).

It talks to a running service: TIDINGS_URL (default ${DEFAULT_URL}) and TIDINGS_API_KEY (required).

Interrupted (Ctrl-C, a network failure, a crash, --max-wait)? Run the same command again on the
same file within 24 hours: each chunk carries an Idempotency-Key made from the file's SHA-256, the
options and the chunk's number, so the chunks already accepted are replayed, not sent twice, and the
rest are sent. Keep the file and the options unchanged between the runs.

Exit codes: 0 every row accepted, 2 some rows refused (listed by CSV line), 1 stopped or failed.`;

const range = (min: number, max: number) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}.`);
  return Number(value);
};
const rfc3339 = (value: string) => {
  if (!RFC3339.test(value) || !Number.isFinite(Date.parse(value)))
    throw new InvalidArgumentError('must be an RFC 3339 time with its offset, e.g. 2026-12-01T09:00:00+01:00.');
  return value;
};

/** Adds `send-batch` to the `messages` command group. */
export function registerSendBatch(messages: Command, io: SendBatchIo): void {
  messages
    .command('send-batch <file>')
    .description(
      'Send an approved template to every row of a CSV file, in batches, through a running service (resumable)',
    )
    .requiredOption('--template <id>', 'the tpl_ id of an approved template')
    .option('--send-at <time>', 'schedule every row (RFC 3339 with offset, 60 s to 35 days ahead)', rfc3339)
    .option('--batch-size <n>', `rows per request, 1 to ${BATCH_MAX_ITEMS}`, range(1, BATCH_MAX_ITEMS), 500)
    .option(
      '--max-wait <seconds>',
      "the longest to wait for the key's rate limit on one batch before stopping",
      range(0, 86_400),
      600,
    )
    .option('--dry-run', 'check every row and show windows and pricing; nothing is stored or sent')
    .option('--json', 'print the summary as JSON on stdout')
    .addHelpText('after', HELP)
    .action(async (file: string, o: SendBatchOptions) => {
      io.exitCode = await sendBatch(file, o, io);
    });
}

/**
 * Reads TIDINGS_URL and TIDINGS_API_KEY.
 * @throws SendStopped api_key_missing, parameter_invalid (a URL that is not http(s)).
 */
function serviceSettings(env: Record<string, string | undefined>): Pick<PosterOptions, 'baseUrl' | 'apiKey'> {
  const apiKey = env.TIDINGS_API_KEY?.trim();
  if (!apiKey)
    throw new SendStopped(
      'api_key_missing',
      'Set TIDINGS_API_KEY to an API key of the account (sk_live_… or sk_test_…, with the messages:send scope); npx tidings keys create makes one.',
    );
  const baseUrl = env.TIDINGS_URL?.trim() || DEFAULT_URL;
  if (!/^https?:\/\/[^/]/.test(baseUrl))
    throw new SendStopped(
      'parameter_invalid',
      `TIDINGS_URL must be the service's http(s) URL, e.g. ${DEFAULT_URL}; got "${baseUrl}".`,
    );
  return { baseUrl, apiKey };
}

/** The Idempotency-Key of every chunk of this file sent with these options: `send-batch-<32 hex>-<chunk>`. */
export function runKey(
  content: Buffer,
  o: Pick<SendBatchOptions, 'template' | 'sendAt' | 'batchSize'>,
): (chunk: number) => string {
  const file = createHash('sha256').update(content).digest('hex');
  const run = createHash('sha256')
    .update(JSON.stringify([file, o.template, o.sendAt ?? null, o.batchSize]))
    .digest('hex')
    .slice(0, 32);
  return (chunk) => `send-batch-${run}-${chunk}`;
}

/**
 * Sends (or dry-runs) the file's rows in chunks of `o.batchSize`, one after another, reporting
 * progress on stderr and the summary on stdout.
 * @returns the exit code: 0 every row accepted (or valid), 2 some refused.
 * @throws CsvInvalid (a file it cannot read), SendStopped (see postChunk; the summary of what was
 *   done is printed first, and the message says running the command again is safe).
 */
export async function sendBatch(file: string, o: SendBatchOptions, io: SendBatchIo): Promise<number> {
  const settings = serviceSettings(io.env ?? process.env);
  let content: Buffer;
  try {
    content = fs.readFileSync(file);
  } catch (err) {
    throw new CsvInvalid(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const rows = readCsvSends(content.toString('utf8'), o.template);
  const chunks: CsvSend[][] = [];
  for (let i = 0; i < rows.length; i += o.batchSize) chunks.push(rows.slice(i, i + o.batchSize));
  const keyOf = runKey(content, o);
  const progress = new Progress(io, rows.length, { quiet: o.json === true });
  const poster: PosterOptions = {
    ...settings,
    maxWaitSeconds: o.maxWait,
    onWait: (s, why) => progress.waiting(s, why),
  };
  const summary: SendSummary = { accepted: 0, refused: 0, batches: [], replayed: 0, refusals: [] };
  const dry = {
    valid: 0,
    windows: { open: 0, closed: 0 },
    pricing: { utility_outside_window: 0, utility_inside_window: 0, service: 0 },
  };
  const refuse = (chunk: CsvSend[], refusals: ItemRefusal[]) => {
    for (const r of refusals) {
      const row = chunk[r.index]!;
      summary.refusals.push({ line: row.line, to: row.send.to ?? '', code: r.error.code, message: r.error.message });
    }
    summary.refused += refusals.length;
  };
  const sendAt = o.sendAt !== undefined ? { sendAt: o.sendAt } : {};
  for (const [n, chunk] of chunks.entries()) {
    const where = `batch ${n + 1} of ${chunks.length} (${chunk.length === 1 ? `line ${chunk[0]!.line}` : `lines ${chunk[0]!.line}–${chunk.at(-1)!.line}`})`;
    let outcome;
    try {
      outcome = await postChunk(
        poster,
        chunk.map((r) => r.send),
        { ...sendAt, dryRun: o.dryRun === true, ...(o.dryRun ? {} : { idempotencyKey: keyOf(n) }) },
      );
    } catch (err) {
      if (!(err instanceof SendStopped)) throw err;
      progress.end();
      if (!o.dryRun && n > 0) printSummary(io, o, summary);
      const done =
        n > 0
          ? ` The rows before line ${chunk[0]!.line} are done (${summary.accepted} accepted, ${summary.refused} refused).`
          : '';
      const resume = o.dryRun
        ? ''
        : `${done} It is safe to run the same command again (same file, same options): the batches already accepted are replayed, not sent twice, and the rest are sent.`;
      throw new SendStopped(err.code, `Stopped at ${where}: ${err.message}${resume}`);
    }
    if (outcome.kind === 'dry-run') {
      addDryRun(dry, outcome.answer);
      refuse(
        chunk,
        outcome.answer.data.filter((d): d is ItemRefusal => 'error' in d),
      );
    } else if (outcome.kind === 'rejected') {
      refuse(chunk, outcome.refusals);
    } else {
      summary.accepted += outcome.accepted;
      summary.batches.push(outcome.batchId);
      if (outcome.replayed) summary.replayed++;
      refuse(chunk, outcome.refusals);
    }
    const note =
      outcome.kind === 'sent'
        ? `${outcome.batchId}${outcome.replayed ? ', replayed: sent by an earlier run' : ''}`
        : outcome.kind === 'rejected'
          ? 'every row refused'
          : 'dry run';
    progress.chunkDone(`${where[0]!.toUpperCase()}${where.slice(1)}`, chunk.length, summary.refused, note);
  }
  progress.end();
  if (o.dryRun) printDryRun(io, o, rows.length, dry, summary.refusals);
  else printSummary(io, o, summary);
  return summary.refused > 0 ? 2 : 0;
}

function addDryRun(
  total: { valid: number; windows: DryRunAnswer['windows']; pricing: DryRunAnswer['pricing'] },
  answer: DryRunAnswer,
): void {
  total.valid += answer.valid;
  total.windows.open += answer.windows.open;
  total.windows.closed += answer.windows.closed;
  for (const k of Object.keys(total.pricing) as (keyof DryRunAnswer['pricing'])[])
    total.pricing[k] += answer.pricing[k];
}

const refusalLines = (refusals: Refusal[]) =>
  refusals.length === 0
    ? []
    : ['Refused rows:', ...refusals.map((r) => `  line ${r.line}${r.to ? ` (${r.to})` : ''}: ${r.code}: ${r.message}`)];

function printSummary(io: SendBatchIo, o: SendBatchOptions, s: SendSummary): void {
  if (o.json) return io.out(`${JSON.stringify(s, null, 2)}\n`);
  const replayed = s.replayed > 0 ? ` (${s.replayed} sent by an earlier run of this command, replayed)` : '';
  const lines = [
    `Accepted ${s.accepted}, refused ${s.refused}, in ${s.batches.length} batch${s.batches.length === 1 ? '' : 'es'}${replayed}${s.batches.length ? `: ${s.batches.join(', ')}` : ''}.`,
    ...refusalLines(s.refusals),
  ];
  io.out(`${lines.join('\n')}\n`);
}

function printDryRun(
  io: SendBatchIo,
  o: SendBatchOptions,
  rows: number,
  d: { valid: number; windows: DryRunAnswer['windows']; pricing: DryRunAnswer['pricing'] },
  refusals: Refusal[],
): void {
  if (o.json)
    return io.out(
      `${JSON.stringify({ dryRun: true, rows, valid: d.valid, refused: refusals.length, windows: d.windows, pricing: d.pricing, refusals }, null, 2)}\n`,
    );
  const p = d.pricing;
  const lines = [
    `Dry run, nothing stored or sent: ${rows} rows, ${d.valid} valid, ${refusals.length} refused.`,
    `Customer windows: ${d.windows.open} open, ${d.windows.closed} closed. Pricing: ${p.utility_outside_window} utility outside the window, ${p.utility_inside_window} utility inside it, ${p.service} service.`,
    ...refusalLines(refusals),
  ];
  io.out(`${lines.join('\n')}\n`);
}
