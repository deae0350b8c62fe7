/** The facade's media and templates test (test/facade-media-templates.test.ts): one harness, its calls. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { WhatsAppAPI } from 'whatsapp-api-js';
import type { Harness } from '../harness.js';

export interface FacadeScope {
  h: Harness;
  /** whatsapp-api-js, its fetch pointed at `<h.url>/graph`, the live key as its token. */
  api: WhatsAppAPI;
  pnid: string;
  waba: string;
  /** The account's token at the simulator (to read its own view). */
  simToken: string;
}

export const sample = (name: string) => fs.readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A call to the facade: `path` under /graph (or a whole URL), Bearer `key` (the live key by default). */
export async function graph(
  h: Harness,
  method: string,
  path: string,
  o: { key?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
) {
  const res = await fetch(path.startsWith('http') ? path : `${h.url}/graph${path}`, {
    method,
    headers: {
      authorization: `Bearer ${o.key ?? h.account.liveKey}`,
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : o.form ? { body: o.form } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A multipart upload form: `fields`, then the file. */
export function form(file: Buffer, type: string, name: string, fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return f;
}

/** The simulator's own view of a template, by name (its Graph API, the account's token). */
export async function atPlatform(s: FacadeScope, name: string) {
  const res = await fetch(
    `${s.h.simUrl}/v25.0/${s.waba}/message_templates?name=${name}&fields=name,status,components`,
    { headers: { authorization: `Bearer ${s.simToken}` } },
  );
  return ((await res.json()) as any).data.find((t: any) => t.name === name);
}

/** The platform's review of a template (the simulator's control API). */
export function review(h: Harness, id: string, decision: 'APPROVED' | 'REJECTED') {
  return fetch(`${h.simUrl}/_simulator/templates/${id}/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ decision, ...(decision === 'REJECTED' ? { reason: 'INVALID_FORMAT' } : {}) }),
  });
}
