/** What the batch cases share: the batch account's scope, requests as its key, an item, and the answer to `POST /v1/messages/batch`. */
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';
import type { Harness } from '../harness.js';

export type BatchAnswer = {
  batch: Batch;
  data: (
    | { index: number; message: Message }
    | { index: number; error: { code: string; message: string; param?: string } }
  )[];
};

/** The harness, the batch account (its live key's rate limit fits batches of 1,000) and its approved template. */
export interface BatchScope {
  h: Harness;
  acct: Harness['account'];
  templateId: string;
}

/** Requests as the batch account's live key. */
export function batchApi(scope: () => BatchScope) {
  return <T = any>(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => scope().h.api<T>(method, url, { key: scope().acct.liveKey, ...options });
}

/** Template send items of the batch account's template, the `i`th to `+1<prefix><i, 4 digits>`. */
export function batchItem(scope: () => BatchScope, prefix: string) {
  return (i: number, extra: Record<string, unknown> = {}) => ({
    to: `+1${prefix}${String(i).padStart(4, '0')}`,
    type: 'template',
    templateId: scope().templateId,
    variables: { '1': `Customer ${i}` },
    ...extra,
  });
}
