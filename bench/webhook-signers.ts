/**
 * What a platform webhook with a bad signature costs Tidings as accounts with app secrets of their
 * own grow in number (issue 23, item 5): the HMACs computed per POST (counted on `createHmac`
 * keyed with one of the app secrets) and the time per POST (in-process `app.inject`, so no network),
 * for 0, 1 and 100 such accounts, with a one-status body and one of 1,000 customer messages, each
 * naming the WABA of the first such account (with none, a WABA no account has).
 *
 * `node --import tsx bench/webhook-signers.ts [--requests N]` (SQLite in a temporary directory).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { buildDeps } from '../src/deps.js';
import { hubSignature } from '../src/lib/crypto.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
const REQUESTS = Number(values.requests);

// Every HMAC keyed with an app secret Tidings holds is counted (the simulator and outbound events sign with other keys).
const secrets = new Set<string>();
let hmacs = 0;
const original = crypto.createHmac;
(crypto as { createHmac: typeof crypto.createHmac }).createHmac = ((
  algorithm: string,
  key: crypto.BinaryLike,
  options?: unknown,
) => {
  if (typeof key === 'string' && secrets.has(key)) hmacs++;
  return original(algorithm, key, options as never);
}) as typeof crypto.createHmac;
syncBuiltinESMExports();

/** A webhook for `wabaId`'s number: one status, or `messages` customer messages of about 1 KB. */
function body(wabaId: string, phoneNumberId: string, messages: number): string {
  const value: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
  };
  if (messages === 0)
    value.statuses = [
      { id: 'wamid.bench-status', status: 'sent', timestamp: '1750030073', recipient_id: '16505551234' },
    ];
  else {
    value.contacts = [{ profile: { name: 'Customer' }, wa_id: '16505551234' }];
    value.messages = Array.from({ length: messages }, (_, i) => ({
      from: '16505551234',
      id: `wamid.bench-${i}`,
      timestamp: '1750030073',
      type: 'text',
      text: { body: 'x'.repeat(1000) },
    }));
  }
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, changes: [{ field: 'messages', value }] }],
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-signers-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const deps = await buildDeps(config, { logger: pino({ level: 'silent' }), graphUrl: 'http://127.0.0.1:9/v23.0' });
const app = await buildApp(deps);
secrets.add(deps.secrets.appSecret);
const rows: string[] = [];
let made = 0;
let first = { wabaId: '9760000000000000', phoneNumberId: '760000000000000' };
try {
  for (const tenants of [0, 1, 100]) {
    for (; made < tenants; made++) {
      const phoneNumberId = String(760000000000000 + made);
      const secret = `bench-own-secret-${made}`;
      secrets.add(secret);
      await deps.accounts.createAccount({
        name: `Tenant ${made}`,
        wabaId: `9${phoneNumberId}`,
        phoneNumberId,
        phoneNumber: `+1555${phoneNumberId.slice(-7)}`,
        accessToken: `token-${made}`,
        appSecret: secret,
      });
    }
    for (const messages of [0, 1000]) {
      const raw = body(first.wabaId, first.phoneNumberId, messages);
      const post = () =>
        app.inject({
          method: 'POST',
          url: '/platform/whatsapp/webhook',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': hubSignature(raw, 'not-a-secret-tidings-holds'),
          },
          payload: raw,
        });
      for (let i = 0; i < 5; i++) await post(); // warm-up (caches, JIT)
      hmacs = 0;
      const started = process.hrtime.bigint();
      for (let i = 0; i < REQUESTS; i++) {
        const res = await post();
        if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}: ${res.body}`);
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / REQUESTS;
      rows.push(
        `| ${tenants} | ${messages === 0 ? 'one status' : '1,000 messages'} | ${(raw.length / 1024).toFixed(1)} KB | ${(hmacs / REQUESTS).toFixed(2)} | ${ms.toFixed(3)} |`,
      );
    }
  }
} finally {
  await app.close();
  await deps.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log('| accounts with their own secret | body | size | HMACs per POST | ms per POST |');
console.log('|---:|---|---:|---:|---:|');
for (const row of rows) console.log(row);
