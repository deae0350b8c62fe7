/**
 * The calls the simulator's platform cases share, on the entry's simulator: a send through the
 * Graph API, and the error code a send's first settled status carries.
 */
import { PNID, type SimHarness } from '../conformance/sim.js';
import { eventually } from '../helpers.js';

/** The calls, on what `sim` gives when a case runs (after the entry's `before`). */
export function platformKit(sim: () => SimHarness) {
  /** `POST /v25.0/<pnid>/messages` with `body` (v25.0: a send may name a BSUID alone): the simulator's answer. */
  const send = (body: unknown, pnid = PNID) => sim().graph('POST', `/v25.0/${pnid}/messages`, body);
  /** The code of the first error on `wamid`'s `failed` status, or null once it is `sent` instead. */
  const failedCode = async (wamid: string) =>
    (
      await eventually(async () =>
        sim()
          .statuses(wamid)
          .find((x) => x.status === 'failed' || x.status === 'sent'),
      )
    ).errors?.[0]?.code ?? null;
  return { send, failedCode };
}
