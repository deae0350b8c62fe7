// test-runner: no database
/**
 * Conformance, Graph API answers and requests. Every response fixture is compared with the
 * simulator's answer in the same situation (test/conformance/shape.ts); every request fixture (a body
 * Tidings or a client library sends) must be taken by the simulator as Meta takes it, with Meta's
 * placeholders (`{{Recipient-Phone-Number}}`, `<IMAGE_OBJECT_ID>`, `template-name`, `4::aW...`)
 * replaced by real values. The cases are in test/conformance-graph/, a module a subject, all on this
 * file's one simulator.
 */
import { after, before, describe } from 'node:test';
import { PNID, TOKEN, startSim, type SimHarness } from './conformance/sim.js';
import { errorCases } from './conformance-graph/errors.js';
import { to, type GraphSim } from './conformance-graph/kit.js';
import { mediaCases } from './conformance-graph/media.js';
import { requestCases } from './conformance-graph/requests.js';
import { templateCases } from './conformance-graph/templates.js';

describe('conformance: Graph API answers and requests, against the fixtures', () => {
  let s: SimHarness;
  let handle: string;
  before(async () => {
    // Reviews by hand: a template created without a decision stays PENDING however long the calls take.
    s = await startSim({ review: 'manual' });
    await s.control('POST', '/_simulator/inbound', { from: to, to: PNID, text: 'hi' });
    const open = await s.graph(
      'POST',
      '/v23.0/100000000000001/uploads?file_name=a.jpg&file_length=4&file_type=image/jpeg',
    );
    handle = (
      await s.graph('POST', `/v23.0/${open.body.id}`, undefined, {
        raw: 'abcd',
        headers: { authorization: `OAuth ${TOKEN}`, file_offset: '0' },
      })
    ).body.h;
  });
  after(() => s.close());
  const graph = (): GraphSim => ({ s, handle });

  errorCases(graph);
  mediaCases(graph);
  templateCases(graph);
  requestCases(graph);
});
