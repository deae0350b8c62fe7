/**
 * One contact's conversation: both directions, oldest at the top, newest at the bottom; older
 * messages on demand; refreshed every 3 seconds. Opening the thread marks the customer's messages
 * read (see `useMarkRead`).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api, type Contact, type InboundMessage, type Message, type TimelineEntry } from '../api';
import { BlockControl } from '../block';
import { HolderControl } from '../conversation-holder';
import { contactDetails, contactName, SuppressionBadge, WindowBadge, windowState } from '../contact';
import { DeliveryTag } from '../delivery';
import { MessageContent } from '../message-content';
import { ErrorNote, Link, StatusBadge, time, usePolling } from '../ui';
import { useCan } from '../people';
import { ContactPrivacy } from '../privacy';
import { ReplyBox } from './Reply';

const PAGE = 20;

/** Oldest first: by time, then by id (the timeline's own order, reversed). */
function chronological(entries: Iterable<TimelineEntry>): TimelineEntry[] {
  return [...entries].sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
}

export function Thread({ contactId, now }: { contactId: string; now: number }) {
  const path = `/contacts/${encodeURIComponent(contactId)}`;
  const contact = usePolling(() => api<Contact>('GET', path), [path], 3000);
  const latest = usePolling(
    () => api<{ data: TimelineEntry[]; has_more: boolean }>('GET', `${path}/messages?limit=${PAGE}`),
    [path],
    3000,
  );
  // Every message seen since the thread was opened, by id: each refresh of the newest page updates
  // them (statuses move), and nothing scrolls out when many arrive at once or older pages are loaded.
  const [seen, setSeen] = useState(() => new Map<string, TimelineEntry>());
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  const [olderError, setOlderError] = useState<unknown>(null);
  const merge = useCallback(
    (entries: TimelineEntry[]) => setSeen((m) => new Map([...m, ...entries.map((e) => [e.id, e] as const)])),
    [],
  );
  useEffect(() => {
    if (latest.data) merge(latest.data.data);
  }, [latest.data, merge]);
  const entries = useMemo(() => chronological(seen.values()), [seen]);
  const hasOlder = olderHasMore ?? latest.data?.has_more ?? false;

  // Keep the newest message in view as messages arrive, unless the user scrolled up to read; keep
  // the place when older messages are put above.
  const log = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keepFromBottom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    if (keepFromBottom.current !== null) el.scrollTop = el.scrollHeight - keepFromBottom.current;
    else if (atBottom.current) el.scrollTop = el.scrollHeight;
    keepFromBottom.current = null;
  }, [entries]);

  const loadOlder = async () => {
    const oldest = entries[0];
    if (!oldest) return;
    setOlderError(null);
    try {
      const page = await api<{ data: TimelineEntry[]; has_more: boolean }>(
        'GET',
        `${path}/messages?limit=${PAGE}&starting_after=${encodeURIComponent(oldest.id)}`,
      );
      if (log.current) keepFromBottom.current = log.current.scrollHeight - log.current.scrollTop;
      merge(page.data);
      setOlderHasMore(page.has_more);
    } catch (err) {
      setOlderError(err);
    }
  };

  // Lifting a suppression (not a block's: unblocking goes through the platform's Block Users API).
  const [liftError, setLiftError] = useState<unknown>(null);
  const lift = async (id: string) => {
    setLiftError(null);
    try {
      await api('DELETE', `/suppressions/${encodeURIComponent(id)}`);
      await contact.reload();
    } catch (err) {
      setLiftError(err);
    }
  };

  // Reading marks read at the platform (blue ticks): that needs `messages:send`, as replying does.
  const can = useCan();
  const readError = useMarkRead(can('messages:send') ? entries : NOTHING, (m) =>
    merge([
      {
        id: m.id,
        direction: 'inbound',
        at: entries.find((e) => e.id === m.id)?.at ?? m.receivedAt,
        inbound: m,
        outbound: null,
      },
    ]),
  );
  // Once an erasure is under way the conversation is being removed: only its progress is shown.
  const [erasing, setErasing] = useState(false);
  const c = contact.data;
  const open = c ? windowState(c.window, now).open : false;
  const newestInbound = entries.filter((e) => e.inbound).at(-1)?.inbound ?? null;

  return (
    <div className="thread-view">
      <p className="back">
        <Link to="/inbox">← Contacts</Link>
      </p>
      {c ? (
        <div className="title-row">
          <div>
            <h2>{contactName(c)}</h2>
            {contactDetails(c) ? <p className="hint">{contactDetails(c)}</p> : null}
          </div>
          <div className="title-side">
            <span className="title-badges">
              <WindowBadge window={c.window} now={now} />
              <SuppressionBadge contact={c} />
              {c.suppression && c.suppression.reason !== 'blocked' && can('contacts:write') ? (
                <button type="button" className="secondary" onClick={() => void lift(c.suppression!.id)}>
                  Lift
                </button>
              ) : null}
            </span>
            {erasing ? null : <BlockControl contact={c} onChanged={(updated) => contact.setData(updated)} />}
          </div>
        </div>
      ) : null}
      {c ? <ContactPrivacy contact={c} onErasing={() => setErasing(true)} /> : null}
      {c && !erasing ? (
        <HolderControl
          contact={c}
          onSent={() => {
            void latest.reload();
            void contact.reload();
          }}
        />
      ) : null}
      {erasing ? null : (
        <>
          <ErrorNote error={liftError} />
          <ErrorNote error={contact.error ?? latest.error} />
          <div
            className="thread-log"
            ref={log}
            role="log"
            aria-label={c ? `Conversation with ${contactName(c)}` : 'Conversation'}
            tabIndex={0}
            onScroll={(e) => {
              const el = e.currentTarget;
              atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
            }}
          >
            {hasOlder ? (
              <button type="button" className="secondary older" onClick={() => void loadOlder()}>
                Load older messages
              </button>
            ) : null}
            <ErrorNote error={olderError} />
            {latest.data && entries.length === 0 ? <p className="empty">No messages yet.</p> : null}
            <ol className="thread">
              {entries.map((e) =>
                e.inbound ? (
                  <InboundBubble key={e.id} m={e.inbound} />
                ) : e.outbound ? (
                  <OutboundBubble key={e.id} m={e.outbound} />
                ) : null,
              )}
            </ol>
          </div>
          <ErrorNote error={readError} />
          {c && !can('messages:send') ? (
            <p className="hint" role="note">
              Your role can read this conversation, not answer it.
            </p>
          ) : null}
          {c && can('messages:send') ? (
            <ReplyBox
              contact={c}
              open={open}
              newestInbound={newestInbound}
              onSent={() => void latest.reload()}
              onLift={(id) => void lift(id)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * Marks the customer's messages read while the thread is on screen, once per opening (a refusal is
 * shown, not retried every refresh): one call for the newest loaded message without `readAt`, which
 * marks the earlier ones read with it, at the platform as in Tidings. Not while the tab is hidden:
 * a thread left open in a background tab must not send blue ticks. `onMarked` gets each message
 * marked, as the API answered the newest one. Answers the last error.
 */
const NOTHING: TimelineEntry[] = [];

function useMarkRead(entries: TimelineEntry[], onMarked: (m: InboundMessage) => void): unknown {
  const tried = useRef(new Set<string>());
  const [error, setError] = useState<unknown>(null);
  const onMarkedRef = useRef(onMarked);
  onMarkedRef.current = onMarked;
  useEffect(() => {
    if (document.visibilityState !== 'visible') return;
    const unread = entries.filter((e) => e.inbound && !e.inbound.readAt && !tried.current.has(e.id));
    const newest = unread.at(-1);
    if (!newest) return;
    for (const e of unread) tried.current.add(e.id);
    void (async () => {
      try {
        const marked = await api<InboundMessage>('POST', `/inbound_messages/${encodeURIComponent(newest.id)}/read`, {
          body: {},
          idempotent: true,
        });
        for (const e of unread.slice(0, -1)) onMarkedRef.current({ ...e.inbound!, readAt: marked.readAt });
        onMarkedRef.current(marked);
      } catch (err) {
        setError(err);
      }
    })();
  }, [entries]);
  return error;
}

function InboundBubble({ m }: { m: InboundMessage }) {
  return (
    <li className="bubble in" data-message={m.id}>
      {m.context?.forwarded ? <span className="tag">forwarded</span> : null}
      <MessageContent message={m} />
      <span className="bubble-meta">
        <span>{time(m.receivedAt)}</span>
        {m.readAt ? <span>read by you</span> : null}
        {m.heldBy === 'meta_agent' ? (
          <span className="tag" title="It came while Meta's agent held the conversation">
            to Meta's agent
          </span>
        ) : null}
      </span>
    </li>
  );
}

function OutboundBubble({ m }: { m: Message }) {
  return (
    <li className="bubble out" data-message={m.id}>
      <MessageContent message={m} />
      {m.error ? (
        <p className="bubble-error">
          Failed: {m.error.message || 'no reason given'} <code>{m.error.code}</code>
        </p>
      ) : null}
      <span className="bubble-meta">
        <span>{time(m.createdAt)}</span>
        <StatusBadge status={m.status} />
        <DeliveryTag message={m} />
        {m.source === 'meta_agent' ? <span className="tag">Meta's agent</span> : null}
        <Link to={`/messages/${m.id}`}>details</Link>
      </span>
    </li>
  );
}
