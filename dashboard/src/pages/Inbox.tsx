/**
 * The inbox: the contacts, most recent activity first, with their customer service window counting
 * down; the selected contact's thread beside them (below them at phone width, on its own screen).
 */
import { useState } from 'react';
import { api, type Contact, type Page } from '../api';
import { contactDetails, contactName, SuppressionBadge, WindowBadge } from '../contact';
import { LookupScope } from '../lookups';
import { ErasedNotice, erasedInRoute } from '../privacy';
import { ErrorNote, Link, Pager, time, useNow, usePager, usePolling } from '../ui';
import { Thread } from './Thread';

/** Contacts and, when `id` names one, its thread; both refreshed every 3 seconds. */
export function InboxPage({ id }: { id?: string | undefined }) {
  const now = useNow();
  // After an erasure (privacy.tsx) the contacts open with its notice: `#/inbox?erased=era_…`.
  const erased = erasedInRoute();
  return (
    <section className={`inbox${id ? ' has-thread' : ''}`}>
      <div className="contact-pane">
        <h1>Inbox</h1>
        {!id && erased ? <ErasedNotice erasureId={erased} /> : null}
        <ContactList selected={id} now={now} erased={erased} />
      </div>
      <div className="thread-pane">
        {id ? (
          // One lookup cache per thread: templates, files and quoted messages fetched once.
          <LookupScope key={id}>
            <Thread contactId={id} now={now} />
          </LookupScope>
        ) : (
          <p className="empty">Choose a contact to see your conversation with them.</p>
        )}
      </div>
    </section>
  );
}

function ContactList({ selected, now, erased }: { selected: string | undefined; now: number; erased: string | null }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [openOnly, setOpenOnly] = useState(false);
  const pager = usePager();
  const query = pager.query({ q: search, windowOpen: openOnly ? 'true' : '' });
  // Read again at once after an erasure: the customer erased leaves the list now, not at the next refresh.
  const { data, error } = usePolling(() => api<Page<Contact>>('GET', `/contacts?${query}`), [query, erased], 3000);
  return (
    <>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(q.trim().slice(0, 100));
          pager.reset();
        }}
      >
        <label>
          Search contacts
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name or number" />
        </label>
        <button type="submit">Search</button>
        <label className="inline">
          <input
            type="checkbox"
            checked={openOnly}
            onChange={(e) => {
              setOpenOnly(e.target.checked);
              pager.reset();
            }}
          />{' '}
          Open windows only
        </label>
      </form>
      <ErrorNote error={error} />
      <ul className="contacts" aria-label="Contacts">
        {data?.data.map((c) => (
          <li key={c.id} data-contact={c.id}>
            <a href={`#/inbox/${encodeURIComponent(c.id)}`} aria-current={c.id === selected ? 'page' : undefined}>
              <strong>{contactName(c)}</strong>
              {contactDetails(c) ? <span className="hint">{contactDetails(c)}</span> : null}
              <span className="contact-meta">
                <WindowBadge window={c.window} now={now} />
                <SuppressionBadge contact={c} />
                <span className="muted">{time(c.lastActivityAt)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
      {data && data.data.length === 0 ? (
        <p className="empty">
          No contacts
          {search || openOnly ? ' match these filters' : ' yet: they appear when a customer writes or you send to them'}
          .
        </p>
      ) : null}
      {data && (pager.page > 1 || data.has_more) ? (
        <Pager
          page={pager.page}
          hasMore={data.has_more}
          onNext={() => pager.next(data.data.at(-1)!.id)}
          onPrevious={pager.previous}
        />
      ) : null}
      {selected ? null : (
        <p className="hint">
          To write to someone who has not written yet, send a template from <Link to="/send">Send</Link>.
        </p>
      )}
    </>
  );
}
