/**
 * Identifiers. Public ids are a prefix (`msg_`, `tpl_`, `med_`, `acc_`, `key_`, `in_`, `evt_`,
 * `req_`, `we_` webhook endpoints, `dlv_` deliveries, `ptr_` pricing tier notices) and an opaque base62 string. The first 9 characters encode the creation time in
 * milliseconds, so ids created later sort later; the rest is random (CSPRNG).
 */
import { randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Random bytes from the CSPRNG, drawn from a pool refilled 4 KiB at a time: ids are made several
 * per request, and one call into the CSPRNG per id showed in the profiles. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolUsed = pool.length;

function randomByte(): number {
  if (poolUsed === pool.length) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  return pool[poolUsed++]!;
}

/** `length` random base62 characters from a CSPRNG (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

function timePart(ms: number): string {
  let n = ms;
  let out = '';
  for (let i = 0; i < 9; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export type IdPrefix =
  | 'ct'
  | 'msg'
  | 'bat'
  | 'tpl'
  | 'tch'
  | 'ptr'
  | 'med'
  | 'acc'
  | 'key'
  | 'in'
  | 'evt'
  | 'req'
  | 'job'
  | 'we'
  | 'dlv'
  | 'att'
  | 'sup'
  | 'era'
  | 'usr'
  | 'ses'
  | 'lnk'
  | 'sso'
  | 'aud';

/** A new id such as `msg_0Vx3kP9aQ7mZ2rT1yB4cD8eF`: 9 time characters and 16 random ones. */
export function newId(prefix: IdPrefix, now = Date.now()): string {
  return `${prefix}_${timePart(now)}${randomBase62(16)}`;
}

/** The log field that names an object by its id's prefix (`msg_…` → `messageId`). */
const LOG_FIELDS: Partial<Record<IdPrefix, string>> = {
  ct: 'contactId',
  msg: 'messageId',
  bat: 'batchId',
  tpl: 'templateId',
  med: 'mediaId',
  in: 'inboundMessageId',
  evt: 'eventId',
  we: 'endpointId',
  sup: 'suppressionId',
  usr: 'userId',
};

/**
 * `{ messageId: id }` for a message id, and likewise for the other objects an API answer can be
 * about (templates, media, inbound messages, events, webhook endpoints); `{}` for anything else.
 */
export function logFieldsOfId(id: unknown): Record<string, string> {
  if (typeof id !== 'string') return {};
  const field = LOG_FIELDS[id.slice(0, id.indexOf('_')) as IdPrefix];
  return field ? { [field]: id } : {};
}
