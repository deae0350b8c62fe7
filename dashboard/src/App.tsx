/** The shell: sign-in, the mode banner on every screen, navigation, and the page for the route. */
import { useState } from 'react';
import { modeOf, storedKey, storeKey } from './api';
import { EventsPage } from './pages/Events';
import { MediaPage } from './pages/Media';
import { MessagePage } from './pages/Message';
import { MessagesPage } from './pages/Messages';
import { SendPage } from './pages/Send';
import { SignIn } from './pages/SignIn';
import { TemplateEditor } from './pages/TemplateEditor';
import { TemplatePage } from './pages/Template';
import { TemplatesPage } from './pages/Templates';
import { Link, navigate, useRoute } from './ui';

const NAV = [
  ['messages', 'Messages'],
  ['send', 'Send'],
  ['templates', 'Templates'],
  ['media', 'Media'],
  ['events', 'Webhooks & events'],
] as const;

export function App() {
  const [key, setKey] = useState(storedKey);
  const route = useRoute();
  if (!key) {
    return (
      <SignIn
        onSignIn={(k) => {
          storeKey(k);
          setKey(k);
          if (route.length === 0) navigate('/messages');
        }}
      />
    );
  }
  const mode = modeOf(key) ?? 'live';
  const [section = 'messages', id, action] = route;
  return (
    <div className={`shell mode-${mode}`}>
      <div className="mode-banner" role="status" data-testid="mode-banner">
        {mode === 'test' ? 'TEST MODE: nothing is delivered; test data only' : 'LIVE MODE: messages reach real customers'}
      </div>
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
        {section === 'messages' && !id && <MessagesPage />}
        {section === 'messages' && id && <MessagePage id={id} />}
        {section === 'send' && <SendPage />}
        {section === 'templates' && !id && <TemplatesPage />}
        {section === 'templates' && id === 'new' && <TemplateEditor mode={mode} />}
        {section === 'templates' && id && id !== 'new' && action === 'edit' && <TemplateEditor mode={mode} id={id} />}
        {section === 'templates' && id && id !== 'new' && action !== 'edit' && <TemplatePage id={id} />}
        {section === 'media' && <MediaPage />}
        {section === 'events' && <EventsPage />}
      </main>
    </div>
  );
}
