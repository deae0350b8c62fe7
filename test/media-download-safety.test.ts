/**
 * Customers' files downloaded safely (issue 23, items 1 and 2; docs/platform.md §3.1,
 * docs/api.md §D14): the account's token goes only to the platform's media hosts over https (through the
 * address guard) or to the configured Graph base's own origin, never along a redirect; a download
 * has a deadline from its size limit, one account's slow files never hold every slot, a copy of a
 * job does nothing once the file is settled, and the oldest pending download is measured.
 *
 * The service talks to the real simulator through a Graph stand-in (graph-proxy.ts) that passes
 * everything on, except what a scenario changes: a lookup answering an attacker's URL, a file that
 * drips in. The attacker's host records every connection made to it.
 *
 * The cases are in test/media-download-safety/; each describe here starts its own harness.
 */
import { after, before, describe } from 'node:test';
import { startGraphProxy, startRecorder, type GraphProxy, type Recorder } from './graph-proxy.js';
import { startHarness, type Harness } from './harness.js';
import { keptLogger, serviceThrough, type LogLine, type Service } from './media-download-safety/kit.js';
import { slowFileCases } from './media-download-safety/slow-files.js';
import { tokenCases } from './media-download-safety/token.js';
import { ALLOW_PRIVATE, type Receiver } from './receiver.js';

describe('where a media download takes the access token', () => {
  let h: Harness;
  let proxy: GraphProxy;
  let service: Service;
  let attacker: Recorder;
  const receivers: Receiver[] = [];
  before(async () => {
    // `localhost` is a media host here, so what keeps the token from it is the scheme or the address guard.
    h = await startHarness({ env: { ...ALLOW_PRIVATE, PLATFORM_MEDIA_HOSTS: 'lookaside.fbsbx.com,localhost' } });
    proxy = await startGraphProxy(h.simUrl);
    service = await serviceThrough(h, proxy, { inboundMediaPolicy: { retryDelaysMs: [30] } });
    attacker = await startRecorder();
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await service?.close();
    await proxy?.close();
    await attacker?.close();
    await h?.close();
  });

  tokenCases(() => ({ h, proxy, attacker, receivers }));
});

describe('slow files', () => {
  let h: Harness;
  let proxy: GraphProxy;
  let service: Service;
  const receivers: Receiver[] = [];
  const logs: LogLine[] = [];
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE });
    proxy = await startGraphProxy(h.simUrl);
    // Deadlines of seconds: 4 s, plus 5 MB (an image's limit) at 5 MB/s at least. One attempt.
    service = await serviceThrough(
      h,
      proxy,
      {
        inboundMediaPolicy: {
          retryDelaysMs: [],
          deadlineFloorMs: 4000,
          minBytesPerSecond: 5 * 1024 * 1024,
          settledCheckMs: 200,
        },
      },
      keptLogger(logs),
    );
  });
  after(async () => {
    for (const r of receivers) await r.close();
    proxy?.cutDrips();
    await service?.close();
    await proxy?.close();
    await h?.close();
  });

  slowFileCases(() => ({ h, proxy, service, receivers, logs }));
});
