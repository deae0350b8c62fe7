/**
 * Where a media download takes the access token: to a URL on the configured Graph base's own
 * origin, never to a host that is not a media host, the Graph base's host on another port, http:
 * on a media host, or a media host resolving to a private address, and never along a redirect.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { GraphProxy, Recorder } from '../graph-proxy.js';
import type { Harness } from '../harness.js';
import type { Receiver } from '../receiver.js';
import { imageTo, media, receivedEvent, subscribed } from './kit.js';

/** The harness, the Graph stand-in, the attacker's host (it records every connection) and the receivers to close. */
export interface TokenWorld {
  h: Harness;
  proxy: GraphProxy;
  attacker: Recorder;
  receivers: Receiver[];
}

export function tokenCases(world: () => TokenWorld): void {
  it("follows a URL on the configured Graph base's own origin (the simulator's, over http on loopback)", async () => {
    const { h, proxy, receivers } = world();
    const { account, receiver } = await subscribed(h, receivers, 'Plain');
    const sent = await imageTo(h, account.phoneNumberId);
    const object = await receivedEvent(receiver, sent.wamid);
    assert.deepEqual(media(object), ['stored', null]);
    assert.equal(proxy.downloads.get(sent.mediaId), 1);
  });

  const attacks: Array<[string, (port: number) => string]> = [
    ['a host that is not a media host', (port) => `http://127.0.0.1:${port}/whatsapp_business/attachments/?mid=1`],
    [
      "the Graph base's host on another port",
      (port) => `http://127.0.0.1:${port}/v23.0/whatsapp_business/attachments/?mid=2`,
    ],
    ['http: on a media host', (port) => `http://localhost:${port}/whatsapp_business/attachments/?mid=3`],
    [
      'a media host whose name resolves to a private address (the address guard)',
      (port) => `https://localhost:${port}/whatsapp_business/attachments/?mid=4`,
    ],
  ];
  for (const [what, urlAt] of attacks) {
    it(`never connects to ${what}: the file fails at once with media_download_failed`, async () => {
      const { h, proxy, attacker, receivers } = world();
      const { account, receiver, token } = await subscribed(h, receivers, 'Target');
      const before = { connections: attacker.connections, requests: attacker.requests.length };
      proxy.lookup = (_id, caller) => (caller === token ? urlAt(attacker.port) : undefined);
      try {
        const sent = await imageTo(h, account.phoneNumberId);
        const object = await receivedEvent(receiver, sent.wamid);
        const reached = attacker.requests.slice(before.requests).map((r) => r.headers.authorization);
        assert.deepEqual(
          [attacker.connections - before.connections, reached],
          [0, []],
          "nothing reached the attacker's host (connections, Authorization headers)",
        );
        assert.deepEqual(media(object), ['failed', 'media_download_failed']);
        assert.equal(proxy.lookups.get(sent.mediaId), 1, 'refused for good at the first attempt');
      } finally {
        proxy.lookup = () => undefined;
      }
    });
  }

  it('does not follow a redirect from the media URL', async () => {
    const { h, proxy, attacker, receivers } = world();
    const { account, receiver, token } = await subscribed(h, receivers, 'Redirected');
    const before = attacker.connections;
    proxy.download = (_id, caller) =>
      caller === token ? { redirectTo: `http://127.0.0.1:${attacker.port}/steal` } : undefined;
    try {
      const sent = await imageTo(h, account.phoneNumberId);
      assert.deepEqual(media(await receivedEvent(receiver, sent.wamid)), ['failed', 'media_download_failed']);
    } finally {
      proxy.download = () => undefined;
    }
    assert.equal(attacker.connections - before, 0);
  });
}
