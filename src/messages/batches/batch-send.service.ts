/**
 * Batch sends (docs/api.md §4.24, §D18): up to 1,000 sends in one request, each checked on its own
 * exactly as a single send is (its schema, then `MessageSender.check`), the valid ones stored in
 * one unit of work with their batch, the others answered with their refusal and index. A dry run
 * checks the same way and stores nothing.
 */
import type { ErrorObject } from 'ajv';
import type { AuthContext } from '../../http/access.js';
import { newAjv, type AjvError } from '../../http/ajv.js';
import { fromValidation } from '../../http/validation.js';
import type { Store } from '../../db/store.js';
import { TidingsError, type ItemRefusal } from '../../errors.js';
import { iso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { toBatch } from '../record/batch-progress.js';
import * as batches from '../record/batch.repository.js';
import type { DryRunResult, SendBatchBody, SendBatchResult } from '../schemas/batch.schemas.js';
import * as references from '../record/client-reference.repository.js';
import { toMessage } from '../record/message.mapper.js';
import {
  RICH_SEND_SCHEMAS,
  SendMediaMessage,
  SendTemplateMessage,
  SendTextMessage,
} from '../schemas/send-bodies.schemas.js';
import { SendMessageBody, type SendSource } from '../schemas/send.schemas.js';
import { InteractiveButtons, InteractiveCtaUrl, InteractiveList } from '../schemas/rich.schemas.js';
import type { AcceptedSend } from '../accept/accepted-send.js';
import { checkSendAt } from '../accept/send-at.js';
import type { MessageSender } from '../accept/send.service.js';
import type { SuppressionGate } from '../accept/suppression-gate.js';

export interface BatchSenderOptions {
  store: Store;
  clock: Clock;
  sender: Pick<MessageSender, 'check' | 'storeIn'>;
  /** Refuses the items to suppressed customers, all items in one read (suppression-gate.ts). */
  gate: Pick<SuppressionGate, 'refusals'>;
}

/** A send body validator built as the routes' are (http/ajv.ts), with the schemas its branches refer to. */
function compileSendValidator() {
  const ajv = newAjv('body');
  for (const schema of [
    SendTemplateMessage,
    SendTextMessage,
    SendMediaMessage,
    ...RICH_SEND_SCHEMAS,
    InteractiveButtons,
    InteractiveList,
    InteractiveCtaUrl,
  ])
    ajv.addSchema(schema);
  return ajv.compile(SendMessageBody);
}

/** An item's refusal, its fields named as paths in the whole request (`messages[3].to`). */
function refusal(index: number, err: TidingsError): ItemRefusal {
  const at = (field: string) => `messages[${index}]${field === '' ? '' : field.startsWith('[') ? field : `.${field}`}`;
  return {
    index,
    error: {
      code: err.code,
      message: err.message,
      ...(err.param !== undefined ? { param: at(err.param) } : {}),
      ...(err.issues !== undefined ? { issues: err.issues.map((i) => ({ ...i, field: at(i.field) })) } : {}),
    },
  };
}

export class BatchSender {
  readonly #o: BatchSenderOptions;
  readonly #validate = compileSendValidator();

  constructor(options: BatchSenderOptions) {
    this.#o = options;
  }

  /**
   * Checks each item; stores the valid ones, their batch and their client references in one unit
   * of work (a scheduled item waits for its `sendAt`, the others enter the queue at once).
   * @returns the batch and, in the request's order, each item's message or refusal.
   * @throws TidingsError batch_rejected (every item refused; `items` says why, each with its index).
   */
  async send(auth: AuthContext, body: SendBatchBody, source: SendSource = 'api'): Promise<SendBatchResult> {
    const now = this.#o.clock.now();
    const sendAt = batchSendAt(body, now);
    const batchId = newId('bat', now);
    const { checked, refused } = await this.#checkAll(auth, body, source, {
      batchId,
      ...(body.sendAt !== undefined ? { sendAt: body.sendAt } : {}),
    });
    const items = body.messages.length;
    const rows = await this.#o.store.write(async (tx) => {
      const createdAt = iso(now);
      // Items whose reference another message took in the last 24 hours, or an earlier item of
      // this batch, are refused; the rest go on.
      refuseTakenReferences(
        checked,
        refused,
        await references.taken(tx, auth.accountId, auth.mode, referencesOf(checked), createdAt),
      );
      if (checked.size === 0) return null;
      const row: batches.BatchRow = {
        id: batchId,
        account_id: auth.accountId,
        mode: auth.mode,
        phone_number_id: auth.phoneNumberId,
        items,
        accepted: checked.size,
        send_at: sendAt === null ? null : iso(sendAt),
        source,
        created_at: createdAt,
        completed_at: null,
      };
      await batches.insertBatch(tx, row);
      const stored = await this.#o.sender.storeIn(tx, [...checked.values()]);
      return { row, stored };
    });
    if (rows === null) throw rejected(items, refused);
    const messages = new Map([...checked.keys()].map((index, i) => [index, rows.stored[i]!]));
    const counts = new Map<'scheduled' | 'accepted', number>();
    for (const m of rows.stored)
      counts.set(m.status as 'scheduled' | 'accepted', (counts.get(m.status as 'scheduled' | 'accepted') ?? 0) + 1);
    return {
      batch: toBatch(rows.row, counts),
      data: Array.from({ length: items }, (_, index) => {
        const message = messages.get(index);
        return message ? { index, message: toMessage(message) } : refused.get(index)!;
      }),
    };
  }

  /**
   * What the batch would do now, storing nothing: each item checked as `send` checks it (a
   * `clientReference` already taken included), its customer's window, and how the platform prices it.
   */
  async dryRun(auth: AuthContext, body: SendBatchBody, source: SendSource = 'api'): Promise<DryRunResult> {
    batchSendAt(body, this.#o.clock.now());
    const { checked, refused, windows, categories } = await this.#checkAll(auth, body, source, {
      lookUp: true,
      ...(body.sendAt !== undefined ? { sendAt: body.sendAt } : {}),
    });
    refuseTakenReferences(
      checked,
      refused,
      await references.taken(
        this.#o.store.read,
        auth.accountId,
        auth.mode,
        referencesOf(checked),
        iso(this.#o.clock.now()),
      ),
    );
    const result: DryRunResult = {
      dryRun: true,
      items: body.messages.length,
      valid: checked.size,
      refused: refused.size,
      windows: { open: 0, closed: 0 },
      pricing: { utility_outside_window: 0, utility_inside_window: 0, service: 0 },
      data: [],
    };
    for (let index = 0; index < body.messages.length; index++) {
      const send = checked.get(index);
      if (!send) {
        result.data.push(refused.get(index)!);
        continue;
      }
      const open = windows.get(index) === true;
      const pricingCategory =
        categories.get(index) !== null ? (open ? 'utility_inside_window' : 'utility_outside_window') : 'service';
      result.windows[open ? 'open' : 'closed']++;
      result.pricing[pricingCategory]++;
      result.data.push({
        index,
        to: send.message.to,
        windowOpen: open,
        pricingCategory,
        sendAt: send.message.scheduledAt ?? null,
      });
    }
    return result;
  }

  /** Every item checked: its schema, then the send's own checks. */
  async #checkAll(
    auth: AuthContext,
    body: SendBatchBody,
    source: SendSource,
    options: { batchId?: string; sendAt?: string; lookUp?: boolean },
  ) {
    const checked = new Map<number, AcceptedSend>();
    const refused = new Map<number, ItemRefusal>();
    const windows = new Map<number, boolean | null>();
    const categories = new Map<number, string | null>();
    for (let index = 0; index < body.messages.length; index++) {
      const item = body.messages[index];
      if (!this.#validate(item)) {
        refused.set(
          index,
          refusal(index, fromValidation((this.#validate.errors ?? []) as ErrorObject[] as AjvError[], 'body', item)),
        );
        continue;
      }
      try {
        const { send, windowOpen, category } = await this.#o.sender.check(
          auth,
          item as SendMessageBody,
          source,
          options,
        );
        checked.set(index, send);
        windows.set(index, windowOpen);
        categories.set(index, category);
      } catch (err) {
        if (!(err instanceof TidingsError)) throw err;
        refused.set(index, refusal(index, err));
      }
    }
    // Suppressed customers: one read for the whole batch, not one per item.
    const indexes = [...checked.keys()];
    const gated = await this.#o.gate.refusals(
      auth,
      indexes.map((i) => ({
        to: checked.get(i)!.message.to,
        category: categories.get(i) ?? null,
        ignore: (body.messages[i] as SendMessageBody).suppression === 'ignore',
      })),
    );
    for (const [k, err] of gated) {
      checked.delete(indexes[k]!);
      refused.set(indexes[k]!, refusal(indexes[k]!, err));
    }
    return { checked, refused, windows, categories };
  }
}

