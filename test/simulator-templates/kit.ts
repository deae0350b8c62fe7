/**
 * What the cases of simulator-templates.test.ts share: the WABA and token they use, Graph and
 * control calls to the simulator the entry started (and restarts), the template webhooks its
 * receiver took, Graph's 100 refusal, and a wait until the simulator is idle (`GET /_simulator/idle`).
 */
import assert from 'node:assert/strict';
import { simulatorAccessToken } from '../../src/simulator/app.js';
import { fieldOf, valueOf } from '../helpers.js';

export const SECRET = 'simulator-templates-test-secret';
export const WABA = '102290129340398';
export const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;
export const V = 'v24.0';

/** A webhook the receiver took, and whether its signature verified. */
export interface Received {
  body: any;
  valid: boolean;
}

/**
 * The calls of the cases, on the simulator listening at `base()`; `restart` closes it and starts
 * it again on its state file.
 */
export function templatesKit(base: () => string, received: Received[], restart: () => Promise<void>) {
  async function call(method: string, url: string, body?: unknown, token = TOKEN) {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const control = (method: string, url: string, body?: unknown) => call(method, url, body, '');
  const create = (body: object) => call('POST', `/${V}/${WABA}/message_templates`, body);
  /** The template webhooks (any template field) about template `id`. */
  const hooksAbout = (id: string) =>
    received
      .filter((r) => fieldOf(r.body).startsWith('message_template') || fieldOf(r.body) === 'template_category_update')
      .filter((r) => valueOf(r.body).message_template_id === Number(id));
  /** Waits until the simulator has nothing in progress or pending: every webhook it was to send is in `received`. */
  const idle = async () => {
    const res = await control('GET', '/_simulator/idle');
    assert.equal(res.body.idle, true, `the simulator is still busy: ${JSON.stringify(res.body.pending)}`);
  };
  const refusal = (res: { status: number; body: any }, pattern: RegExp) => {
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.error.code, res.body.error.type, res.body.error.message],
      [100, 'OAuthException', '(#100) Invalid parameter'],
    );
    assert.match(res.body.error.error_data.details, pattern);
  };
  return { call, control, create, hooksAbout, idle, refusal, restart };
}
export type TemplatesKit = ReturnType<typeof templatesKit>;
