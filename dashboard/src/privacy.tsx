/**
 * A customer's data on their contact's page (docs/api.md §D28, §D29): **Export data** saves what
 * Tidings holds on them (`GET /v1/contacts/{id}/export`, a ZIP), **Erase customer…** removes it
 * after a confirmation that says what goes and what stays and asks for their number or the word
 * ERASE (`POST /v1/contacts/{id}/erase`), then shows the erasure's progress (`GET /v1/erasures/{id}`)
 * and goes back to the contacts with a notice. A role without `contacts:export` or `contacts:erase`
 * sees neither action (the API refuses it anyway: 403 `permission_denied`).
 */
import { type FormEvent, useEffect, useState } from 'react';
import { api, apiBlob, type Contact, idempotencyKey, storedKey } from './api';
import type { Erasure } from '@tidings/client';
import { useCan } from './people';
import { ErrorNote, Link, navigate, usePolling } from './ui';

/** The word that confirms an erasure when the customer has no number (or the user would rather). */
export const ERASE_WORD = 'ERASE';

/** Whether `typed` confirms erasing `contact`: the word ERASE, or their number (digits compared, `+`, spaces and dashes ignored). */
export function confirmsErasure(typed: string, contact: Pick<Contact, 'phone'>): boolean {
  const t = typed.trim();
  if (t === ERASE_WORD) return true;
  const digits = (s: string) => s.replace(/[\s().+-]/g, '');
  const phone = contact.phone ? digits(contact.phone) : '';
  return phone.length > 0 && /^\d+$/.test(digits(t)) && digits(t) === phone;
}

/** The kinds of `Erasure.progress` in words, one and many (docs/api.md §D28); a kind not listed is shown by its name. */
const KINDS: Record<string, [string, string]> = {
  messages: ['message sent', 'messages sent'],
  inboundMessages: ['message received', 'messages received'],
  canceled: ['queued message canceled', 'queued messages canceled'],
  statusReports: ['status report', 'status reports'],
  files: ['file', 'files'],
  events: ['event', 'events'],
  suppressions: ['suppression', 'suppressions'],
  other: ['other record', 'other records'],
};

/** "12 messages sent · 1 file" from an erasure's progress (kinds at 0 left out). */
export function progressWords(progress: Record<string, number> | undefined): string {
  const parts = Object.entries(progress ?? {})
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([kind, n]) => `${n} ${KINDS[kind]?.[n === 1 ? 0 : 1] ?? kind}`);
  return parts.length > 0 ? parts.join(' · ') : 'nothing yet';
}

/**
 * The contact page's data actions: Export data and Erase customer…, each for a role with its
 * permission. `onErasing` is told once an erasure is under way, so the page stops showing the
 * conversation being removed.
 */
