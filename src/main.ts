/**
 * `npm start`: loadConfig → buildDeps → buildApp → listen, with the embedded simulator when no Cloud
 * API credentials are configured, a demo account on an empty database, and graceful shutdown.
 */
import path from 'node:path';
import { buildApp, buildMetricsApp } from './app.js';
import { loadConfig } from './config.js';
import { ConfigError } from './lib/env-values.js';
import { portsMessage, replacementPorts, unavailablePorts, type WantedPort } from './lib/ports.js';
import { buildDeps } from './deps.js';
import { shutdown } from './shutdown.js';
import { buildSimulator, StateFileError, type Simulator } from './simulator/app.js';
import { joinLink } from './people/one-time-links.js';

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

  // Every port this start listens on, checked before any is: one line names each that is taken.
  const wanted: WantedPort[] = [
    { variable: 'PORT', port: config.port, host: config.host },
    ...(config.platform.mode === 'embedded-simulator'
      ? [{ variable: 'SIMULATOR_PORT', port: config.platform.simulatorPort, host: '127.0.0.1' }]
      : []),
    ...(config.metricsPort !== null
      ? [{ variable: 'METRICS_PORT', port: config.metricsPort, host: config.metricsHost }]
      : []),
  ];
  const unavailable = await unavailablePorts(wanted);
  if (unavailable.length > 0) {
    console.error(portsMessage(unavailable, await replacementPorts(wanted, unavailable)));
    process.exit(1);
  }

  const deps = await buildDeps(config).catch((err: unknown) => {
    // An encryption key that cannot read the stored credentials (secrets.ts): what to do, in one line.
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Cannot start: ${err.message}`);
    return process.exit(1);
  });
  const { logger } = deps;
  let simulator: Simulator | null = null;
  const { platform } = config;
  if (platform.mode === 'embedded-simulator') {
    simulator = await buildSimulator({
      appSecret: deps.secrets.appSecret,
      webhookUrl: `http://127.0.0.1:${config.port}/platform/whatsapp/webhook`,
      stateFile: path.join(config.dataDir, 'simulator-state.json'),
      logger,
    }).catch((err: unknown) => {
      // A damaged state file: one line naming it and what to do (simulator/state-file.ts), not a stack trace.
      if (!(err instanceof StateFileError)) throw err;
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    });
    const sim = simulator;
    await listenOrExplain(
      () => sim.app.listen({ port: platform.simulatorPort, host: '127.0.0.1' }),
      'SIMULATOR_PORT',
      platform.simulatorPort,
    );
    // Accounts from before tokens were derived from the app secret hold random `sim_…` tokens:
    // the simulator learns them (and which WABA and numbers they serve) at every start.
    for (const account of await deps.accounts.listAccounts()) {
      if (!account.simulated) continue;
      const { accessToken } = await deps.accounts.credentialsForAccount(account.id);
      sim.registerToken(
        accessToken,
        account.wabaId,
        account.phoneNumbers.map((n) => n.phoneNumberId),
      );
    }
  }

  const app = await buildApp(deps);
  await listenOrExplain(() => app.listen({ port: config.port, host: config.host }), 'PORT', config.port);
  // Prometheus's own listener, off the public API (metrics/metrics.routes.ts).
  const metricsApp =
    config.metricsPort === null
      ? null
      : await buildMetricsApp({ metrics: deps.metrics, token: config.metricsToken, logger });
  if (metricsApp && config.metricsPort !== null) {
    const metricsPort = config.metricsPort;
    await listenOrExplain(
      () => metricsApp.listen({ port: metricsPort, host: config.metricsHost }),
      'METRICS_PORT',
      metricsPort,
    );
  }
  await deps.startBackground();

  const demo = config.platform.mode === 'embedded-simulator' ? await deps.keys.createDemoAccountIfEmpty() : null;
  if (demo && simulator) {
    // The simulator learns the demo number, and the service its tier, as for every other account at start.
    const { accessToken, wabaId } = await deps.accounts.credentialsForAccount(demo.accountId);
    simulator.registerToken(accessToken, wabaId, [demo.phoneNumberId]);
    await deps.tiers.refresh(demo.phoneNumberId);
  }
  const base = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Tidings is listening on ${base}  (dashboard: ${base}/dashboard, API docs: ${base}/docs)`,
    `Storage: ${config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL'}`,
    config.platform.mode === 'embedded-simulator'
      ? `Platform: the built-in Cloud API simulator on http://localhost:${config.platform.simulatorPort} (Graph API ${config.platform.graphVersion})`
      : `Platform: the Cloud API at ${config.platform.graphUrl}`,
  ];
  if (config.metricsPort !== null)
    lines.push(
      `Metrics: http://localhost:${config.metricsPort}/metrics${config.metricsToken ? ' (Authorization: Bearer <METRICS_TOKEN>)' : ' (this machine only: METRICS_HOST and METRICS_TOKEN open it wider)'}`,
    );
  else if (config.metricsToken !== null) lines.push(`Metrics: ${base}/metrics (Authorization: Bearer <METRICS_TOKEN>)`);
  if (demo) {
    lines.push(
      '',
      'A demo account was created (shown once; keys are stored only as hashes):',
      `  live key: ${demo.liveKey}`,
      `  test key: ${demo.testKey}`,
      `  business phone number id: ${demo.phoneNumberId}`,
      // The first owner's link (people/invitation.service.ts): whoever opens it first owns the account.
      `  make yourself its owner: ${joinLink(config.publicUrl ?? base, await deps.invitations.ownerLink(demo.accountId))}`,
    );
  } else {
    lines.push('', ...(await accountSummary(deps)));
  }
  console.log(lines.join('\n') + '\n');

  // Graceful shutdown (shutdown.ts): readiness 503 at once, drain within SHUTDOWN_TIMEOUT_MS, close.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'signal received');
    const { clean } = await shutdown({ app, deps, metricsApp, simulator, logger, timeoutMs: config.shutdownTimeoutMs });
    process.exit(clean ? 0 : 1);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The accounts this service holds, and how to get a key: keys are stored only as hashes, so a
 * later start cannot print them again.
 */
