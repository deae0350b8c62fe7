/**
 * The lists test/list-indexes.test.ts checks: each paged as its service pages it (the repository
 * call, with the filter's fields), and all its rows in its order, for the pages expected.
 */
import type { SelectQueryBuilder } from 'kysely';
import * as audit from '../../src/audit/audit.repository.js';
import * as suppressions from '../../src/consent/suppression.repository.js';
import { searchContacts } from '../../src/contacts/contact-search.repository.js';
import { listContacts } from '../../src/contacts/contact.repository.js';
import type { Reader } from '../../src/db/store.js';
import { page as pricingTiers } from '../../src/accounts/pricing-tier.repository.js';
import { listBlocks } from '../../src/contacts/block.repository.js';
import { listEndpoints, listEvents } from '../../src/events/event.repository.js';
import { listMedia } from '../../src/media/media.repository.js';
import { listBatches } from '../../src/messages/record/batch.repository.js';
import { contactTimeline } from '../../src/messages/record/message.repository.js';
import { listErasures } from '../../src/privacy/erasure/erasure.repository.js';
import { listInbound } from '../../src/messages/record/inbound.repository.js';
import { listMessages } from '../../src/messages/record/message-list.repository.js';
import { listTemplates } from '../../src/templates/template.repository.js';
import { changesOf as templateHistory } from '../../src/templates/template-history.repository.js';

/** The seeded account (bench/list-seed.ts), and the time a window must be open since. */
export interface Ctx {
  accountId: string;
  phoneNumberId: string;
  auditChain: string;
  windowStart: string;
}

export type Row = Record<string, any>;

/** One list: how the service pages it, and all its rows in its order (for the expected pages). */
export interface List {
  // biome-ignore lint/suspicious/noExplicitAny: a row of the list's table, as its repository takes it
  run(db: Reader, c: Ctx, where: Row, limit: number, after: any): Promise<Row[]>;
  /** Its rows in its order (for the lists whose filters' pages are checked). */
  all?(db: Reader, c: Ctx): SelectQueryBuilder<any, any, Row>;
}

const live = { mode: 'live' as const };

export const LISTS = {
  messages: {
    run: (db, c, where, limit, after) =>
      listMessages(db, { accountId: c.accountId, ...live, limit, ...(after ? { after } : {}), ...where }),
    all: (db, c) =>
      db
        .selectFrom('messages')
        .selectAll()
        .where('account_id', '=', c.accountId)
        .where('mode', '=', 'live')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
  },
  inbound: {
    run: (db, c, where, limit, after) =>
      listInbound(db, { accountId: c.accountId, ...live, limit, ...(after ? { after } : {}), ...where }),
    all: (db, c) =>
      db
        .selectFrom('inbound_messages')
        .selectAll()
        .where('account_id', '=', c.accountId)
        .where('mode', '=', 'live')
        .orderBy('sent_at', 'desc')
        .orderBy('id', 'desc'),
  },
  contacts: {
    run: (db, c, where, limit, after) => {
      const page: Row = { phoneNumberId: c.phoneNumberId, ...live, limit, ...(after ? { after } : {}), ...where };
      if (page.windowOpen !== undefined) page.windowStart = c.windowStart;
      return page.terms ? searchContacts(db, page as never) : listContacts(db, page as never);
    },
    all: (db, c) =>
      db
        .selectFrom('contacts')
        .selectAll()
        .where('phone_number_id', '=', c.phoneNumberId)
        .where('mode', '=', 'live')
        .orderBy('last_activity_at', 'desc')
        .orderBy('id', 'desc'),
  },
  suppressions: {
    run: (db, c, where, limit, after) =>
      suppressions.page(db, { accountId: c.accountId, ...live, ...where }, limit, after as never),
    all: (db, c) =>
      db
        .selectFrom('suppressions')
        .selectAll()
        .where('account_id', '=', c.accountId)
        .where('mode', '=', 'live')
        .orderBy('id', 'desc'),
  },
  audit: {
    run: (db, c, where, limit, after) => audit.page(db, { chain: c.auditChain, ...where }, limit, after as never),
    all: (db, c) =>
      db
        .selectFrom('audit_events')
        .selectAll()
        .where('chain', '=', c.auditChain)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
  },
  templates: {
    run: (db, c, where, limit, after) =>
      listTemplates(db, { accountId: c.accountId, limit, ...(after ? { after } : {}), ...where }),
    all: (db, c) => db.selectFrom('templates').selectAll().where('account_id', '=', c.accountId),
  },
  events: {
    run: (db, c, where, limit, after) =>
      listEvents(db, { accountId: c.accountId, ...live, limit, ...(after ? { after } : {}), ...where }),
    all: (db, c) => db.selectFrom('events').selectAll().where('account_id', '=', c.accountId),
  },
  // Lists without filters: their plans only.
  media: { run: (db, c, _w, limit) => listMedia(db, { accountId: c.accountId, ...live, limit }) },
  history: { run: (db, _c, _w, limit) => templateHistory(db, 'tpl_none', limit, undefined) },
  endpoints: { run: (db, c, _w, limit) => listEndpoints(db, { accountId: c.accountId, ...live, limit }) },
  blocked: { run: (db, c, _w, limit) => listBlocks(db, { phoneNumberId: c.phoneNumberId, ...live, limit }) },
  timeline: { run: (db, _c, _w, limit) => contactTimeline(db, 'ct_none', limit) as never },
  batches: { run: (db, c, _w, limit) => listBatches(db, { accountId: c.accountId, ...live, limit }) },
  erasures: { run: (db, c, _w, limit) => listErasures(db, c.accountId, 'live', limit, undefined) },
  tiers: { run: (db, c, _w, limit) => pricingTiers(db, c.accountId, limit, undefined) },
} satisfies Record<string, List>;
