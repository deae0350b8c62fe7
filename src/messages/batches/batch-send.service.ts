/**
 * Batch sends (docs/api.md §4.24, §D18): up to 1,000 sends in one request, each checked on its own
 * exactly as a single send is (its schema, then `MessageSender.check`), the valid ones stored in
 * one unit of work with their batch, the others answered with their refusal and index. A dry run
 * checks the same way and stores nothing.
 */
import type { AuditTrail } from '../../audit/audit-trail.js';
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
import type { BatchSource, DryRunResult, SendBatchBody, SendBatchResult } from '../schemas/batch.schemas.js';
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
import {
  batchSendAt,
  referencesOf,
  refusal,
  refusalsJson,
  refuseTakenReferences,
  rejected,
  soleTemplate,
} from './batch-items.js';
import type { MessageSender } from '../accept/send.service.js';
import type { ActiveSuppression } from '../../consent/suppression-decision.js';
import type { SuppressionGate } from '../accept/suppression-gate.js';

export interface BatchSenderOptions {
  store: Store;
  clock: Clock;
  sender: Pick<MessageSender, 'check' | 'storeIn' | 'lookUpRecipients'>;
  /** Refuses the items to suppressed customers, all items in one read (suppression-gate.ts). */
  gate: Pick<SuppressionGate, 'refusals'>;
  /** Records `batch.created` (its counts) in the batch's unit. */
  audit: Pick<AuditTrail, 'record'>;
}

/**
 * A send body validator built as the routes' are (http/ajv.ts), with the schemas its branches
 * refer to; the Cloud API facade checks the sends it maps with one too (src/facade/messages.facade.ts).
 */
export function compileSendValidator() {
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

/** The `source` a batch's messages record: the dashboard's are `dashboard`, the CLI's and the API's `api`. */
function messageSource(source: BatchSource): SendSource {
  return source === 'dashboard' ? 'dashboard' : 'api';
}

export class BatchSender {
  readonly #o: BatchSenderOptions;
  /** Compiled at the first batch, not at start (a send body's schema takes ~50 ms to compile). */
  #validator: ReturnType<typeof compileSendValidator> | undefined;

  constructor(options: BatchSenderOptions) {
    this.#o = options;
  }

  /**
   * Checks each item; stores the valid ones, their batch and their client references in one unit
   * of work (a scheduled item waits for its `sendAt`, the others enter the queue at once).
   * The batch keeps its refusals and where it came from (`source`: its messages record `dashboard`
   * from the dashboard, else `api`), and each message its place in the request.
   * @returns the batch and, in the request's order, each item's message or refusal.
   * @throws TidingsError batch_rejected (every item refused; `items` says why, each with its index);
   *   parameter_invalid (a batch-wide `sendAt` that is not 60 s to 35 days ahead).
   */
  async send(auth: AuthContext, body: SendBatchBody, source: BatchSource = 'api'): Promise<SendBatchResult> {
    const now = this.#o.clock.now();
    const sendAt = batchSendAt(body, now);
    const batchId = newId('bat', now);
    const { checked, refused } = await this.#checkAll(auth, body, messageSource(source), {
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
      for (const [index, send] of checked) send.message.batchIndex = index;
      const template = soleTemplate(checked);
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
        refusals: refusalsJson(refused),
        template_id: template?.id ?? null,
        template_name: template?.name ?? null,
      };
      await batches.insertBatch(tx, row);
      await this.#o.audit.record(tx, {
        action: 'batch.created',
        accountId: auth.accountId,
        object: { type: 'batch', id: batchId },
        mode: auth.mode,
        after: { items, accepted: checked.size, refused: items - checked.size },
      });
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
  async dryRun(auth: AuthContext, body: SendBatchBody, source: BatchSource = 'api'): Promise<DryRunResult> {
    batchSendAt(body, this.#o.clock.now());
    const { checked, refused, windows, categories } = await this.#checkAll(auth, body, messageSource(source), {
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
    const validate = (this.#validator ??= compileSendValidator());
    const valid: number[] = [];
    for (let index = 0; index < body.messages.length; index++) {
      const item = body.messages[index];
      if (validate(item)) valid.push(index);
      else
        refused.set(
          index,
          refusal(index, fromValidation((validate.errors ?? []) as ErrorObject[] as AjvError[], 'body', item)),
        );
    }
    // The recipients the checks look up (a template to a phone number or BSUID needs none), for
    // all items at once: one read of contacts, one of customers' last messages.
    const looked = valid
      .map((i) => body.messages[i] as SendMessageBody)
      .filter((m) => options.lookUp === true || m.type !== 'template' || m.to.trim().startsWith('ct_'))
      .map((m) => m.to);
    const known =
      looked.length > 0 ? await this.#o.sender.lookUpRecipients(auth, looked, this.#o.clock.now()) : undefined;
    for (const index of valid) {
      const item = body.messages[index];
      try {
        const { send, windowOpen, category } = await this.#o.sender.check(auth, item as SendMessageBody, source, {
          ...options,
          ...(known ? { known } : {}),
        });
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
    const overridden = new Map<number, ActiveSuppression>();
    const gated = await this.#o.gate.refusals(
      auth,
      indexes.map((i) => ({
        to: checked.get(i)!.message.to,
        category: categories.get(i) ?? null,
        ignore: (body.messages[i] as SendMessageBody).suppression === 'ignore',
      })),
      overridden,
    );
    for (const [k, s] of overridden)
      checked.get(indexes[k]!)!.message.suppressionOverride = { suppressionId: s.id, keyId: auth.keyId };
    for (const [k, err] of gated) {
      checked.delete(indexes[k]!);
      refused.set(indexes[k]!, refusal(indexes[k]!, err));
    }
    return { checked, refused, windows, categories };
  }
}