async function accountSummary(deps: Awaited<ReturnType<typeof buildDeps>>): Promise<string[]> {
  const accounts = await deps.accounts.listAccounts();
  if (accounts.length === 0)
    return ['No accounts yet. Create one with:', '  npx tidings accounts create --name "Acme"'];
  const shown = accounts
    .slice(0, 5)
    .map(
      (a) => `  ${a.id}  ${a.name}  business phone number id: ${a.phoneNumbers.map((n) => n.phoneNumberId).join(', ')}`,
    );
  const more =
    accounts.length > shown.length
      ? [`  … and ${accounts.length - shown.length} more (npx tidings accounts list)`]
      : [];
  return [
    `Accounts (keys are stored only as hashes, so they are not shown again):`,
    ...shown,
    ...more,
    'A new key:',
    `  npx tidings keys create --account ${accounts[0]!.id} --mode live`,
  ];
}

/**
 * Listens, or stops with one line naming the variable to change when the port is taken or not
 * allowed (instead of a stack trace): a port taken between the check at start and its listen.
 */
async function listenOrExplain(listen: () => Promise<unknown>, variable: string, port: number): Promise<void> {
  try {
    await listen();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why =
        code === 'EADDRINUSE'
          ? `port ${port} is already in use (another Tidings, or another program)`
          : `this user may not listen on port ${port}`;
      console.error(
        `Cannot start: ${why}. Stop the other program, or choose another port: ${variable}=${port === 3000 || port === 3001 ? port + 10 : port + 1} npm start`,
      );
      process.exit(1);
    }
    throw err;
  }
}

await main();
