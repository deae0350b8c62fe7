/**
 * The shell: sign-in (a person's session, or a key), the mode banner on every screen, the navigation
 * a role may use, and the page for the route. A person's screens are read from `Me.permissions`: what
 * they may not use is not shown.
 */
import { useEffect, useState } from 'react';
import { api, modeOf, SESSION_ENDED, storedKey, storeKey, type Mode, type Page, type PhoneNumber } from './api';
import { AccountBanner } from './account-banner';
import { JoinPage } from './pages/Join';
import { SignIn } from './pages/SignIn';
import { allows, IdentityContext, type Identity, type Me } from './people';
import { Routes } from './routes';
import { UserMenu } from './user-menu';
import { Link, navigate, usePolling, useRoute } from './ui';

/** The navigation: each screen's route, its name, and the permission it needs (http/access.ts). */
export const NAV = [
  ['overview', 'Overview', 'analytics:read'],
  ['inbox', 'Inbox', 'messages:read'],
  ['messages', 'Messages', 'messages:read'],
  ['send', 'Send', 'messages:send'],
  ['bulk', 'Send to a list', 'messages:send'],
  ['batches', 'Batches', 'messages:read'],
  ['templates', 'Templates', 'templates:read'],
  ['media', 'Media', 'media:read'],
  ['events', 'Webhooks & events', 'webhooks:read'],
  ['members', 'Members', 'members:manage'],
  ['keys', 'API keys', 'keys:manage'],
  ['audit', 'Audit', 'audit:read'],
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

/**
 * Who is signed in: a key stored in the tab, else the person whose session cookie `GET /v1/me`
 * answers for; neither, the sign-in page. A session that ends (401 `session_expired`) goes back to it.
 */
export function App() {
  const [key, setKey] = useState(storedKey);
  const [me, setMe] = useState<Me | null>(null);
  const [checking, setChecking] = useState(!storedKey());
  const route = useRoute();
  useEffect(() => {
    if (key) return;
    let live = true;
    api<Me>('GET', '/me')
      .then((m) => live && setMe(m))
      .catch(() => live && setMe(null))
      .finally(() => live && setChecking(false));
    return () => {
      live = false;
    };
  }, [key]);
  useEffect(() => {
    const ended = () => setMe(null);
    window.addEventListener(SESSION_ENDED, ended);
    return () => window.removeEventListener(SESSION_ENDED, ended);
  }, []);
  const person = (m: Me) => {
    setMe(m);
    if (route.length === 0 || route[0] === 'sign-in' || route[0] === 'join') navigate(`/${firstScreen(m)}`);
  };
  if (route[0] === 'join' && route[1]) return <JoinPage token={route[1]} onSignIn={person} />;
  if (!key && checking) return <p className="muted">Loading…</p>;
  if (!key && !me) {
    return (
      <SignIn
        onPerson={person}
        onKey={(k) => {
          storeKey(k);
          setKey(k);
          if (route.length === 0 || route[0] === 'sign-in') navigate('/overview');
        }}
      />
    );
  }
  const identity: Identity = key ? { me: null, mode: modeOf(key) ?? 'live' } : { me: me!, mode: me!.mode };
  const signOut = () => {
    storeKey(null);
    setKey(null);
    setMe(null);
  };
  return <Shell identity={identity} route={route} onMe={setMe} onSignOut={signOut} />;
}

/** The first screen a person may open: the overview, else the first entry of the navigation they may use. */
function firstScreen(me: Me): string {
  return NAV.find(([, , permission]) => me.permissions.includes(permission))?.[0] ?? 'inbox';
}

function Shell({
  identity,
  route,
  onMe,
  onSignOut,
}: {
  identity: Identity;
  route: string[];
  onMe: (me: Me) => void;
  onSignOut: () => void;
}) {
  const { me, mode } = identity;
  const nav = NAV.filter(([, , permission]) => allows(identity, permission));
  const [section = nav[0]?.[0] ?? 'inbox', id, action] = route;
  // A new account or mode is another set of data: every page loads again.
  const scope = me ? `${me.account.id}:${me.mode}` : mode;
  return (
    <IdentityContext.Provider value={identity}>
      <div className={`shell mode-${mode}`}>
        <ModeBanner mode={mode} key={`banner:${scope}`} />
        <AccountBanner key={`account:${scope}`} />
        <header className="top">
          <span className="brand">Tidings</span>
          <nav aria-label="Main">
            {nav.map(([path, label]) => (
              <Link key={path} to={`/${path}`} className={section === path ? 'active' : ''}>
                {label}
              </Link>
            ))}
          </nav>
          {me ? (
            <UserMenu me={me} onChange={onMe} onSignOut={onSignOut} />
          ) : (
            <button type="button" className="secondary" onClick={onSignOut}>
              Sign out
            </button>
          )}
        </header>
        <main key={scope}>
          <Routes section={section} id={id} action={action} mode={mode} />
        </main>
      </div>
    </IdentityContext.Provider>
  );
}
