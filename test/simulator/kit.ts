/**
 * What the cases of simulator.test.ts share: the number, WABA and token they use, Graph and control
 * calls to the simulator the entry started, the webhooks its receiver took (and the status it
 * answers them with), the statuses reported for a message, and the shape of a JSON value.
 */
import { simulatorAccessToken } from '../../src/simulator/app.js';
import { valueOf } from '../helpers.js';

export const SECRET = 'simulator-test-secret';
export const PNID = '106540352242922';
export const WABA = '102290129340398';
export const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;

/** Recursively the set of key paths of a JSON value (array items merged), for shape comparison. */
export function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shape(v, `${prefix}[]`)))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...shape(v, `${prefix}.${k}`)]);
  }
  return [];
}

/** A webhook the receiver took, and whether its signature verified. */
export interface Received {
  body: any;
  valid: boolean;
}

/**
 * The calls of the cases, on the simulator listening at `base()`; `answer` sets the HTTP status
 * the receiver answers webhooks with.
 */
export function simulatorKit(base: () => string, received: Received[], answer: (status: number) => void) {
  async function graph(body: unknown, token = TOKEN, pnid = PNID) {
    const res = await fetch(`${base()}/v23.0/${pnid}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function control(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const text = (to: string, extra: object = {}) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { preview_url: false, body: 'hi' },
    ...extra,
  });
  const statusesFor = (wamid: string) =>
    received.flatMap((r) => valueOf(r.body).statuses ?? []).filter((s: any) => s.id === wamid);
  return { base, received, answer, graph, control, text, statusesFor };
}
export type SimulatorKit = ReturnType<typeof simulatorKit>;
