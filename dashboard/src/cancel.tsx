/** Cancelling a message that has not reached the platform yet (docs/api.md §D18). */
import { useState } from 'react';
import { api, type Message } from './api';
import { useCan } from './people';
import { ErrorNote } from './ui';

/**
 * The statuses a message can be canceled in: `scheduled`, and `accepted` while it waits in its
 * number's queue. The service has the last word: once the dispatcher took it, it answers 409
 * `message_not_cancelable`, shown in words beside the button.
 */
export const CANCELABLE: readonly Message['status'][] = ['scheduled', 'accepted'];

/**
 * A Cancel button for `message` (nothing when its status is past canceling, or for a role without
 * `messages:send`); `onCanceled` gets the canceled message.
 */
export function CancelButton({ message, onCanceled }: { message: Message; onCanceled: (m: Message) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const can = useCan();
  if (!can('messages:send')) return null;
  if (!CANCELABLE.includes(message.status) && !error) return null;
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onCanceled(
        await api<Message>('POST', `/messages/${encodeURIComponent(message.id)}/cancel`, { idempotent: true }),
      );
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="cancel">
      {CANCELABLE.includes(message.status) ? (
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => void cancel()}
          aria-label={`Cancel ${message.id}`}
        >
          {busy ? 'Canceling…' : 'Cancel'}
        </button>
      ) : null}
      <ErrorNote error={error} />
    </span>
  );
}
