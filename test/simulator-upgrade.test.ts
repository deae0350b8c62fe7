/**
 * A data directory from before simulated tokens were derived from the app secret: its accounts hold
 * random `sim_…` tokens. `npm start` (src/main.ts, a real process) registers them with the embedded
 * simulator, so such an account still sends.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, it } from 'node:test';
import { AccountService } from '../src/accounts/account.service.js';
import { KeyService } from '../src/accounts/key.service.js';
import { systemClock } from '../src/lib/clock.js';
import { SecretBox } from '../src/lib/crypto.js';
import { startHarness } from './harness.js';
import { eventually, ROOT } from './helpers.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('simulator: data directories from before derived tokens', () => {
  it('keeps an old simulated account with a random token working with the embedded simulator', async () => {
    const h = await startHarness();
    try {
      // As the service made simulated accounts before: no simulator secret, a random token.
      const old = new AccountService({
        store: h.deps.store,
        secretBox: new SecretBox(h.deps.secrets.encryptionKey),
        clock: systemClock,
      });
      const oldKeys = new KeyService({
        store: h.deps.store,
        clock: systemClock,
        accounts: old,
        audit: h.deps.audit,
        logger: h.deps.logger,
      });
      const account = await old.createAccount({ name: 'Old demo' });
      const key = (await oldKeys.createKey({ accountId: account.id, mode: 'live' })).key;
      assert.match(
        (await old.senderCredentials(account.phoneNumbers[0]!.phoneNumberId)).accessToken,
        /^sim_[0-9A-Za-z]{40}$/,
      );
      const [port, simPort] = [await freePort(), await freePort()];
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...h.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SIMULATOR_PORT: String(simPort),
        LOG_LEVEL: 'silent',
      };
      for (const k of ['WHATSAPP_GRAPH_URL', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']) delete env[k];
      const child = spawn(process.execPath, ['dist/main.js'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, 60_000);
        const inbound = await fetch(`http://127.0.0.1:${simPort}/_simulator/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from: '+16505557000', to: account.phoneNumbers[0]!.phoneNumberId, text: 'hi' }),
        });
        assert.equal(((await inbound.json()) as { webhook: string }).webhook, 'delivered');
        const send = await fetch(`http://127.0.0.1:${port}/v1/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ to: '+16505557000', type: 'text', text: 'still here' }),
        });
        assert.equal(send.status, 201, await send.text());
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    } finally {
      await h.close();
    }
  });
});
