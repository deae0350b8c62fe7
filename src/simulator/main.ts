/** `npm run simulator`: the Cloud API simulator alone (docs/api.md §D12). */
import pino from 'pino';
import { loadSimulatorConfig } from '../config.js';
import { ConfigError } from '../lib/env-values.js';
import { buildSimulator, StateFileError } from './app.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadSimulatorConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.logLevel });
  let sim;
  try {
    sim = await buildSimulator({
      appSecret: config.appSecret,
      webhookUrl: config.webhookUrl,
      stateFile: config.stateFile,
      logger,
    });
  } catch (err) {
    // A damaged state file: one line naming it and what to do, not a stack trace.
    if (err instanceof StateFileError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const address = await sim.app.listen({ port: config.port, host: config.host });
  logger.info({ address, webhookUrl: config.webhookUrl, stateFile: config.stateFile }, 'Cloud API simulator listening');
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
