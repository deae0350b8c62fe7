/**
 * A busy account's lists, written straight into a database the service migrated, in batches: the
 * list-filter benchmark (bench/list-filters.ts) and the plans test (test/list-indexes.test.ts).
 *
 * `messages` outbound messages one second apart, newest last: most `read` or `delivered`, one in
 * 100 `sent`, one in 300 `accepted`, one in 500 `failed`, one in 700 `canceled`, one in 1,000
 * `scheduled`; to 2,000 recipients round-robin (`+1650555####`). `inbound` customers' messages:
 * text, one in 50 an image, one in 200 a button, one in 500 a reaction. `contacts` contacts with
 * activity spread over `contacts` minutes back, one in ten with an open window. `suppressions` (one
 * in ten lifted, reasons round-robin, every other one for every number), and `audit` entries on
 * the chain `auditChain` (sealed: seq from 1).
 */
import { sql, type Insertable } from 'kysely';
import { foldStatChanges } from '../src/analytics/stats-fold.repository.js';
import type {
  AuditEventsTable,
  ContactsTable,
  InboundMessagesTable,
  MessagesTable,
  SuppressionsTable,
} from '../src/db/schema.js';
import type { Store } from '../src/db/store.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { contactSearchText } from '../src/lib/search-text.js';

const BATCH = 500;

export interface ListSeed {
  accountId: string;
  phoneNumberId: string;
  messages: number;
  inbound: number;
  contacts: number;
  suppressions: number;
  audit: number;
  /** The audit chain the entries go to (an account's id, or a chain of the seed's own). */
  auditChain: string;
  /** The newest row's time (ms); the default: now. */
  now?: number;
}

/** A message's status by its place (see the file's comment). */
export function seededStatus(i: number): MessagesTable['status'] {
  if (i % 1000 === 7) return 'scheduled';
  if (i % 700 === 5) return 'canceled';
  if (i % 500 === 3) return 'failed';
  if (i % 300 === 11) return 'accepted';
  if (i % 100 === 13) return 'sent';
  return i % 3 === 0 ? 'delivered' : 'read';
}

export const seededRecipient = (i: number) => `+1650555${String(i % 2000).padStart(4, '0')}`;

function inboundType(i: number): string {
  if (i % 500 === 1) return 'reaction';
  if (i % 200 === 2) return 'button';
  return i % 50 === 3 ? 'image' : 'text';
}

