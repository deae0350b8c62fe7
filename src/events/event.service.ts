/**
 * Events (docs/api.md §D10): recorded in the same transaction as the change that causes them, with a
 * delivery (and its job) for every enabled endpoint subscribed to the type; listed and redelivered
 * on request for the account's retention of events (30 days by default; removed by the retention
 * sweep, privacy/retention/).
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { AuthContext } from '../http/access.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { paginate, type Page } from '../http/paging.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { ReadThroughCache } from '../lib/cache.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import * as repo from './event.repository.js';
import { contactOf } from './event-contact.js';
import { subscription } from './subscription.js';
import type { Delivery, Event, EventType, ListEventsQuery, RedeliverBody } from './event.schemas.js';

/** The job that makes one delivery attempt; its payload is `{ deliveryId }`. */
export const DELIVER_JOB = 'events.deliver';

/** An event to record: the resource is embedded as its GET returns it at this moment. */
export interface NewEvent {
  accountId: string;
  mode: 'live' | 'test';
  type: EventType;
  object: unknown;
  /** The contact (`ct_`) the event is about; absent: from the object (`contactOf`). */
  contactId?: string | null;
  /**
   * The business number it is about (a message's, a customer message's): what routes it to the
   * `cloud_api` endpoints of that number (docs/api.md §D35). Absent: none.
   */
  phoneNumberId?: string | null;
}

export interface EventServiceOptions {
  store: Store;
  jobs: JobQueue;
  clock: Clock;
  /** Records a redelivery asked for (`event.redelivered`, docs/api.md §D27) in its unit. */
  audit: Pick<AuditTrail, 'record'>;
}

export class EventService {
  readonly #o: EventServiceOptions;
  /** Each account's enabled endpoints, until one changes in any process (db/change-feed.ts). */
  readonly #endpoints = new ReadThroughCache<{ rows: repo.EndpointRow[] }>(10_000);