export function ContactPrivacy({ contact, onErasing }: { contact: Contact; onErasing: () => void }) {
  const can = useCan();
  const [confirming, setConfirming] = useState(false);
  const [erasure, setErasure] = useState<Erasure | null>(null);
  const mayExport = can('contacts:export');
  const mayErase = can('contacts:erase');
  if (!mayExport && !mayErase) return null;
  if (erasure) return <ErasureProgress first={erasure} />;
  return (
    <div className="privacy-actions" data-testid="privacy-actions">
      <div className="actions">
        {mayExport ? <ExportButton contact={contact} /> : null}
        {mayErase && !confirming ? (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Erase customer…
          </button>
        ) : null}
      </div>
      {mayErase && confirming ? (
        <EraseConfirm
          contact={contact}
          onCancel={() => setConfirming(false)}
          onStarted={(e) => {
            setErasure(e);
            onErasing();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Export data: signed in as a person, a plain download link (the browser sends the session cookie
 * and writes the streamed ZIP to disk as it comes, however large); with a key in the tab, the ZIP
 * is fetched with the key (a link cannot send it) and saved from memory.
 */
function ExportButton({ contact }: { contact: Contact }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const path = `/contacts/${encodeURIComponent(contact.id)}/export`;
  const filename = `contact-${contact.id}.zip`;
  if (!storedKey())
    return (
      <a className="button secondary" href={`/v1${path}`} download={filename}>
        Export data
      </a>
    );
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const url = URL.createObjectURL(await apiBlob(path, { accept: 'application/zip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="secondary" disabled={busy} onClick={() => void save()}>
        {busy ? 'Exporting…' : 'Export data'}
      </button>
      <ErrorNote error={error} />
    </>
  );
}

/**
 * The confirmation: what erasure removes and what remains, a field for the customer's number or
 * ERASE (the button stays disabled until it matches), and the request, under one Idempotency-Key
 * for this confirmation (a retried click after a network error never asks twice).
 */
function EraseConfirm({
  contact,
  onCancel,
  onStarted,
}: {
  contact: Contact;
  onCancel: () => void;
  onStarted: (e: Erasure) => void;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [key] = useState(idempotencyKey);
  const ok = confirmsErasure(typed, contact);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      onStarted(
        await api<Erasure>('POST', `/contacts/${encodeURIComponent(contact.id)}/erase`, { body: {}, idempotent: key }),
      );
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <form className="card erase-confirm" aria-label="Erase this customer" onSubmit={(e) => void submit(e)}>
      <h3>Erase this customer?</h3>
      <p>
        <strong>Removed, and it cannot be undone:</strong> their number, BSUID, name and username; the content of every
        message to and from them (text, captions, locations, contact cards, reactions), and any still queued or
        scheduled is canceled; their files (the copies here, and the ones Tidings uploaded to WhatsApp); the events and
        webhook deliveries about them; the platform's raw webhooks that name them; their search words and consent
        history.
      </p>
      <p>
        <strong>What remains:</strong> the counts: each message stays as an empty record (its status and times, no
        address or content), so analytics and totals do not change; and, if they opted out or were suppressed, a keyed
        hash of their number and BSUID, so that <strong>a customer who opted out stays suppressed</strong>: a send to
        them is still refused. A later message from or to them starts a new contact. The audit trail records who erased
        this contact, and when.
      </p>
      <label>
        {contact.phone
          ? `Type their number (${contact.phone}) or ${ERASE_WORD} to confirm`
          : `Type ${ERASE_WORD} to confirm`}
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      <div className="actions">
        <button type="submit" className="danger" disabled={!ok || busy}>
          {busy ? 'Erasing…' : 'Erase customer'}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ErrorNote error={error} />
    </form>
  );
}

/** The erasure under way, read every second until `completed`; then the contacts, with the notice. */
function ErasureProgress({ first }: { first: Erasure }) {
  const done = first.status === 'completed';
  const polled = usePolling(
    () => api<Erasure>('GET', `/erasures/${encodeURIComponent(first.id)}`),
    [first.id],
    done ? 0 : 1000,
  );
  const erasure = polled.data ?? first;
  useEffect(() => {
    if (erasure.status === 'completed') navigate(`/inbox?erased=${encodeURIComponent(erasure.id)}`);
  }, [erasure.status, erasure.id]);
  return (
    <div className="card erase-progress" role="status" data-testid="erasure-progress">
      <p>
        <strong>
          {erasure.status === 'completed' ? 'Erased' : erasure.status === 'running' ? 'Erasing…' : 'Erasure queued…'}
        </strong>{' '}
        <code>{erasure.id}</code>
      </p>
      <p className="hint">Removed so far: {progressWords(erasure.progress)}</p>
      <ErrorNote error={polled.error} />
    </div>
  );
}

/**
 * The contacts list's notice after an erasure (`#/inbox?erased=era_…`): what it removed, read from
 * the erasure itself (nothing about the customer is kept in the page to say it).
 */
export function ErasedNotice({ erasureId }: { erasureId: string }) {
  const { data, error } = usePolling(
    () => api<Erasure>('GET', `/erasures/${encodeURIComponent(erasureId)}`),
    [erasureId],
  );
  return (
    <div className="erased-notice" role="status" data-testid="erased-notice">
      <p>
        <strong>Customer erased.</strong> {data ? `Removed: ${progressWords(data.progress)}.` : null} An opted-out
        customer stays suppressed. <code>{erasureId}</code>
      </p>
      <Link to="/inbox">Dismiss</Link>
      <ErrorNote error={error} />
    </div>
  );
}

/** The erasure a route's query names (`#/inbox?erased=era_…`), or null. */
export function erasedInRoute(): string | null {
  return new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('erased');
}
