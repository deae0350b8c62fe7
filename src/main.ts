/**
 * `npm start`: loadConfig → buildDeps → buildApp → listen, with the embedded simulator when no Cloud
 * API credentials are configured, a demo account on an empty database, and graceful shutdown.
 */
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { buildDeps } from './deps.js';
import { buildSimulator, type Simulator } from './simulator/app.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const deps = await buildDeps(config);
  const { logger } = deps;
  let simulator: Simulator | null = null;
  if (config.platform.mode === 'embedded-simulator') {
    simulator = await buildSimulator({
      appSecret: deps.secrets.appSecret,
      webhookUrl: `http://127.0.0.1:${config.port}/platform/whatsapp/webhook`,
      stateFile: path.join(config.dataDir, 'simulator-state.json'),
      logger,
    });
    await simulator.app.listen({ port: config.platform.simulatorPort, host: '127.0.0.1' });
  }

  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  await deps.startBackground();

  const demo = config.platform.mode === 'embedded-simulator' ? await deps.accounts.createDemoAccountIfEmpty() : null;
  const base = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Tidings is listening on ${base}  (API docs: ${base}/docs)`,
    `Storage: ${config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL'}`,
    config.platform.mode === 'embedded-simulator'
      ? `Platform: the built-in Cloud API simulator on http://localhost:${config.platform.simulatorPort}`
      : `Platform: the Cloud API at ${config.platform.graphUrl}`,
  ];
  if (demo) {
    lines.push(
      '',
      'A demo account was created (shown once; keys are stored only as hashes):',
      `  live key: ${demo.liveKey}`,
      `  test key: ${demo.testKey}`,
      `  business phone number id: ${demo.phoneNumberId}`,
    );
  }
  console.log(lines.join('\n') + '\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    deps.lifecycle.draining = true;
    await app.close();
    await simulator?.close();
    await deps.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
