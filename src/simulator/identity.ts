/**
 * Message ids the simulator hands out. The names of simulated WABAs, numbers and their access
 * tokens, which the service uses too, are in lib/simulated-identity.ts.
 */
import { randomBytes } from 'node:crypto';

/** A fresh message id, `wamid.` + base64 like the platform's (may end with `=` or hold `/`). */
export function newWamid(): string {
  return `wamid.HBgL${randomBytes(27).toString('base64')}`;
}
