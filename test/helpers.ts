/**
 * What tests use besides the service itself (test/harness.ts) and its database (test/database.ts):
 * the repository's root, the platform's real payloads in test/fixtures/platform and the parts of a
 * webhook body tests read or re-point, and `eventually`, which waits for what the service does in
 * the background (a dispatch, a status report, a delivery, a job) rather than sleeping a fixed time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Real platform payloads, copied from public sources (see test/fixtures/platform/SOURCES.md). */
export const FIXTURES = path.resolve(ROOT, 'test/fixtures/platform');

/** The payload `name` of test/fixtures/platform, parsed (a fresh copy each call). */
export function fixture(name: string): any {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

/**
 * The value of a platform webhook body's one change, `entry[0].changes[0].value`
 * (docs/platform.md §4.1): what a test reads or re-points (`valueOf(payload).metadata.phone_number_id = …`).
 */
export function valueOf(body: any): any {
  return body.entry[0].changes[0].value;
}

/** The field of a platform webhook body's one change (`messages`, `message_template_status_update`…). */
export function fieldOf(body: any): string {
  return body.entry[0].changes[0].field;
}

/** Polls `check` until it returns a truthy value (or throws its last error after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) throw lastError ?? new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
