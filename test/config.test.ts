/** Configuration is parsed once and checked: a bad value stops start-up with a clear message. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { ConfigError } from '../src/lib/env-values.js';
import { ROOT } from './helpers.js';

describe('config', () => {
  it('defaults to SQLite under ./data, port 3000 and the embedded simulator on 3001', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.database.dialect, 'sqlite');
    assert.match(c.database.dialect === 'sqlite' ? c.database.file : '', /data\/tidings\.sqlite$/);
    assert.deepEqual(c.platform, { mode: 'embedded-simulator', simulatorPort: 3001, graphVersion: 'v25.0' });
    assert.ok(Object.isFrozen(c));
  });

  it('serves no metrics unless METRICS_PORT or METRICS_TOKEN is set', () => {
    assert.deepEqual([loadConfig({}).metricsPort, loadConfig({}).metricsToken], [null, null]);
    const c = loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: ' 0123456789abcdef0123 ' });
    assert.deepEqual([c.metricsPort, c.metricsToken], [9464, '0123456789abcdef0123']);
  });

  it('binds a metrics listener without a token to this machine only, unless METRICS_HOST says otherwise', () => {
    assert.equal(loadConfig({ METRICS_PORT: '9464' }).metricsHost, '127.0.0.1');
    assert.equal(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: '0123456789abcdef0123' }).metricsHost, '0.0.0.0');
    assert.equal(
      loadConfig({ METRICS_PORT: '9464', HOST: '10.0.0.5', METRICS_TOKEN: '0123456789abcdef0123' }).metricsHost,
      '10.0.0.5',
    );
    assert.equal(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost, '0.0.0.0');
  });

  it('switches to PostgreSQL and the Graph API when configured', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      WHATSAPP_APP_SECRET: 's',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    assert.equal(c.database.dialect, 'postgres');
    assert.deepEqual(c.platform, {
      mode: 'graph',
      graphUrl: 'https://graph.facebook.com/v25.0',
      graphVersion: 'v25.0',
    });
    assert.equal(c.redisUrl, 'redis://127.0.0.1:6379');
  });

  it('sends at 96 % of the tier unless DISPATCH_TIER_SHARE says otherwise', () => {
    assert.equal(loadConfig({}).dispatchTierShare, 0.96);
    assert.equal(loadConfig({ DISPATCH_TIER_SHARE: '0.9' }).dispatchTierShare, 0.9);
  });

  for (const [env, pattern] of [
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be between/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ ENCRYPTION_KEY: 'short' }, /ENCRYPTION_KEY must be 32 bytes/],
    [{ WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v23.0' }, /WHATSAPP_APP_SECRET is required/],
    [{ WHATSAPP_APP_SECRET: 's', WHATSAPP_GRAPH_URL: 'not a url' }, /WHATSAPP_GRAPH_URL is not a valid URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' }, /WEBHOOK_ALLOW_PRIVATE_URLS/],
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT must be a whole number/],
    [{ METRICS_PORT: '0' }, /METRICS_PORT must be between 1 and 65535/],
    [{ METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT/],
    [{ METRICS_PORT: '3001' }, /METRICS_PORT must differ from SIMULATOR_PORT/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16/],
    [{ METRICS_TOKEN: 'has a space in the middle' }, /METRICS_TOKEN must be at least 16/],
    [{ DISPATCH_TIER_SHARE: 'most' }, /DISPATCH_TIER_SHARE must be a number such as 0.96/],
    [{ DISPATCH_TIER_SHARE: '1.2' }, /DISPATCH_TIER_SHARE must be between 0.5 and 1/],
  ] as const) {
    it(`refuses ${JSON.stringify(env)}`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && pattern.test(err.message),
      );
    });
  }

  it('stops `npm start` with the message and exit code 1', () => {
    const res = spawnSync(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(res.status, 1);
    assert.match(res.stderr, /Configuration error: PORT must be a whole number, got "eighty"/);
  });
});
