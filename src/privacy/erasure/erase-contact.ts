/**
 * The units of work that erase one contact (docs/api.md §D28), in the order erasure.service.ts
 * describes: each at most UNIT_ROWS rows of one table, each finding what is left by the indexes that
 * name the contact, so running them again after a crash does nothing twice.
 */
import type { AuditTrail } from '../../audit/audit-trail.js';
import { CONSENT_REPLY_JOB } from '../../consent/consent-intake.js';
import { insertTombstones, type SuppressionTombstones } from '../../consent/suppression-tombstones.js';
import { deleteFormerAddresses, formerAddressesOf } from '../../contacts/former-addresses.repository.js';
import type { Store, Tx } from '../../db/store.js';
import type { EventService } from '../../events/event.service.js';
import type { Actor } from '../../lib/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import * as repo from './erasure.repository.js';
import type { ErasureProgress } from './erasure.schemas.js';

/** Rows of one table a unit of work takes at most. */
export const UNIT_ROWS = 500;

export const ZERO: ErasureProgress = {
  messages: 0,
  inboundMessages: 0,
  canceled: 0,
  statusReports: 0,
  files: 0,
  events: 0,
  suppressions: 0,
  other: 0,
};

/** Who asked, as an erasure keeps it: the audit trail's actor with a name for people. */
export interface RequestedBy {
  type: string;
  id: string;
  name: string | null;
}

export function requestedByOf(actor: Actor): RequestedBy {
  return { type: actor.type, id: actor.id, name: actor.type === 'user' ? actor.email : null };
}

function actorOf(r: RequestedBy): Actor {
  switch (r.type) {
    case 'user':
      return { type: 'user', id: r.id, email: r.name ?? '', sessionId: '' };
    case 'key':
      return { type: 'key', id: r.id, userId: null };
    case 'cli':
      return { type: 'cli', id: r.id };
    case 'platform':
      return { type: 'platform', id: r.id };
    default:
      return { type: 'system', id: r.id };
  }
}

/** The digits of an E.164 number (how raw platform payloads write it: `wa_id`, `from`). */
const digitsOf = (phone: string) => phone.replace(/^\+/, '');

/** What erasing a contact uses. */
export interface EraseContactOptions {
  store: Store;
  clock: Clock;
  events: Pick<EventService, 'record'>;
  audit: Pick<AuditTrail, 'record'>;
  tombstones: SuppressionTombstones;
  /** Deletes files (and the platform's copies) whatever uses them (media/media-deletion.ts `erase`). */
  files: { erase(accountId: string, mode: 'live' | 'test', ids: string[]): Promise<number> };
  /** Pauses between looks at a message being sent (its dispatcher's call under way), ms. */
  sendingPollMs?: number;
}

