/**
 * Who may change whose membership (docs/api.md §D26): the rules beside the one permission table
 * (http/access.ts), which lets owners and admins manage members.
 *
 * - Only an owner makes, changes or removes an owner (403 `owner_required`): an admin cannot make
 *   themselves or anyone an owner, nor demote or remove one.
 * - An account always keeps an owner (409 `last_owner`): its last owner can be neither demoted nor
 *   removed, by anyone, themselves included.
 */
import { TidingsError } from '../errors.js';
import type { Role } from '../http/access.js';

/**
 * Checks that `actorRole` may give `to` to a member holding `from` (null: a newcomer, an invitation).
 * @throws TidingsError owner_required when an owner is made, changed or removed (`to` null) by a non-owner.
 */
export function assertMayChangeRole(actorRole: Role, from: Role | null, to: Role | null): void {
  if ((from === 'owner' || to === 'owner') && actorRole !== 'owner')
    throw new TidingsError(
      'owner_required',
      to === 'owner' && from !== 'owner'
        ? 'Only an owner can make someone an owner.'
        : "Only an owner can change or remove an owner's membership.",
    );
}

/**
 * Checks that the account keeps an owner when a member holding `from` gets `to` (null: removed).
 * @param owners the account's owners before the change (read in the unit that makes it).
 * @throws TidingsError last_owner when the last owner would go.
 */
export function assertOwnerRemains(owners: number, from: Role, to: Role | null): void {
  if (from === 'owner' && to !== 'owner' && owners <= 1)
    throw new TidingsError('last_owner', "This is the account's last owner: make another member an owner first.");
}
