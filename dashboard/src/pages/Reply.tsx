/**
 * The reply box under a thread: text or media while the customer service window is open; once it
 * has closed, an approved template first, or text or media sent "Whatever the window" (as a Direct
 * Send or a fallback template, docs/api.md §D19), the choice preselected then. Sends go to the
 * contact's `ct_` id, recorded as sent from the dashboard.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, type Contact, type InboundMessage, type Message } from '../api';
import { MediaFields } from '../compose-media';
import { TemplateFields, templateFields, useApprovedTemplates } from '../compose-template';
import { contactName, REASONS } from '../contact';
import { DeliveryFields, emptyRoute, routeFields, SendWarnings } from '../route-fields';
import { ErrorNote, time } from '../ui';

type Kind = 'text' | 'media' | 'template';

/** The platform shows a typing indicator for up to 25 seconds; refresh it a little before. */
const TYPING_REFRESH_MS = 20_000;

export function ReplyBox({
  contact,
  open,
  newestInbound,
  onSent,
  onLift,
}: {
  contact: Contact;
  open: boolean;
  newestInbound: InboundMessage | null;
  onSent: () => void;
  /** Lifts the contact's suppression (`DELETE /v1/suppressions/{id}`), offered when the reply would be refused for it. */
  onLift: (suppressionId: string) => void;
}) {
  const kinds: readonly Kind[] = open ? ['text', 'media'] : ['template', 'text', 'media'];
  const [chosen, setKind] = useState<Kind>(open ? 'text' : 'template');
  // A template while the window is open is sent from the Send page; a choice the window's change removed falls back to the first.
  const kind = kinds.includes(chosen) ? chosen : kinds[0]!;
  const [route, setRoute] = useState(() => emptyRoute(open ? 'free_form' : 'auto'));
  const [warnings, setWarnings] = useState<Message['warnings'] | null>(null);
  const [text, setText] = useState('');
  const [mediaId, setMediaId] = useState('');
  const [caption, setCaption] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [typing, setTyping] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const templates = useApprovedTemplates(open);
  const lastTyping = useRef(0);

  // The window closed while the box was open: only a routed message can still go.
  useEffect(() => {
    if (!open) setRoute((r) => (r.route === 'auto' ? r : { ...r, route: 'auto' }));
  }, [open]);

  /** With the option on, each keystroke shows "typing…" to the customer (at most every 20 s). */
  const showTyping = () => {
    if (!typing || !newestInbound || Date.now() - lastTyping.current < TYPING_REFRESH_MS) return;
    lastTyping.current = Date.now();
    api('POST', `/inbound_messages/${encodeURIComponent(newestInbound.id)}/read`, {
      body: { typingIndicator: true },
      idempotent: true,
    }).catch(setError);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setWarnings(null);
    try {
      const body: Record<string, unknown> = { to: contact.id };
      if (kind === 'template')
        Object.assign(
          body,
          { type: 'template' },
          templateFields(
            templateId,
            templates.data?.data.find((t) => t.id === templateId),
            values,
          ),
        );
      else if (kind === 'text') Object.assign(body, { type: 'text', text }, routeFields(route, templates.data?.data));
      else
        Object.assign(
          body,
          { type: 'media', mediaId },
          caption ? { caption } : {},
          routeFields(route, templates.data?.data),
        );
      const sent = await api<Message>('POST', '/messages/', {
        body,
        idempotent: true,
        headers: { 'x-tidings-source': 'dashboard' },
      });
      setWarnings(sent.warnings ?? null);
      setText('');
      setCaption('');
      setMediaId('');
      setValues({});
      // The route and the fallback template stay for the next reply; their values do not.
      setRoute((r) => ({ ...r, values: {}, buttons: {} }));
      lastTyping.current = 0;
      onSent();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="reply stack" onSubmit={submit} aria-label={`Reply to ${contactName(contact)}`}>
      <SuppressedNote contact={contact} onLift={onLift} />
      <fieldset className="kinds">
        <legend>Reply with</legend>
        {kinds.map((k) => (
          <label key={k}>
            <input type="radio" name="reply-kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {k}
          </label>
        ))}
      </fieldset>
      {kind === 'template' ? (
        <>
          <p className="warning" role="note">
            The customer service window is closed: the customer last wrote more than 24 hours ago (or never), so
            WhatsApp accepts only an approved template until they write again. A text or a file can still go “Whatever
            the window”: as a Direct Send, else as a fallback template.
          </p>
          <TemplateFields
            templates={templates}
            templateId={templateId}
            onTemplateId={setTemplateId}
            values={values}
            onValues={setValues}
          />
        </>
      ) : (
        <>
          {kind === 'text' ? (
            <>
              <label>
                Reply
                <textarea
                  name="text"
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    showTyping();
                  }}
                  onKeyDown={(e) => {
                    // Enter sends, Shift+Enter starts a new line, as in chat apps.
                    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                      e.preventDefault();
                      e.currentTarget.form?.requestSubmit();
                    }
                  }}
                  rows={3}
                  maxLength={4096}
                  required
                  aria-describedby="reply-keys"
                />
              </label>
              <p className="hint" id="reply-keys">
                Enter sends; Shift+Enter starts a new line.
              </p>
            </>
          ) : (
            <MediaFields
              active={kind}
              mediaId={mediaId}
              onMediaId={setMediaId}
              caption={caption}
              onCaption={setCaption}
              onError={setError}
            />
          )}
          {open ? (
            <label className="inline">
              <input
                type="checkbox"
                checked={typing}
                onChange={(e) => setTyping(e.target.checked)}
                disabled={!newestInbound}
              />{' '}
              Show the customer “typing…” while I write (marks their last message read)
            </label>
          ) : null}
          <DeliveryFields draft={route} onDraft={setRoute} templates={templates} windowOpen={open} error={error} />
        </>
      )}
      <ErrorNote error={error} />
      <SendWarnings warnings={warnings} />
      <button type="submit" disabled={busy}>
        {busy ? 'Sending…' : kind === 'template' ? 'Send template' : 'Send reply'}
      </button>
    </form>
  );
}

/**
 * Why a reply would be refused (409 `recipient_suppressed`, docs/api.md §D23): the contact's
 * suppression in words and since when, with Lift; a block is lifted by Unblock above, not here.
 */
function SuppressedNote({ contact, onLift }: { contact: Contact; onLift: (suppressionId: string) => void }) {
  const s = contact.suppression;
  if (!s) return null;
  const what = s.scope === 'marketing' ? 'Marketing templates to this customer are' : 'Replies to this customer are';
  return (
    <p className="warning" role="note" data-testid="reply-suppressed">
      {what} refused: {REASONS[s.reason] ?? s.reason} since {time(s.since)}.{' '}
      {s.reason === 'blocked' ? (
        'Unblock them above to write to them again.'
      ) : (
        <>
          Lift it only if they asked to hear from you again.{' '}
          <button type="button" className="secondary" onClick={() => onLift(s.id)}>
            Lift
          </button>
        </>
      )}
    </p>
  );
}
