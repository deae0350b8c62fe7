/**
 * Who holds a customer's conversation (docs/api.md §D30): while Meta's agent does, the thread says
 * so and offers a Take back box: a message to the customer, which takes the conversation back
 * (POST /v1/contacts/{id}/conversation/take_back). The holder changes once the platform reports the
 * message sent, which the thread's next refresh shows.
 */
import { useState } from 'react';
import { api, type Contact, type Message } from './api';
import { useCan } from './people';
import { ErrorNote, time } from './ui';

export function HolderControl({ contact, onSent }: { contact: Contact; onSent: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const can = useCan();
  if (contact.conversation.holder !== 'meta_agent') return null;
  const takeBack = async () => {
    setBusy(true);
    setError(null);
    try {
      await api<Message>('POST', `/contacts/${encodeURIComponent(contact.id)}/conversation/take_back`, {
        body: { text },
        headers: { 'x-tidings-source': 'dashboard' },
        idempotent: true,
      });
      setText('');
      onSent();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const since = contact.conversation.since;
  return (
    <div className="holder-control" data-testid="holder-control">
      <p className="hint" role="note">
        Meta's agent is answering this customer{since ? ` (since ${time(since)})` : ''}. A message from you takes the
        conversation back.
      </p>
      {can('messages:send') ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void takeBack();
          }}
        >
          <input
            aria-label="Message that takes the conversation back"
            value={text}
            maxLength={4096}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" disabled={busy || text.trim() === ''}>
            Take back
          </button>
        </form>
      ) : null}
      <ErrorNote error={error} />
    </div>
  );
}