/** One contact's units, until it is erased (true) or the slice's time is up (false). */
export async function eraseContact(
  o: EraseContactOptions,
  erasure: repo.ErasureRow,
  contactId: string,
  deadline: number,
): Promise<boolean> {
  const { store, clock } = o;
  const accountId = erasure.account_id;
  const mode = erasure.mode;
  const contact = await repo.contactById(store.read, accountId, mode, contactId);
  // Its addresses, with those it had before its customer changed number or BSUID (docs/api.md §D31).
  const former = (await formerAddressesOf(store.read, [contactId])).get(contactId) ?? [];
  const phones = [...(contact?.phone ? [contact.phone] : []), ...former.filter((a) => a.startsWith('+'))];
  const bsuids = [
    ...[contact?.user_id, contact?.parent_user_id].filter((a): a is string => !!a),
    ...former.filter((a) => !a.startsWith('+')),
  ];
  // What names the customer in text: the raw platform payloads write the number as digits.
  const texts = [contactId, ...phones.map(digitsOf), ...bsuids];
  const at = () => iso(clock.now());
  const late = () => clock.now() > deadline;
  const unit = (work: (tx: Tx) => Promise<Partial<ErasureProgress>>) =>
    store.write(async (tx) => {
      // The erasure's row first, in every unit (the one lock order, erasure.repository.ts).
      await repo.addProgress(tx, erasure.id, {});
      const delta = await work(tx);
      await repo.addProgress(tx, erasure.id, delta as Record<string, number>);
      return delta;
    });

  for (;;) {
    // 1. Waiting messages canceled; one being sent is waited for (its call is under way).
    for (;;) {
      let sending = 0;
      const d = await unit(async (tx) => {
        const r = await repo.cancelQueued(tx, contactId, UNIT_ROWS, at());
        sending = r.sending;
        return { canceled: r.canceled };
      });
      if (late()) return false;
      if ((d.canceled ?? 0) > 0) continue;
      if (sending === 0) break;
      await new Promise((r) => setTimeout(r, o.sendingPollMs ?? 100));
    }
    // 2. Files only this customer's messages name, with the platform's copies.
    for (;;) {
      const ids = await repo.filesOfContactOnly(store.read, accountId, contactId, UNIT_ROWS);
      if (ids.length === 0) break;
      const n = await o.files.erase(accountId, mode, ids);
      await unit(async () => ({ files: n }));
      if (late()) return false;
      if (n === 0) break; // named, but gone already
    }
    // 3. Messages both ways emptied into husks.
    for (;;) {
      const d = await unit(async (tx) => repo.huskMessages(tx, accountId, contactId, UNIT_ROWS, at()));
      if (late()) return false;
      if ((d.messages ?? 0) === 0) break;
    }
    for (;;) {
      const d = await unit(async (tx) => ({ inboundMessages: await repo.huskInbound(tx, contactId, UNIT_ROWS, at()) }));
      if (late()) return false;
      if ((d.inboundMessages ?? 0) === 0) break;
    }
    // 4. Events about them, with deliveries and attempts; raw webhooks naming them.
    for (;;) {
      const d = await unit(async (tx) => ({
        events:
          (await repo.deleteContactEvents(tx, accountId, contactId, UNIT_ROWS)) +
          (await repo.deleteEventsNaming(tx, accountId, mode, texts.slice(1), UNIT_ROWS)),
      }));
      if (late()) return false;
      if ((d.events ?? 0) === 0) break;
    }
    // 5. What names them by text: idempotent answers, jobs, batch refusals.
    await unit(async (tx) => ({
      other:
        (await repo.deleteIdempotencyNaming(tx, accountId, texts)) +
        (await repo.deleteJobsNaming(tx, store.dialect, [CONSENT_REPLY_JOB], texts)) +
        (await repo.scrubBatches(tx, accountId, [...phones, ...bsuids])),
    }));
    // 6. The contact itself, unless something came in meanwhile (then round again).
    const finished = await store.write(async (tx) => {
      await repo.addProgress(tx, erasure.id, {});
      if (await repo.stillNamed(tx, accountId, contactId)) return false;
      const now = at();
      const suppressions = await repo.suppressionsOf(tx, accountId, mode, contactId, phones, bsuids);
      const tombstones = suppressions
        .filter((s) => s.lifted_at === null)
        .flatMap((s) => {
          const addresses = new Set([s.phone, s.bsuid, ...phones, ...bsuids].filter((a): a is string => a !== null));
          return [...addresses].map((a) => ({
            suppression_id: s.id,
            account_id: accountId,
            mode,
            phone_number_id: s.phone_number_id,
            address_hash: o.tombstones.hash(a),
            reason: s.reason,
            scope: s.scope,
            since: s.created_at,
            erasure_id: erasure.id,
            created_at: now,
          }));
        });
      await insertTombstones(tx, tombstones);
      const removed = await repo.deleteSuppressions(
        tx,
        accountId,
        suppressions.map((s) => s.id),
      );
      const redacted = await repo.redactAudit(tx, accountId, [contactId, ...suppressions.map((s) => s.id)], now);
      const blocks = await repo.deleteBlocksAndConsents(tx, accountId, contactId, phones, bsuids);
      await deleteFormerAddresses(tx, contactId);
      await repo.deleteContact(tx, contactId);
      const marked = await repo.markErased(tx, erasure.id, contactId, now);
      await repo.settleOthers(tx, erasure.id, contactId, now);
      await repo.addProgress(tx, erasure.id, { suppressions: removed, other: redacted + blocks });
      if (marked && contact) {
        await o.events.record(tx, [
          {
            accountId,
            mode,
            type: 'contact.erased',
            object: { id: contactId, erasureId: erasure.id, erasedAt: now },
            contactId: null,
          },
        ]);
        const requestedBy = JSON.parse(erasure.requested_by) as RequestedBy;
        await o.audit.record(tx, {
          action: 'contact.erased',
          accountId,
          mode,
          object: { type: 'contact', id: contactId },
          after: { erasureId: erasure.id, erasedAt: now },
          actor: actorOf(requestedBy),
          actorName: requestedBy.name,
        });
      }
      return true;
    });
    if (finished) return true;
    if (late()) return false;
  }
}