  constructor(options: EventServiceOptions) {
    this.#o = options;
    options.store.changes.subscribe('webhook_endpoints', (accountId) => this.#endpoints.invalidate(accountId));
  }

  /**
   * Records events inside the caller's transaction `trx` (from `writes.run`), so they exist if and
   * only if the change that caused them commits, and schedules their deliveries in it too. The
   * payload is serialised once: every attempt sends the same bytes. A few queries per call
   * whatever the number of events.
   */
  async record(trx: Tx, events: NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const now = this.#o.clock.now();
    const createdAt = iso(now);
    const rows: repo.EventRow[] = events.map((e) => {
      const id = newId('evt', now);
      const body: Event = {
        id,
        type: e.type,
        createdAt,
        data: { object: e.object },
        ...(e.mode === 'test' ? { testMode: true as const } : {}),
      };
      return {
        id,
        account_id: e.accountId,
        mode: e.mode,
        type: e.type,
        payload: JSON.stringify(body),
        created_at: createdAt,
        contact_id: e.contactId !== undefined ? e.contactId : contactOf(e.object),
        phone_number_id: e.phoneNumberId ?? null,
      };
    });
    await repo.insertEvents(trx, rows);
    const endpoints: repo.EndpointRow[] = [];
    for (const accountId of new Set(events.map((e) => e.accountId))) {
      endpoints.push(
        ...(await this.#endpoints.get(accountId, async () => ({
          rows: await repo.enabledEndpoints(trx, [accountId]),
        })))!.rows,
      );
    }
    if (endpoints.length === 0) return;
    // Each endpoint's subscription is read once, not once per event of the batch.
    const subscriptions = endpoints.map((endpoint) => ({ endpoint, receives: subscription(endpoint) }));
    const deliveries: repo.DeliveryRow[] = [];
    for (const event of rows) {
      for (const { endpoint, receives } of subscriptions) {
        if (endpoint.account_id === event.account_id && endpoint.mode === event.mode && receives(event)) {
          deliveries.push(newDelivery(event.id, endpoint.id, createdAt));
        }
      }
    }
    await this.#schedule(trx, deliveries, now);
  }

  /**
   * A page of the key's events (account and mode), newest first.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  list(auth: AuthContext, query: ListEventsQuery): Promise<Page<Event>> {
    const db = this.#o.store.read;
    return paginate(query, {
      cursor: (id) => repo.findEvent(db, auth.accountId, auth.mode, id),
      page: (limit, after) =>
        repo.listEvents(db, {
          accountId: auth.accountId,
          mode: auth.mode,
          limit,
          ...(query.type ? { type: query.type } : {}),
          ...(after ? { after } : {}),
        }),
      map: (r) => JSON.parse(r.payload) as Event,
      noun: 'event',
    });
  }

  /** @throws TidingsError event_not_found */
  async get(auth: AuthContext, id: string): Promise<Event> {
    return JSON.parse((await this.#find(auth, id)).payload) as Event;
  }

  /**
   * The deliveries of an event, each with its attempts (status code, duration, first 1 KB of the answer).
   * @throws TidingsError event_not_found
   */
  async deliveries(auth: AuthContext, id: string): Promise<{ data: Delivery[] }> {
    const event = await this.#find(auth, id);
    const { deliveries, attempts } = await repo.deliveriesOfEvent(this.#o.store.read, event.id);
    return {
      data: deliveries.map((d) =>
        toDelivery(
          d,
          attempts.filter((a) => a.delivery_id === d.id),
        ),
      ),
    };
  }

  /**
   * Sends an event again (the same id and bytes, freshly signed): a new delivery to the named
   * endpoint, or to every enabled endpoint subscribed to its type.
   * @throws TidingsError event_not_found; webhook_endpoint_not_found; parameter_invalid when the
   *   endpoint is disabled, or when no enabled endpoint receives this type.
   */
  async redeliver(auth: AuthContext, id: string, body: RedeliverBody): Promise<{ data: Delivery[] }> {
    const event = await this.#find(auth, id);
    let targets: repo.EndpointRow[];
    if (body.endpointId !== undefined) {
      const endpoint = await repo.findEndpoint(this.#o.store.read, auth.accountId, auth.mode, body.endpointId);
      if (!endpoint)
        throw new TidingsError('webhook_endpoint_not_found', `No webhook endpoint ${body.endpointId}.`, {
          param: 'endpointId',
        });
      if (!endpoint.enabled)
        throw new TidingsError(
          'parameter_invalid',
          `Webhook endpoint ${endpoint.id} is disabled; enable it (PATCH enabled: true) first.`,
          { param: 'endpointId' },
        );
      if (endpoint.format === 'cloud_api' && !subscription(endpoint)(event))
        throw new TidingsError(
          'parameter_invalid',
          `Webhook endpoint ${endpoint.id} is a Cloud API app, sent only the relayed updates of its own number (docs/api.md §D35); event ${event.id} is not one.`,
          { param: 'endpointId' },
        );
      targets = [endpoint];
    } else {
      targets = (await repo.enabledEndpoints(this.#o.store.read, [auth.accountId])).filter(
        (e) => e.mode === auth.mode && subscription(e)(event),
      );
      if (targets.length === 0) {
        throw new TidingsError(
          'parameter_invalid',
          `No enabled webhook endpoint receives ${event.type} events; name one with endpointId.`,
          { param: 'endpointId' },
        );
      }
    }
    const now = this.#o.clock.now();
    const rows = targets.map((t) => newDelivery(event.id, t.id, iso(now)));
    await this.#o.store.write(async (trx) => {
      await this.#schedule(trx, rows, now);
      await this.#o.audit.record(trx, {
        action: 'event.redelivered',
        accountId: auth.accountId,
        mode: auth.mode,
        object: { type: 'event', id: event.id },
        after: { endpointIds: targets.map((t) => t.id), deliveryIds: rows.map((d) => d.id) },
      });
    });
    return { data: rows.map((d) => toDelivery(d, [])) };
  }

  /**
   * Rewrites the objects of the next `limit` events of an account and mode created in [from,
   * before), oldest first, after `after`, with `rewrite` (message-body retention, docs/api.md §D17):
   * later deliveries and reads carry what it returns. @returns where the batch ended (null: done).
   */
  async rewriteObjects(
    tx: Tx,
    range: {
      accountId: string;
      mode: 'live' | 'test';
      from: string | null;
      before: string;
      after: { at: string; id: string } | null;
      limit: number;
    },
    rewrite: (type: string, object: Record<string, unknown>) => Record<string, unknown>,
  ): Promise<{ at: string; id: string } | null> {
    const rows = await repo.eventsInRange(tx, range);
    if (rows.length === 0) return null;
    await repo.replacePayloads(
      tx,
      rows.map((r) => {
        const event = JSON.parse(r.payload) as Event;
        const object = event.data.object as Record<string, unknown> | null;
        return {
          id: r.id,
          payload: JSON.stringify(
            object && typeof object === 'object'
              ? { ...event, data: { ...event.data, object: rewrite(r.type, object) } }
              : event,
          ),
        };
      }),
    );
    const last = rows[rows.length - 1]!;
    return rows.length < range.limit ? null : { at: last.created_at, id: last.id };
  }

  async #schedule(trx: Tx, deliveries: repo.DeliveryRow[], now: number): Promise<void> {
    if (deliveries.length === 0) return;
    await repo.insertDeliveries(trx, deliveries);
    await this.#o.jobs.enqueue(
      trx,
      deliveries.map((d) => ({ type: DELIVER_JOB, payload: { deliveryId: d.id }, runAt: now })),
    );
    trx.afterCommit(() => this.#o.jobs.wake(DELIVER_JOB));
  }

  async #find(auth: AuthContext, id: string): Promise<repo.EventRow> {
    const row = await repo.findEvent(this.#o.store.read, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('event_not_found', `No event ${id}.`, { param: 'id' });
    return row;
  }
}

function newDelivery(eventId: string, endpointId: string, now: string): repo.DeliveryRow {
  return {
    id: newId('dlv'),
    event_id: eventId,
    endpoint_id: endpointId,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    created_at: now,
    updated_at: now,
  };
}

export function toDelivery(d: repo.DeliveryRow, attempts: repo.AttemptRow[]): Delivery {
  return {
    id: d.id,
    eventId: d.event_id,
    endpointId: d.endpoint_id,
    status: d.status,
    attemptCount: d.attempt_count,
    nextAttemptAt: d.next_attempt_at,
    createdAt: d.created_at,
    updatedAt: d.updated_at,
    attempts: attempts.map((a) => ({
      attemptedAt: a.attempted_at,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      responseBody: a.response_body,
      error: a.error,
    })),
  };
}
