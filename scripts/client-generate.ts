/**
 * Generates the typed client's types and enum values (clients/typescript/schema.ts) from the OpenAPI document the
 * service serves at /v1/openapi.json, with openapi-typescript. `npm run client:generate` writes the
 * checked-in file (or into the directory given as its argument); test/client.test.ts regenerates
 * into a temporary directory and diffs, so a change to a route or a schema that is not carried
 * into the client fails `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { buildDeps } from '../src/deps.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the checked-in client lives. */
export const CLIENT_DIR = path.join(ROOT, 'clients/typescript');
/** The generated file, relative to a client directory. */
export const SCHEMA_FILE = 'schema.ts';

/**
 * The OpenAPI document, exactly as `GET /v1/openapi.json` serves it: the app is built (on a
 * throwaway SQLite database, in the CLI's `admin` role: no job workers), made ready, asked for its
 * document, and closed. Nothing listens and nothing reaches the network.
 */
export async function openApiDocument(): Promise<OpenAPI3> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-openapi-'));
  try {
    const deps = await buildDeps(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      role: 'admin',
      logger: pino({ level: 'silent' }),
    });
    try {
      const app = await buildApp(deps);
      await app.ready();
      const document = app.swagger() as unknown as OpenAPI3;
      await app.close();
      return document;
    } finally {
      await deps.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The text of schema.ts for `document`: openapi-typescript's `paths`, `components` and
 * `operations` types, and the event types as a constant (`eventTypeValues`), read from the
 * document's `Event.type` enum, so a client (the dashboard's event type picker) lists them without
 * a copy of its own. (openapi-typescript's own `enumValues` option writes a constant for every
 * enum, but some of them do not compile under `strict` where the enum sits in a nullable object.)
 */
export async function clientSchema(document: OpenAPI3): Promise<string> {
  // `silent`: no notes on stderr; validation problems still throw.
  const ast = await openapiTS(document, { silent: true });
  const header = '// Generated from /v1/openapi.json by `npm run client:generate` (openapi-typescript). Do not edit.\n';
  const event = document.components?.schemas?.Event as { properties?: { type?: { enum?: unknown[] } } } | undefined;
  const eventTypes = event?.properties?.type?.enum;
  if (!eventTypes) throw new Error('The OpenAPI document has no Event.type enum.');
  const values = `\n/** Every event type, in the document's order. */\nexport const eventTypeValues = ${JSON.stringify(eventTypes)} as const satisfies readonly components["schemas"]["Event"]["type"][];\n`;
  return `${header}${astToString(ast)}${values}`;
}

/** Writes schema.ts into `dir`; answers its path. */
export async function generateClient(dir = CLIENT_DIR): Promise<string> {
  const file = path.join(dir, SCHEMA_FILE);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, await clientSchema(await openApiDocument()));
  return file;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = await generateClient(process.argv[2] ? path.resolve(process.argv[2]) : CLIENT_DIR);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
