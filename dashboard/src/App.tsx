/** The shell: sign-in, the mode banner on every screen, navigation, and the page for the route. */
import { lazy, Suspense, useState } from 'react';
import { api, modeOf, storedKey, storeKey, type Mode, type Page, type PhoneNumber } from './api';
import { AccountBanner } from './account-banner';
import { BatchPage } from './pages/Batch';
import { BatchesPage } from './pages/Batches';
import { BulkSendPage } from './pages/BulkSend';
import { EventsPage } from './pages/Events';
import { InboxPage } from './pages/Inbox';
import { MediaPage } from './pages/Media';
import { MessagePage } from './pages/Message';
import { MessagesPage } from './pages/Messages';
import { SendPage } from './pages/Send';
import { SignIn } from './pages/SignIn';
import { TemplateEditor } from './pages/TemplateEditor';
import { TemplatePage } from './pages/Template';
import { TemplatesPage } from './pages/Templates';
import { Link, navigate, usePolling, useRoute } from './ui';

/** The overview and its chart library load on their own (about 60 KB gzipped), only when it is opened. */
const OverviewPage = lazy(() => import('./pages/Overview').then((m) => ({ default: m.OverviewPage })));

const NAV = [
  ['overview', 'Overview'],
  ['inbox', 'Inbox'],
  ['messages', 'Messages'],
  ['send', 'Send'],
  ['bulk', 'Send to a list'],
  ['batches', 'Batches'],
  ['templates', 'Templates'],
  ['media', 'Media'],
  ['events', 'Webhooks & events'],
] as const;

/**
 * Whose messages these are: test data, real customers, or (a live key on an account bound to the
 * built-in simulator) nobody real at all.
 */
function ModeBanner({ mode }: { mode: Mode }) {
  const numbers = usePolling(() => api<Page<PhoneNumber>>('GET', '/phone_numbers'), [mode]);
  const simulated = numbers.data?.data.find((n) => n.sender)?.simulated ?? false;
  const text =
    mode === 'test'
      ? 'TEST MODE: nothing is delivered; test data only'
      : simulated
        ? 'LIVE MODE on the built-in simulator: messages go to the Cloud API simulator, not to real customers'
        : 'LIVE MODE: messages reach real customers';
  return (
    <div className="mode-banner" role="status" data-testid="mode-banner">
      {text}
    </div>
  );
}

export function App() {
  const [key, setKey] = useState(storedKey);
  const route = useRoute();
  if (!key) {
    return (
      <SignIn
        onSignIn={(k) => {
          storeKey(k);
          setKey(k);
          if (route.length === 0) navigate('/overview');
        }}
      />
    );
  }
  const mode = modeOf(key) ?? 'live';
  const [section = 'overview', id, action] = route;
  return (
    <div className={`shell mode-${mode}`}>
      <ModeBanner mode={mode} />
      <AccountBanner />
      <header className="top">
        <span className="brand">Tidings</span>
        <nav aria-label="Main">
          {NAV.map(([path, label]) => (
            <Link key={path} to={`/${path}`} className={section === path ? 'active' : ''}>
              {label}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            storeKey(null);
            setKey(null);
          }}
        >
          Sign out
        </button>
      </header>
      <main>
        {section === 'overview' && (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <OverviewPage mode={mode} />
          </Suspense>
        )}
        {section === 'inbox' && <InboxPage id={id} />}
        {section === 'messages' && !id && <MessagesPage />}
        {section === 'messages' && id && <MessagePage id={id} />}
        {section === 'send' && <SendPage />}
        {section === 'bulk' && <BulkSendPage />}
        {section === 'batches' && !id && <BatchesPage />}
        {section === 'batches' && id && <BatchPage id={id} />}
        {section === 'templates' && !id && <TemplatesPage mode={mode} />}
        {section === 'templates' && id === 'new' && <TemplateEditor mode={mode} />}
        {section === 'templates' && id && id !== 'new' && action === 'edit' && <TemplateEditor mode={mode} id={id} />}
        {section === 'templates' && id && id !== 'new' && action !== 'edit' && <TemplatePage id={id} />}
        {section === 'media' && <MediaPage />}
        {section === 'events' && <EventsPage />}
      </main>
    </div>
  );
}
