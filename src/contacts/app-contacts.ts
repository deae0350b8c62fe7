/**
 * The business's WhatsApp Business app address book (the platform's `smb_app_state_sync`,
 * docs/platform.md §4.20, docs/api.md §D32), kept on the contacts it names: the app's full and
 * first name and whether the app still holds them (`saved`, `removed`). The app's name never
 * replaces the customer's WhatsApp profile name (`name`): a contact shows both. A removal clears the
 * app's names and keeps the contact and its timeline. An older sync never overrides a newer one
 * (by the app's timestamp), so a redelivered or reordered webhook changes nothing.
 */
import type { Tx } from '../db/store.js';

/** One contact of the app's address book, as the intake hands it (after its contact was created). */
export interface AppContactSync {
  phoneNumberId: string;
  /** E.164. */
  phone: string;
  action: 'add' | 'remove';
  fullName: string | null;
  firstName: string | null;
  /** ISO 8601: the sync's timestamp. */
  at: string;
}

/**
 * Writes each sync onto the live contact holding its number on its business number, one statement
 * per contact (an address book changes a contact at a time; the first sync after onboarding is a
 * few hundred).
 * @returns the ids of the contacts changed.
 */
export async function applyAppContacts(tx: Tx, syncs: AppContactSync[], now: string): Promise<string[]> {
  const changed: string[] = [];
  for (const s of syncs) {
    const removed = s.action === 'remove';
    const rows = await tx
      .updateTable('contacts')
      .set({
        app_name: removed ? null : s.fullName,
        app_first_name: removed ? null : s.firstName,
        app_contact: removed ? 'removed' : 'saved',
        app_synced_at: s.at,
        updated_at: now,
      })
      .where('phone_number_id', '=', s.phoneNumberId)
      .where('mode', '=', 'live')
      .where('phone', '=', s.phone)
      .where((eb) => eb.or([eb('app_synced_at', 'is', null), eb('app_synced_at', '<=', s.at)]))
      .returning('id')
      .execute();
    changed.push(...rows.map((r) => r.id));
  }
  return changed;
}
