/**
 * @tidings/client: a typed client for the Tidings API. The types (schema.ts) are generated from
 * the service's OpenAPI document by openapi-typescript (`npm run client:generate`); requests go
 * through openapi-fetch, so every path, parameter, body and answer is checked by the compiler
 * against the document, and the client itself is a few lines.
 *
 * ```ts
 * const tidings = createTidingsClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.TIDINGS_API_KEY! });
 * const { data, error } = await tidings.POST('/v1/messages', {
 *   params: { header: idempotencyKey('order-1042-shipped') },
 *   body: { to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' },
 * });
 * ```
 *
 * Every call answers `{ data, error, response }`: `data` on a 2xx, else `error`, the error envelope
 * (branch on `error.error.code`). Nothing throws for an HTTP error; a network failure rejects.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { eventTypeValues, type components, type paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

export interface TidingsClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service runs, e.g. `http://localhost:3000` (without `/v1`: the paths carry it). */
  baseUrl: string;
  /** A live (`sk_live_…`) or test (`sk_test_…`) key, sent as `x-api-key` with every request. */
  apiKey: string;
}

/** A client of the Tidings API: `GET`, `POST`, `PATCH`, `DELETE` over the document's paths. */
export type TidingsClient = Client<paths>;

/** Makes a client that sends `apiKey` with every request (over any `x-api-key` in `headers`). */
export function createTidingsClient({ baseUrl, apiKey, ...options }: TidingsClientOptions): TidingsClient {
  if (!apiKey) throw new TypeError('createTidingsClient: apiKey is required (a sk_live_… or sk_test_… key).');
  const client = createClient<paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set('x-api-key', apiKey);
      return request;
    },
  });
  return client;
}

/** What the service accepts as an Idempotency-Key: 1–255 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The `Idempotency-Key` header, for `params.header`: a retry with the same key and body replays the
 * first answer (`Idempotent-Replayed: true`) and never sends twice. Name the key after what the
 * request does (`order-1042-shipped`) so a retry after a crash reuses it; without one, a random
 * key is made (safe for retries of this one call only). Keys live 24 hours.
 * @throws TypeError when `key` is not 1–255 visible ASCII characters (the service would answer
 *   400 idempotency_key_invalid).
 */
export function idempotencyKey(key: string = globalThis.crypto.randomUUID()): { 'idempotency-key': string } {
  if (!IDEMPOTENCY_KEY.test(key)) throw new TypeError('idempotencyKey: a key is 1 to 255 visible ASCII characters.');
  return { 'idempotency-key': key };
}

type Schemas = components['schemas'];
/** The resources, as the service answers them. */
export type Message = Schemas['Message'];
export type Contact = Schemas['Contact'];
/** An erasure of customers, `GET /v1/erasures/{id}` (docs/api.md §D28). */
export type Erasure = Schemas['Erasure'];
export type InboundMessage = Schemas['InboundMessage'];
export type Template = Schemas['Template'];
/** One entry of a template's history, `GET /v1/templates/{id}/history`. */
export type TemplateChange = Schemas['TemplateChange'];
/** The answer of `POST /v1/templates/sync`: templates imported, updated (each field before and after) and deleted, by id. */
export type TemplateSyncResult = Schemas['TemplateSyncResult'];
export type Media = Schemas['Media'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type Event = Schemas['Event'];
export type Delivery = Schemas['Delivery'];
/** The answer of `GET /v1/analytics/messages` (docs/api.md §D22). */
export type MessageAnalytics = Schemas['MessageAnalytics'];
export type PricingTier = Schemas['PricingTier'];
export type PhoneNumber = Schemas['PhoneNumber'];
/** The answer of `GET /v1/account/signals`: the account's standing at the platform (docs/api.md §D24). */
export type AccountSignals = paths['/v1/account/signals']['get']['responses'][200]['content']['application/json'];
export type Account = Schemas['Account'];
export type MediaUsage = paths['/v1/media/usage']['get']['responses'][200]['content']['application/json'];
/** A batch send (`bat_`), its messages counted by status. */
export type Batch = Schemas['Batch'];
/** The answer of `POST /v1/messages/batch`: the batch, and each item's message or refusal, in order. */
export type SendBatchResult = paths['/v1/messages/batch']['post']['responses'][201]['content']['application/json'];
/** The answer of `POST /v1/messages/batch?dryRun=true`. */
export type DryRunResult = paths['/v1/messages/batch']['post']['responses'][200]['content']['application/json'];
/** One item's refusal in a batch (`data[i]` with `error`, or `error.items[i]` of `batch_rejected`). */
export type ItemError = Schemas['ItemError'];
/** Every error's body; branch on `error.code`. */
export type ErrorEnvelope = Schemas['ErrorEnvelope'];
export type ErrorCode = ErrorEnvelope['error']['code'];
/** One problem of a body that was refused whole (`error.issues`). */
export type Issue = NonNullable<ErrorEnvelope['error']['issues']>[number];
/** An entry of a contact's conversation, `GET /v1/contacts/{id}/messages`: a message of either direction. */
export type TimelineEntry =
  paths['/v1/contacts/{id}/messages']['get']['responses'][200]['content']['application/json']['data'][number];
/** A page of any list: `data` in the list's order, `has_more` when `starting_after` the last item gives more. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
}
/** An event's type (`message.sent`…). */
export type EventType = Event['type'];
/** Every event type the service sends, in the document's order (generated with the types). */
export const EVENT_TYPES: readonly EventType[] = eventTypeValues;
/** The body of `POST /v1/messages`: a text, template or media message. */
export type SendMessageBody = NonNullable<paths['/v1/messages']['post']['requestBody']>['content']['application/json'];
