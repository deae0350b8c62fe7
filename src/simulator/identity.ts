/**
 * How simulated WABAs and business numbers are named. Shared by the simulator (which knows any id
 * it is asked about) and the admin CLI (which hands out fresh simulated ids).
 */
import { randomInt } from 'node:crypto';

/** A fresh 15-digit Graph-style numeric id. */
export function newGraphId(): string {
  let out = String(randomInt(1, 10));
  for (let i = 0; i < 14; i++) out += String(randomInt(0, 10));
  return out;
}

/**
 * The display number of a simulated business number: a US 555 number derived from the phone number
 * id, digits only as the platform puts it in webhook metadata (`15550783881`).
 */
export function simulatedDisplayNumber(phoneNumberId: string): string {
  const digits = phoneNumberId.replace(/\D/g, '').padStart(7, '0').slice(-7);
  return `1555${digits}`;
}
