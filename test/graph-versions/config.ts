/**
 * The version setting (docs/api.md §D33): WHATSAPP_GRAPH_VERSION and WHATSAPP_GRAPH_URL read
 * together, checked at start; and the end-of-life standing by the clock, 90 days ahead and not before.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/lib/env-values.js';
import { DEFAULT_GRAPH_VERSION, GRAPH_VERSIONS, graphVersionStatus } from '../../src/lib/graph-versions.js';

const SECRET = { WHATSAPP_APP_SECRET: 's' };
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function configCases(): void {
  describe('the version setting', () => {
    it('speaks v25.0 by default, with Meta or the embedded simulator', () => {
      assert.equal(DEFAULT_GRAPH_VERSION, 'v25.0');
      assert.deepEqual(loadConfig(SECRET).platform, {
        mode: 'graph',
        graphUrl: 'https://graph.facebook.com/v25.0',
        graphVersion: 'v25.0',
      });
      const embedded = loadConfig({});
      assert.deepEqual([embedded.platform.mode, embedded.platform.graphVersion], ['embedded-simulator', 'v25.0']);
      assert.equal(loadConfig({ WHATSAPP_GRAPH_VERSION: 'v23.0' }).platform.graphVersion, 'v23.0');
    });

    it('appends WHATSAPP_GRAPH_VERSION to a URL without one, and keeps the version a URL ends with', () => {
      const platform = (env: Record<string, string>) => loadConfig({ ...SECRET, ...env }).platform;
      assert.deepEqual(platform({ WHATSAPP_GRAPH_VERSION: 'v26.0' }), {
        mode: 'graph',
        graphUrl: 'https://graph.facebook.com/v26.0',
        graphVersion: 'v26.0',
      });
      assert.deepEqual(platform({ WHATSAPP_GRAPH_URL: 'http://simulator:3001/', WHATSAPP_GRAPH_VERSION: 'v24.0' }), {
        mode: 'graph',
        graphUrl: 'http://simulator:3001/v24.0',
        graphVersion: 'v24.0',
      });
      // The setting of earlier releases goes on working, and may be repeated in the version's own setting.
      for (const env of <Record<string, string>[]>[
        { WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v23.0' },
        { WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v23.0', WHATSAPP_GRAPH_VERSION: 'v23.0' },
      ]) {
        assert.deepEqual(platform(env), {
          mode: 'graph',
          graphUrl: 'https://graph.facebook.com/v23.0',
          graphVersion: 'v23.0',
        });
      }
      // A version newer than Tidings' table is spoken; its end of life is not known.
      assert.equal(platform({ WHATSAPP_GRAPH_VERSION: 'v30.0' }).graphVersion, 'v30.0');
      assert.equal(graphVersionStatus('v30.0', Date.now()).known, false);
    });

    for (const [env, pattern] of [
      [
        { WHATSAPP_GRAPH_VERSION: '25.0' },
        /WHATSAPP_GRAPH_VERSION must name a Graph API version such as v25.0, got "25.0"/,
      ],
      [{ WHATSAPP_GRAPH_VERSION: 'v25' }, /WHATSAPP_GRAPH_VERSION must name a Graph API version/],
      [{ WHATSAPP_GRAPH_VERSION: 'latest' }, /WHATSAPP_GRAPH_VERSION must name a Graph API version/],
      [{ WHATSAPP_GRAPH_VERSION: 'v12.0' }, /v12\.0 is not one Meta lists, and older than v18\.0/],
      [{ ...SECRET, WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v2x' }, /WHATSAPP_GRAPH_URL must name a Graph API/],
      [
        { ...SECRET, WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v23.0', WHATSAPP_GRAPH_VERSION: 'v25.0' },
        /WHATSAPP_GRAPH_URL names Graph API version v23\.0 but WHATSAPP_GRAPH_VERSION is v25\.0/,
      ],
    ] as const) {
      it(`refuses ${JSON.stringify(env)}`, () => {
        assert.throws(
          () => loadConfig(env),
          (err: unknown) => err instanceof ConfigError && pattern.test(err.message),
        );
      });
    }
  });

  describe('end of life by the clock', () => {
    it('warns from 90 days before the end of life, not a day sooner, and calls the day itself expired', () => {
      // v25.0 is available until 2028-07-29 (Meta's table); 90 days before is 2028-04-30.
      const before = graphVersionStatus('v25.0', at('2028-04-29'));
      assert.deepEqual([before.daysLeft, before.warning, before.expired], [91, null, false]);
      const lastMsBefore = graphVersionStatus('v25.0', at('2028-04-30') - 1);
      assert.equal(lastMsBefore.warning, null);
      const within = graphVersionStatus('v25.0', at('2028-04-30'));
      assert.equal(within.daysLeft, 90);
      assert.match(within.warning!, /^Graph API v25\.0 reaches its end of life on 2028-07-29 \(in 90 days\)/);
      assert.equal(graphVersionStatus('v25.0', at('2028-07-28')).warning?.includes('(in 1 day)'), true);
      const gone = graphVersionStatus('v25.0', at('2028-07-29'));
      assert.deepEqual([gone.daysLeft, gone.expired], [0, true]);
      assert.match(gone.warning!, /reached its end of life on 2028-07-29/);
      // A version Meta has not given a date: never warned of.
      assert.deepEqual(graphVersionStatus('v26.0', at('2030-01-01')), {
        version: 'v26.0',
        known: true,
        releasedOn: '2026-07-29',
        endOfLife: null,
        daysLeft: null,
        expired: false,
        warning: null,
      });
    });

    it('carries a table whose versions are newest first and each outlives the one before it', () => {
      for (let i = 1; i < GRAPH_VERSIONS.length; i++) {
        const [newer, older] = [GRAPH_VERSIONS[i - 1]!, GRAPH_VERSIONS[i]!];
        assert.ok(newer.releasedOn > older.releasedOn, `${newer.version} after ${older.version}`);
        if (newer.endOfLife !== null) assert.ok(newer.endOfLife > older.endOfLife!, newer.version);
      }
    });
  });
}
