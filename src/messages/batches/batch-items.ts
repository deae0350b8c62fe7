/**
 * What a batch send refuses and keeps (docs/api.md §D18): an item's refusal with its fields as
 * paths in the whole request, the items whose `clientReference` is taken, the batch-wide `sendAt`,
 * the answer of a batch none of whose items passed, and what the batch records of its items (its
 * refusals, and the one template its accepted items send).
 */
import { TidingsError, type ItemRefusal } from '../../errors.js';
import type { AcceptedSend } from '../accept/accepted-send.js';
import { checkSendAt } from '../accept/send-at.js';
import type { SendBatchBody } from '../schemas/batch.schemas.js';

/** An item's refusal, its fields named as paths in the whole request (`messages[3].to`). */
export function refusal(index: number, err: TidingsError): ItemRefusal {
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

/**
 * The batch-wide `sendAt` as clock ms (null without one), checked as an item's own is, whether or
 * not an item falls back on it: a batch never stores a time that is not one, or is in the past.
 * @throws TidingsError parameter_invalid (`param` `sendAt`): no RFC 3339 time with its offset, or not 60 s to 35 days ahead.
 */
export function batchSendAt(body: SendBatchBody, now: number): number | null {
  return body.sendAt === undefined ? null : checkSendAt(body.sendAt, now, 'The batch-wide sendAt');
}

/** The client references of checked items. */
export function referencesOf(checked: Map<number, AcceptedSend>): string[] {
  return [...checked.values()].flatMap((s) => (s.message.clientReference ? [s.message.clientReference] : []));
}

/**
 * Moves to `refused` the checked items whose `clientReference` is in `taken` (another message's
 * in the last 24 hours) or repeats an earlier item's, in `checked`'s order.
 */
export function refuseTakenReferences(
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
export function rejected(items: number, refused: Map<number, ItemRefusal>): TidingsError {
  const all = [...refused.values()].sort((a, b) => a.index - b.index);
  const noun =
    items === 1 ? "The batch's one message was" : `All ${items.toLocaleString('en-US')} messages of the batch were`;
  return new TidingsError(
    'batch_rejected',
    `${noun} refused, so nothing was stored or sent; error.items gives each one's reason.`,
    { items: all },
  );
}

/** The refusals in index order, as the batch keeps them (`batches.refusals`, JSON). */
export function refusalsJson(refused: Map<number, ItemRefusal>): string {
  return JSON.stringify([...refused.values()].sort((a, b) => a.index - b.index));
}

/**
 * The one template every accepted item sends (its `tpl_` id and name), or null when an item sends
 * none (a free-form message) or the items send several.
 */
export function soleTemplate(checked: Map<number, AcceptedSend>): { id: string; name: string } | null {
  let sole: { id: string; name: string } | null = null;
  for (const send of checked.values()) {
    const { content } = send.dispatch.payload;
    const id = send.message.templateId ?? null;
    if (id === null || content.type !== 'template' || (sole !== null && sole.id !== id)) return null;
    sole = { id, name: content.name };
  }
  return sole;
}
