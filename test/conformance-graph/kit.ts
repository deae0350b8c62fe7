/**
 * What the Graph API conformance cases share: the entry's simulator and the handle of a file it
 * took by resumable upload (`GraphSim`), the customer whose window the entry opened, and the calls
 * the cases make: a WABA's token, a template created (and reviewed), a media upload, a fixture
 * addressed to the customer, a send checked as sent.
 */
import assert from 'node:assert/strict';
import { simulatorAccessToken } from '../../src/simulator/app.js';
import { PNID, SECRET, TOKEN, WABA, type SimHarness } from '../conformance/sim.js';
import { eventually } from '../helpers.js';

/** The entry's simulator (reviews by hand) and a resumable upload's handle, for media headers. */
export interface GraphSim {
  s: SimHarness;
  handle: string;
}

/** The customer who wrote first (the entry's `before`): their window is open for every case. */
export const to = '+16505551234';

/** The calls, on what `graph` gives when a case runs (after the entry's `before`). */
export function graphKit(graph: () => GraphSim) {
  const asWaba = (waba: string) => simulatorAccessToken(SECRET, waba);
  /** Creates a template in `waba` and, when it is PENDING and `decision` is given, reviews it so. */
  async function create(
    body: Record<string, unknown>,
    waba = WABA,
    decision: 'APPROVED' | 'REJECTED' | null = 'APPROVED',
  ) {
    const { s } = graph();
    const res = await s.graph('POST', `/v23.0/${waba}/message_templates`, body, { token: asWaba(waba) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (decision && res.body.status === 'PENDING')
      await s.control('POST', `/_simulator/templates/${res.body.id}/review`, { decision });
    return res.body as { id: string; status: string; category: string };
  }
  /** Uploads a few bytes as `name` of type `type` to the number's media: the platform's answer. */
  async function upload(type: string, name: string) {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('file', new Blob([Buffer.from('bytes')], { type }), name);
    const res = await fetch(`${graph().s.base}/v23.0/${PNID}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    return (await res.json()) as { id: string };
  }
  /** A fixture with Meta's `{{Recipient-Phone-Number}}` replaced by the customer's number. */
  const fill = (body: any) => JSON.parse(JSON.stringify(body).replaceAll('{{Recipient-Phone-Number}}', to));
  /** Asserts a send was answered 200 and its first status is `sent`. */
  const sent = async (res: { status: number; body: any }, name: string) => {
    assert.equal(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
    const first = await eventually(async () => graph().s.statuses(res.body.messages[0].id)[0]);
    assert.equal(first.status, 'sent', `${name}: ${JSON.stringify(first.errors ?? '')}`);
  };
  return { asWaba, create, upload, fill, sent };
}
