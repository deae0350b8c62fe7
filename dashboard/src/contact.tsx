/** How the inbox shows a contact: its name, its other identifiers, its customer service window. */
import type { Contact } from './api';
import { time } from './ui';

/** How a contact is called: profile name, else username, else number, else BSUID. */
export function contactName(c: Contact): string {
  return c.name ?? c.username ?? c.phone ?? c.userId ?? c.id;
}

/** The contact's other identifiers, after the one `contactName` shows. */
export function contactDetails(c: Contact): string {
  return [c.username ? `@${c.username}` : null, c.phone, c.phone ? null : c.userId]
    .filter((v) => v && v !== contactName(c))
    .join(' · ');
}

/**
 * The window as of `now` (ms): "open, 23 h 12 min left", or "closed" once `expiresAt` has passed
 * here, even before the next refresh says so.
 */
export function windowState(window: Contact['window'], now: number): { open: boolean; label: string } {
  const left = window.expiresAt ? Date.parse(window.expiresAt) - now : 0;
  if (!window.open || left <= 0) return { open: false, label: 'closed' };
  const minutes = Math.floor(left / 60_000);
  return {
    open: true,
    label: minutes < 1 ? 'open, under 1 min left' : `open, ${Math.floor(minutes / 60)} h ${minutes % 60} min left`,
  };
}

export function WindowBadge({ window, now }: { window: Contact['window']; now: number }) {
  const state = windowState(window, now);
  return (
    <span className={`badge window-${state.open ? 'open' : 'closed'}`} data-testid="window">
      {state.label}
    </span>
  );
}

/** What a suppression's reason means, in a word or two. */
/** A suppression's reason in words (docs/api.md §D23). */
export const REASONS: Record<string, string> = {
  opt_out_keyword: 'opted out (keyword)',
  platform_preference: 'stopped marketing',
  api: 'suppressed',
  blocked: 'blocked',
};

/** The contact's active suppression (docs/api.md §D23): its reason and since when; nothing when none. */
export function SuppressionBadge({ contact }: { contact: Contact }) {
  const s = contact.suppression;
  if (!s) return null;
  const since = time(s.since);
  return (
    <span
      className="badge suppressed"
      data-testid="suppression"
      title={`Sends ${s.scope === 'marketing' ? 'of marketing templates ' : ''}are refused since ${since} (${s.reason})`}
    >
      {REASONS[s.reason] ?? s.reason} · since {since}
    </span>
  );
}