/**
 * The batch-wide `sendAt` as clock ms (null without one), checked as an item's own is, whether or
 * not an item falls back on it: a batch never stores a time that is not one, or is in the past.
 * @throws TidingsError parameter_invalid (`param` `sendAt`): no RFC 3339 time with its offset, or not 60 s to 35 days ahead.
 */
function batchSendAt(body: SendBatchBody, now: number): number | null {
  return body.sendAt === undefined ? null : checkSendAt(body.sendAt, now, 'The batch-wide sendAt');
}

/** The client references of checked items. */
function referencesOf(checked: Map<number, AcceptedSend>): string[] {
  return [...checked.values()].flatMap((s) => (s.message.clientReference ? [s.message.clientReference] : []));
}

/**
 * Moves to `refused` the checked items whose `clientReference` is in `taken` (another message's
 * in the last 24 hours) or repeats an earlier item's, in `checked`'s order.
 */
function refuseTakenReferences(
  checked: Map<number, AcceptedSend>,
  refused: Map<number, ItemRefusal>,
  taken: Set<string>,
): void {
  const seen = new Set<string>();
  for (const [index, send] of [...checked]) {
    const ref = send.message.clientReference;
    if (!ref) continue;
    const why = taken.has(ref)
      ? 'was given to another message of this account in the last 24 hours'
      : seen.has(ref)
        ? 'is given to an earlier message of this batch'
        : null;
    seen.add(ref);
    if (why === null) continue;
    checked.delete(index);
    refused.set(
      index,
      refusal(
        index,
        new TidingsError('client_reference_in_use', `clientReference "${ref}" ${why}; give each message its own.`, {
          param: 'clientReference',
        }),
      ),
    );
  }
}

/** The answer of a batch none of whose items was accepted. */
function rejected(items: number, refused: Map<number, ItemRefusal>): TidingsError {
  const all = [...refused.values()].sort((a, b) => a.index - b.index);
  const noun =
    items === 1 ? "The batch's one message was" : `All ${items.toLocaleString('en-US')} messages of the batch were`;
  return new TidingsError(
    'batch_rejected',
    `${noun} refused, so nothing was stored or sent; error.items gives each one's reason.`,
    { items: all },
  );
}
