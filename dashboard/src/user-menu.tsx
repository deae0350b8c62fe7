/**
 * The person's menu in the top bar: who they are (name, email, role), the account switcher for a
 * person in several accounts, live or test mode (both chosen in the session: `PATCH /v1/me/session`),
 * their sessions and second factor, and signing out.
 */
import { useState } from 'react';
import { api, type Mode } from './api';
import { switchSession, type Me } from './people';
import { ErrorNote } from './ui';

export function UserMenu({ me, onChange, onSignOut }: { me: Me; onChange: (me: Me) => void; onSignOut: () => void }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const change = async (what: { accountId?: string; mode?: Mode }) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await switchSession(what));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const signOut = async () => {
    // The cookie is cleared by the answer; even if the call fails, the page forgets the person.
    await api('POST', '/auth/sign_out').catch(() => undefined);
    onSignOut();
  };
  return (
    <div className="session-controls">
      {me.accounts.length > 1 ? (
        <label className="inline">
          Account
          <select
            value={me.account.id}
            disabled={busy}
            onChange={(e) => void change({ accountId: e.target.value })}
            aria-label="Account"
          >
            {me.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.role})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="mode-switch" aria-label="Mode" disabled={busy}>
        {(['live', 'test'] as const).map((m) => (
          <label key={m}>
            <input type="radio" name="mode" checked={me.mode === m} onChange={() => void change({ mode: m })} />
            {m === 'live' ? 'Live' : 'Test'}
          </label>
        ))}
      </fieldset>
      <details className="user-menu">
        <summary data-testid="user-menu">{me.name || me.email}</summary>
        <div className="user-menu-body" role="group" aria-label="Your account">
          <p>
            <strong>{me.name}</strong>
            <br />
            <span className="muted">{me.email}</span>
            <br />
            <span className="badge">{me.account.role}</span> in {me.account.name}
          </p>
          <p>
            <a href="#/security" onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}>
              My security
            </a>
          </p>
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </details>
      <ErrorNote error={error} />
    </div>
  );
}
