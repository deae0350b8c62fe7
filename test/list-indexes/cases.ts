/**
 * Every filter of every list under /v1 (the querystrings of the GET routes that page with
 * `starting_after`), with the repository call the service makes for it and the index that must
 * serve it (migration 0032, docs/api.md §D6). test/list-indexes.test.ts fails on a filter missing here.
 */
import type { Ctx, LISTS, Row } from './lists.js';

export interface Case {
  /** `GET /v1/…` as the route is registered. */
  route: string;
  /** The querystring's name of the filter; '' for the list without one. */
  filter: string;
  label: string;
  list: keyof typeof LISTS;
  /** The filter as the service hands it to the repository. */
  where: Row | ((c: Ctx) => Row);
  /** The rows it keeps (the behavioural check pages through them); none: the plan is checked only. */
  match?: (row: Row, c: Ctx) => boolean;
  /** The index, or one of the indexes, that must read it. */
  index: string[];
  /** The filter's column, which the index must search by (not test the rows it read for). */
  column?: string;
  /** Why the list's own index serves it: most rows match (dense), or the list is bounded. */
  why?: string;
}

type Match = Case['match'];
type Where = Case['where'];

/** A filter its own index searches by `column`. */
function served(
  route: string,
  label: string,
  list: Case['list'],
  where: Where,
  index: string,
  column: string,
  match?: Match,
): Case {
  return {
    route,
    filter: label.split('=')[0]!,
    label,
    list,
    where,
    index: [index],
    column,
    ...(match ? { match } : {}),
  };
}

/** A filter the list's own index serves, and why. */
function dense(
  route: string,
  label: string,
  list: Case['list'],
  where: Where,
  index: string[],
  why: string,
  match?: Match,
): Case {
  return { route, filter: label.split('=')[0]!, label, list, where, index, why, ...(match ? { match } : {}) };
}

/** A list without a filter (`filter` ''): its own index, searched by its scope's `column`. */
function plain(route: string, list: Case['list'], index: string, column: string): Case {
  return { route, filter: '', label: '(no filter)', list, where: {}, index: [index], column };
}

const M = 'GET /v1/messages';
const I = 'GET /v1/inbound_messages';
const C = 'GET /v1/contacts';
const S = 'GET /v1/suppressions';
const A = 'GET /v1/audit_events';
const DENSE_STATUS = 'most messages end in it: a page reads about limit ÷ its share rows of messages_list';
const TEMPLATES = 'bounded: at most 6,000 templates per WABA (docs/platform.md), read by the list index';
const TEMPLATE_FILTERS: Row = {
  status: { status: 'approved' },
  quality: { quality: 'RED' },
  category: { category: 'MARKETING' },
  source: { source: 'platform' },
  name: { name: 'order_update' },
  updatedAfter: { updatedAfter: '2026-01-01T00:00:00.000Z' },
};
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const is = (column: string, value: unknown) => (r: Row) => r[column] === value;

