/** What the batch cases share: the answer to `POST /v1/messages/batch`. */
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';

export type BatchAnswer = {
  batch: Batch;
  data: (
    | { index: number; message: Message }
    | { index: number; error: { code: string; message: string; param?: string } }
  )[];
};
