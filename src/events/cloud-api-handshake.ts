/**
 * The verification handshake of a `cloud_api` endpoint, as Meta does it before it saves an app's
 * callback URL (docs/api.md §D35; Meta's "Webhooks: verification requests"): `GET <callback>
 * ?hub.mode=subscribe&hub.challenge=<random>&hub.verify_token=<token>`, which must be answered 200
 * with exactly the challenge as its body. Through the events' transport, so the URL policy and the
 * address guard apply as for deliveries (url-policy.ts).
 */
import { randomInt } from 'node:crypto';
import { TidingsError } from '../errors.js';
import type { WebhookTransport } from './transport.js';

/**
 * Calls the handshake on `url` with `verifyToken` and a fresh challenge.
 * @throws TidingsError parameter_invalid (param `url`) when the answer is not 200 with the
 *   challenge as its whole body, or there is no answer within `timeoutMs`.
 */
export async function verifyCallback(
  transport: WebhookTransport,
  url: string,
  verifyToken: string,
  timeoutMs: number,
): Promise<void> {
  // Meta's challenges are decimal numbers (a whatsapp-api-js receiver echoes whatever it gets).
  const challenge = String(randomInt(1_000_000_000, 2_147_483_647));
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.challenge', challenge);
  target.searchParams.set('hub.verify_token', verifyToken);
  const outcome = await transport.get(
    target.toString(),
    { 'user-agent': 'Tidings-Webhooks/1.0 (Cloud API)' },
    { timeoutMs, bodyLimit: 256 },
  );
  if (outcome.statusCode === 200 && outcome.responseBody === challenge) return;
  const answered =
    outcome.statusCode === null
      ? `there was no answer (${outcome.error})`
      : `it answered ${outcome.statusCode} with ${JSON.stringify((outcome.responseBody ?? '').slice(0, 100))}`;
  throw new TidingsError(
    'parameter_invalid',
    `The callback URL did not verify: a GET with hub.mode=subscribe, hub.challenge and hub.verify_token must be answered 200 with exactly the challenge (${challenge}); ${answered}. Meta refuses to save such a callback too.`,
    { param: 'url' },
  );
}