export const CASES: Case[] = [
  plain(M, 'messages', 'messages_list', 'account_id'),
  plain('GET /v1/inbound_messages', 'inbound', 'inbound_messages_list', 'account_id'),
  plain('GET /v1/contacts', 'contacts', 'contacts_activity', 'phone_number_id'),
  plain('GET /v1/suppressions', 'suppressions', 'suppressions_list', 'account_id'),
  plain('GET /v1/audit_events', 'audit', 'audit_events_list', 'chain'),
  plain('GET /v1/events', 'events', 'events_list', 'account_id'),
  plain('GET /v1/templates/', 'templates', 'templates_list', 'account_id'),
  plain('GET /v1/templates/:id/history', 'history', 'template_changes_by_template', 'template_id'),
  plain('GET /v1/media', 'media', 'media_list', 'account_id'),
  plain('GET /v1/webhook_endpoints', 'endpoints', 'webhook_endpoints_account', 'account_id'),
  plain('GET /v1/contacts/blocked', 'blocked', 'blocked_users_list', 'phone_number_id'),
  plain('GET /v1/contacts/:id/messages', 'timeline', 'messages_contact', 'contact_id'),
  plain('GET /v1/contacts/:id/messages', 'timeline', 'inbound_messages_contact', 'contact_id'),
  plain('GET /v1/batches', 'batches', 'batches_list', 'account_id'),
  plain('GET /v1/erasures', 'erasures', 'erasures_list', 'account_id'),
  plain('GET /v1/pricing_tiers', 'tiers', 'pricing_tiers_by_month', 'account_id'),
  ...['scheduled', 'accepted', 'sent', 'failed', 'canceled'].map((s) =>
    served(M, `status=${s}`, 'messages', { status: s }, 'messages_status_list', 'status', is('status', s)),
  ),
  ...['delivered', 'read'].map((s) =>
    dense(M, `status=${s}`, 'messages', { status: s }, ['messages_list'], DENSE_STATUS, is('status', s)),
  ),
  served(
    M,
    'to',
    'messages',
    { recipient: '+16505550042' },
    'messages_recipient_list',
    'recipient',
    is('recipient', '+16505550042'),
  ),
  served(M, 'batch', 'messages', { batchId: 'bat_none' }, 'messages_batch_order', 'batch_id'),
  served(
    M,
    'clientReference',
    'messages',
    { clientReference: 'order-1' },
    'messages_client_reference',
    'client_reference',
  ),
  ...['direct_send', 'template', 'free_form'].map((d) =>
    served(
      M,
      `deliveredAs=${d}`,
      'messages',
      { deliveredAs: d },
      'messages_delivered_as_list',
      'delivered_as',
      is('delivered_as', d),
    ),
  ),
  served(I, 'contact', 'inbound', { contactId: 'ct_none' }, 'inbound_messages_contact', 'contact_id'),
  ...['image', 'button', 'reaction', 'text'].map((t) =>
    served(I, `type=${t}`, 'inbound', { type: t }, 'inbound_messages_type_list', 'type', is('type', t)),
  ),
  served(I, 'since', 'inbound', { since: ago(600_000) }, 'inbound_messages_list', 'sent_at'),
  served(I, 'answering', 'inbound', { contextWamid: 'wamid.none' }, 'inbound_messages_context', 'context_message_id'),
  served(
    C,
    'windowOpen=true',
    'contacts',
    { windowOpen: true },
    'contacts_activity',
    'last_activity_at',
    (r, c) => r.last_inbound_at > c.windowStart,
  ),
  dense(
    C,
    'windowOpen=false',
    'contacts',
    { windowOpen: false },
    ['contacts_activity'],
    'most contacts: the rows skipped are the open windows, all within the last day of the index',
    (r, c) => !(r.last_inbound_at > c.windowStart),
  ),
  dense(
    C,
    'q',
    'contacts',
    { terms: ['customer'] },
    ['contact_words_search', 'contacts_search', 'contacts_activity'],
    "the search's own design (docs/api.md §D16): a word index (PostgreSQL's GIN, SQLite's FTS5), or windows of the list's covering index",
  ),
  served(
    S,
    'phone_number_id',
    'suppressions',
    (c) => ({ phoneNumberId: c.phoneNumberId }),
    'suppressions_number_list',
    'phone_number_id',
    (r) => r.phone_number_id !== null,
  ),
  served(
    S,
    'reason',
    'suppressions',
    { reason: 'blocked' },
    'suppressions_reason_list',
    'reason',
    is('reason', 'blocked'),
  ),
  served(
    S,
    'active=false',
    'suppressions',
    { active: false },
    'suppressions_lifted_list',
    'account_id',
    (r) => r.lifted_at !== null,
  ),
  dense(
    S,
    'active=true',
    'suppressions',
    { active: true },
    ['suppressions_list'],
    'most suppressions are active: a page reads about limit ÷ their share rows',
    is('lifted_at', null),
  ),
  served(
    A,
    'actorType',
    'audit',
    { actorType: 'cli' },
    'audit_events_actor_type_list',
    'actor_type',
    is('actor_type', 'cli'),
  ),
  served(
    A,
    'actorId',
    'audit',
    { actorId: 'actor_7' },
    'audit_events_actor_id_list',
    'actor_id',
    is('actor_id', 'actor_7'),
  ),
  served(
    A,
    'action',
    'audit',
    { action: 'suppression.lifted' },
    'audit_events_action_list',
    'action',
    is('action', 'suppression.lifted'),
  ),
  served(
    A,
    'objectType',
    'audit',
    { objectType: 'api_key' },
    'audit_events_object_type_list',
    'object_type',
    is('object_type', 'api_key'),
  ),
  served(A, 'objectId', 'audit', { objectId: 'obj_3' }, 'audit_events_object', 'object_id', is('object_id', 'obj_3')),
  served(A, 'since', 'audit', { since: ago(60_000) }, 'audit_events_list', 'created_at'),
  served(A, 'until', 'audit', { until: ago(300_000) }, 'audit_events_list', 'created_at'),
  served('GET /v1/events', 'type', 'events', { type: 'message.failed' }, 'events_type_list', 'type'),
  ...Object.keys(TEMPLATE_FILTERS).map((f) =>
    dense(
      'GET /v1/templates/',
      f,
      'templates',
      TEMPLATE_FILTERS[f],
      ['templates_list', 'templates_status_list', 'templates_name'],
      TEMPLATES,
    ),
  ),
];
