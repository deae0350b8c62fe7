/**
 * Blocking a customer from their conversation (docs/api.md §D25): a Block / Unblock button, the
 * block's date, and the refusal when the platform (or Tidings, before asking it) says no: the
 * 24-hour rule (`block_window_closed`), a per-user failure with the platform's own code.
 */
import { useState } from 'react';
import { api, type Contact } from './api';
import { useCan } from './people';
import { ErrorNote, time } from './ui';

export function BlockControl({ contact, onChanged }: { contact: Contact; onChanged: (c: Contact) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const blocked = contact.blocked;
  // Blocking needs `contacts:write`: a role without it sees the block, not the button.
  const can = useCan();
  const act = async () => {
    const action = blocked ? 'unblock' : 'block';
    if (
      action === 'block' &&
      !window.confirm('Block this customer? They can no longer message this number, and messages to them will fail.')
    )
      return;
    setBusy(true);
    setError(null);
    try {
      onChanged(
        await api<Contact>('POST', `/contacts/${encodeURIComponent(contact.id)}/${action}`, {
          body: { source: 'dashboard' },
          idempotent: true,
        }),
      );
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="block-control" data-testid="block-control">
      {blocked ? (
        <span className="badge blocked" data-testid="blocked">
          blocked since {time(blocked.at)}
        </span>
      ) : null}
      {can('contacts:write') ? (
        <button type="button" className="secondary" disabled={busy} onClick={() => void act()}>
          {blocked ? 'Unblock' : 'Block'}
        </button>
      ) : null}
      <ErrorNote error={error} />
    </div>
  );
}
