// test-runner: no database
/**
 * Where a media download may take the account's token (docs/platform.md §3.1), as a rule: the
 * Graph base's own origin whatever its scheme, the platform's media hosts over https (http only
 * when allowed), nothing else; and the settings that say so (PLATFORM_MEDIA_HOSTS,
 * PLATFORM_ALLOW_HTTP, the download settings of docs/api.md §D14).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { ConfigError } from '../src/lib/env-values.js';
import { downloadDeadlineMs, downloadJobLeaseMs, DEFAULT_INBOUND_MEDIA_POLICY } from '../src/media/inbound.rules.js';
import { checkMediaUrl, type MediaUrlPolicy } from '../src/platform/cloud-api/media-url-policy.js';
import { PlatformError } from '../src/platform/platform.js';

const META: MediaUrlPolicy = {
  graphUrl: 'https://graph.facebook.com/v23.0',
  hosts: ['lookaside.fbsbx.com'],
  allowHttp: false,
};
const SIMULATOR: MediaUrlPolicy = {
  graphUrl: 'http://127.0.0.1:3001/v23.0',
  hosts: ['lookaside.fbsbx.com'],
  allowHttp: false,
};
const LOOKASIDE = 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1&ext=2&hash=3';

function refusal(url: string, policy: MediaUrlPolicy): string {
  try {
    checkMediaUrl(url, policy);
  } catch (err) {
    assert.ok(err instanceof PlatformError && err.kind === 'refused', String(err));
    return err.message;
  }
  assert.fail(`${url} was allowed`);
}

describe('the media URL policy', () => {
  it("allows Meta's media host over https (any case, a trailing dot), reached through the address guard", () => {
    for (const url of [
      LOOKASIDE,
      'https://LOOKASIDE.fbsbx.com./whatsapp_business/attachments/?mid=1',
      'https://lookaside.fbsbx.com:443/x',
    ]) {
      assert.equal(checkMediaUrl(url, META).graphOrigin, false, url);
    }
  });

  it("allows the configured Graph base's own origin whatever its scheme (the simulator's http on loopback), reached as Graph calls are", () => {
    assert.equal(
      checkMediaUrl('http://127.0.0.1:3001/whatsapp_business/attachments/?mid=1', SIMULATOR).graphOrigin,
      true,
    );
    assert.equal(checkMediaUrl('https://graph.facebook.com/v23.0/123/download', META).graphOrigin, true);
  });

  it('refuses every other host, port and scheme, naming the setting that would allow it', () => {
    assert.match(
      refusal('https://evil.example/x', META),
      /evil\.example, which is not one of the platform's media hosts \(PLATFORM_MEDIA_HOSTS: lookaside\.fbsbx\.com\)/,
    );
    assert.match(refusal('http://127.0.0.1:3002/x', SIMULATOR), /not one of the platform's media hosts/);
    assert.match(
      refusal('https://127.0.0.1:3001/x', SIMULATOR),
      /not one of the platform's media hosts/,
      'another scheme is another origin',
    );
    assert.match(refusal('https://lookaside.fbsbx.com.evil.example/x', META), /not one of the platform's media hosts/);
    assert.match(
      refusal('http://lookaside.fbsbx.com/x', META),
      /not https:\/\/ \(PLATFORM_ALLOW_HTTP=true allows http:\/\/\)/,
    );
    assert.equal(checkMediaUrl('http://lookaside.fbsbx.com/x', { ...META, allowHttp: true }).graphOrigin, false);
    assert.match(refusal('ftp://lookaside.fbsbx.com/x', { ...META, allowHttp: true }), /not https/);
    assert.match(refusal('https://user:secret@lookaside.fbsbx.com/x', META), /user name or password/);
    assert.match(refusal('not a url', META), /not an absolute URL/);
  });

  it('refuses a media host written as a non-public address (never looked up, so never seen by the guard)', () => {
    const listed = { ...META, hosts: ['10.0.0.5', '127.0.0.1', '169.254.169.254'] };
    for (const url of ['https://10.0.0.5/x', 'https://127.0.0.1/x', 'https://169.254.169.254/latest/meta-data/'])
      assert.match(refusal(url, listed), /not a public address/, url);
  });
});

describe('the download settings', () => {
  it("default to Meta's host, https only, 4 slots of which 2 per account, 64 KB/s", () => {
    const c = loadConfig({});
    assert.deepEqual(
      [
        c.platformMediaHosts,
        c.platformAllowHttp,
        c.mediaDownloadConcurrency,
        c.mediaDownloadAccountLimit,
        c.mediaDownloadMinBytesPerSecond,
      ],
      [['lookaside.fbsbx.com'], false, 4, 2, 65536],
    );
    const set = loadConfig({
      PLATFORM_MEDIA_HOSTS: ' Lookaside.fbsbx.com , media.example. ',
      PLATFORM_ALLOW_HTTP: 'true',
      MEDIA_DOWNLOAD_CONCURRENCY: '8',
      MEDIA_DOWNLOAD_MIN_BYTES_PER_SECOND: '16384',
    });
    assert.deepEqual(
      [
        set.platformMediaHosts,
        set.platformAllowHttp,
        set.mediaDownloadAccountLimit,
        set.mediaDownloadMinBytesPerSecond,
      ],
      [['lookaside.fbsbx.com', 'media.example'], true, 4, 16384],
    );
  });

  it('refuse hosts with a scheme or port, and an account limit that would let one account hold every slot', () => {
    for (const [env, message] of [
      [{ PLATFORM_MEDIA_HOSTS: 'https://lookaside.fbsbx.com' }, /PLATFORM_MEDIA_HOSTS must be host names/],
      [{ PLATFORM_MEDIA_HOSTS: 'lookaside.fbsbx.com:443' }, /PLATFORM_MEDIA_HOSTS must be host names/],
      [
        { MEDIA_DOWNLOAD_CONCURRENCY: '4', MEDIA_DOWNLOAD_ACCOUNT_LIMIT: '4' },
        /MEDIA_DOWNLOAD_ACCOUNT_LIMIT \(4\) must be less than MEDIA_DOWNLOAD_CONCURRENCY \(4\)/,
      ],
    ] as const) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && message.test(err.message),
      );
    }
    assert.equal(
      loadConfig({ MEDIA_DOWNLOAD_CONCURRENCY: '1' }).mediaDownloadAccountLimit,
      1,
      "one slot is everyone's",
    );
  });

  it('give each download a deadline from its size limit, and the job a lease past the longest', () => {
    const MB = 1024 * 1024;
    const seconds = (bytes: number) => downloadDeadlineMs(bytes, DEFAULT_INBOUND_MEDIA_POLICY) / 1000;
    assert.deepEqual([seconds(5 * MB), seconds(16 * MB), seconds(100 * MB)], [110, 286, 1630]);
    assert.equal(downloadJobLeaseMs(DEFAULT_INBOUND_MEDIA_POLICY, 10_000), 1_630_000 + 20_000 + 60_000);
  });
});