/** Writes the rows in units of 500, folds the aggregates' change log and runs ANALYZE. @returns the seconds it took. */
export async function seedLists(store: Store, s: ListSeed): Promise<number> {
  const start = performance.now();
  const now = s.now ?? Date.now();
  const live = { account_id: s.accountId, mode: 'live' as const };
  const chunks = async <T>(n: number, row: (i: number) => T, write: (rows: T[]) => Promise<unknown>) => {
    for (let i = 0; i < n; i += BATCH) {
      const rows: T[] = [];
      for (let j = i; j < Math.min(n, i + BATCH); j++) rows.push(row(j));
      await write(rows);
    }
  };
  await chunks(
    s.messages,
    (i): Insertable<MessagesTable> => {
      const at = iso(now - (s.messages - i) * 1000);
      const status = seededStatus(i);
      return {
        id: newId('msg'),
        ...live,
        phone_number_id: s.phoneNumberId,
        recipient: seededRecipient(i),
        contact_id: null,
        type: 'text',
        status,
        platform_message_id: status === 'scheduled' || status === 'canceled' ? null : `wamid.lists-${s.accountId}-${i}`,
        source: 'api',
        text: `message ${i}`,
        caption: null,
        media_id: null,
        template_id: null,
        reply_to: null,
        content: null,
        error_code: status === 'failed' ? '131026' : null,
        // Of five messages: a routed send gone out as a Direct Send, one as its fallback, one as written (GET /v1/messages?deliveredAs=).
        delivered_as: i % 5 === 0 ? 'direct_send' : i % 5 === 1 ? 'template' : i % 5 === 2 ? 'free_form' : null,
        error_message: null,
        sent_at: null,
        delivered_at: null,
        read_at: null,
        failed_at: null,
        created_at: at,
        updated_at: at,
      };
    },
    (rows) => store.write((tx) => tx.insertInto('messages').values(rows).execute()),
  );
  await chunks(
    s.inbound,
    (i): Insertable<InboundMessagesTable> => {
      const at = iso(now - (s.inbound - i) * 1000);
      const type = inboundType(i);
      return {
        id: newId('in'),
        ...live,
        phone_number_id: s.phoneNumberId,
        sender: seededRecipient(i),
        contact_id: null,
        read_at: null,
        platform_message_id: `wamid.lists-in-${s.accountId}-${i}`,
        type,
        text: type === 'text' ? `hello ${i}` : null,
        contact_name: null,
        context_message_id: null,
        payload: JSON.stringify({ type }),
        sent_at: at,
        created_at: at,
      };
    },
    (rows) => store.write((tx) => tx.insertInto('inbound_messages').values(rows).execute()),
  );
  await chunks(
    s.contacts,
    (i) => {
      const active = now - (s.contacts - i) * 60_000;
      const row: Insertable<ContactsTable> & { search_text: string } = {
        id: newId('ct'),
        account_id: s.accountId,
        phone_number_id: s.phoneNumberId,
        mode: 'live',
        phone: `+1415555${String(i).padStart(4, '0')}`,
        user_id: null,
        parent_user_id: null,
        profile_name: `Customer ${i}`,
        username: null,
        // One in ten wrote within the last day: its window is open.
        last_inbound_at: i % 10 === 0 ? iso(active) : iso(active - 2 * 86_400_000),
        last_outbound_at: iso(active),
        last_activity_at: iso(active),
        created_at: iso(active),
        updated_at: iso(active),
        search_text: '',
      };
      row.search_text = contactSearchText(row as never);
      return row;
    },
    (rows) => store.write((tx) => tx.insertInto('contacts').values(rows).execute()),
  );
  const reasons = ['opt_out_keyword', 'platform_preference', 'api', 'blocked'] as const;
  await chunks(
    s.suppressions,
    (i): Insertable<SuppressionsTable> => {
      const at = iso(now - (s.suppressions - i) * 1000);
      const phone = `+1212555${String(i).padStart(4, '0')}`;
      const everyNumber = i % 2 === 0;
      return {
        id: newId('sup'),
        ...live,
        phone_number_id: everyNumber ? null : s.phoneNumberId,
        contact_id: null,
        phone,
        bsuid: null,
        reason: reasons[i % reasons.length]!,
        scope: 'all',
        source: 'api',
        created_at: at,
        lifted_at: i % 10 === 0 ? at : null,
        lifted_by: i % 10 === 0 ? 'api' : null,
        customer_key: `${phone}||`,
        number_key: everyNumber ? '*' : s.phoneNumberId,
      };
    },
    (rows) => store.write((tx) => tx.insertInto('suppressions').values(rows).execute()),
  );
  const actors = ['user', 'key', 'cli', 'platform', 'system'];
  const actions = ['template.created', 'template.updated', 'suppression.lifted', 'api_key.created'];
  await chunks(
    s.audit,
    (i): Insertable<AuditEventsTable> => ({
      id: newId('aud'),
      chain: s.auditChain,
      seq: i + 1,
      actor_type: actors[i % actors.length]!,
      actor_id: `actor_${i % 40}`,
      actor_name: null,
      action: actions[i % actions.length]!,
      object_type: actions[i % actions.length]!.split('.')[0]!,
      object_id: `obj_${i % 100}`,
      mode: 'live',
      changes: null,
      request_id: null,
      address: null,
      user_agent: null,
      created_at: iso(now - (s.audit - i) * 1000),
      entry_hash: `seed-${i}`,
    }),
    (rows) => store.write((tx) => tx.insertInto('audit_events').values(rows).execute()),
  );
  // The messages' change log folded into the aggregates, as the running service keeps it (else its
  // first seconds go to folding the seed).
  while ((await foldStatChanges(store)) > 0);
  await store.write(async (tx) => void (await sql`analyze`.execute(tx)));
  return (performance.now() - start) / 1000;
}
