/**
 * What the media cases share: the sample files (test/fixtures/media), an upload through
 * POST /v1/media/, and the files a harness keeps (stored, and temporary ones while an upload runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { tempUploads } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually, ROOT } from '../helpers.js';
import { multipart } from '../multipart.js';

const SAMPLES = path.join(ROOT, 'test/fixtures/media');
/** A sample file's bytes (test/fixtures/media). */
export const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));

/** POST /v1/media/ of `file` (none: no file part) with `options`' key, extra parts and Idempotency-Key: the answer. */
export async function upload(
  h: Harness,
  file: { filename: string; type: string; data: Buffer } | null,
  options: { key?: string; extra?: Record<string, string>; idempotencyKey?: string } = {},
) {
  const { body, contentType } = multipart({ ...(file ? { file } : {}), ...options.extra });
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/media/',
    headers: {
      'x-api-key': options.key ?? h.account.liveKey,
      'content-type': contentType,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: body,
  });
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers, text: res.body };
}

/** The files of the entry's harness, read when called (after the entry's `before`). */
export function mediaKit(harness: () => Harness) {
  const storedFiles = () => fs.readdirSync(path.join(harness().dataDir, 'media')).filter((f) => f !== 'tmp');
  const tmpFiles = () => tempUploads(harness().dataDir);
  /** Temporary files are removed when a request ends, including one the client abandoned. */
  const noTempFiles = () => eventually(async () => tmpFiles().length === 0);
  return { storedFiles, tmpFiles, noTempFiles };
}
