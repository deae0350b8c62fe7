/**
 * What the cases of simulator-direct-send.test.ts share: the numbers and token they use, Graph and
 * control calls to the simulator the entry started, the statuses its webhooks reported, and a wait
 * until the simulator is idle (`GET /_simulator/idle`).
 */
import assert from 'node:assert/strict';
import type { ManualClock } from '../../src/lib/clock.js';
import { simulatorAccessToken } from '../../src/simulator/app.js';
import { valueOf } from '../helpers.js';

export const SECRET = 'direct-send-test-secret';
export const PNID = '106540352242977';
export const OTHER_PNID = '106540352242978';
export const WABA = '102290129340377';
export const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;
export const V = 'v24.0';

/** A webhook the receiver took, and whether its signature verified. */
export interface Received {
  body: any;
  valid: boolean;
}

/** The calls of the cases, on the simulator listening at `base()` (a restart moves it). */
export function directSendKit(base: () => string, clock: ManualClock, received: Received[]) {
  async function call(method: string, url: string, body?: unknown, token = TOKEN) {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const send = (body: object, pnid = PNID) =>
    call('POST', `/${V}/${pnid}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', ...body });
  const control = (method: string, url: string, body?: unknown) => call(method, url, body, '');
  const utilityText = (to: string, body: string, extra: object = {}) => ({
    to,
    type: 'text',
    text: { body },
    category: 'utility',
    ...extra,
  });
  const statusesFor = (wamid: string) =>
    received.flatMap((r) => valueOf(r.body).statuses ?? []).filter((s: any) => s.id === wamid);
  const statusNames = (wamid: string) => statusesFor(wamid).map((s: any) => s.status);
  /** Waits until the simulator has nothing in progress or pending: every status it was to report is in `received`. */
  const idle = async () => {
    const res = await control('GET', '/_simulator/idle');
    assert.equal(res.body.idle, true, `the simulator is still busy: ${JSON.stringify(res.body.pending)}`);
  };
  return { clock, received, call, send, control, utilityText, statusesFor, statusNames, idle };
}
export type DirectSendKit = ReturnType<typeof directSendKit>;
