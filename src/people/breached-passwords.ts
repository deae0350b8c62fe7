/**
 * The bundled list of breached and common passwords (common-passwords/README.md: its source and licence),
 * read into a Set at first use. NIST SP 800-63B-4 section 3.1.1.2: a new password is checked against
 * passwords known to be breached or commonly used.
 */
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { shippedFile } from '../lib/package-root.js';

let list: Set<string> | null = null;

/** Whether `password`, lowercased, is on the list (the list itself is lowercase). */
export function isBreachedPassword(password: string): boolean {
  list ??= new Set(
    gunzipSync(fs.readFileSync(shippedFile('people/common-passwords/common-passwords.txt.gz')))
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return list.has(password.toLowerCase());
}
