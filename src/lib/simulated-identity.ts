/**
 * How simulated WABAs and business numbers are named, on neutral ground: the service names the
 * accounts it creates for the simulator with these (accounts/account.service.ts), and the
 * simulator knows any id it is asked about by the same rules (simulator/). The two share nothing
 * else but HTTP.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A fresh 15-digit Graph-style numeric id (a WABA, a phone number id, a template or a media id). */
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

/**
 * The access token of a simulated WABA: `sim_<wabaId>_<32 base64url chars>`, the tail an
 * HMAC-SHA256 of the WABA id keyed by the app secret the simulator and the service share
 * (`appSecret` of the embedded simulator, `WHATSAPP_APP_SECRET` of the standalone one). The
 * simulator recognises it without shared storage and learns from it which WABA the caller acts for;
 * any other token must be registered with the control API (`POST /_simulator/tokens`) or is
 * refused with 190, as the platform refuses a token it did not issue.
 */
export function simulatorAccessToken(appSecret: string, wabaId: string): string {
  return `sim_${wabaId}_${createHmac('sha256', appSecret).update(`tidings-simulator-access-token:${wabaId}`).digest('base64url').slice(0, 32)}`;
}

/** The WABA id a token made by {@link simulatorAccessToken} under `appSecret` stands for, or null. */
export function wabaOfSimulatorToken(appSecret: string, token: string): string | null {
  const match = /^sim_(\d+)_[\w-]{32}$/.exec(token);
  if (!match) return null;
  const expected = simulatorAccessToken(appSecret, match[1]!);
  return expected.length === token.length && timingSafeEqual(Buffer.from(expected), Buffer.from(token))
    ? match[1]!
    : null;
}
