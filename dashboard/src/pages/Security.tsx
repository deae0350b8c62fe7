/**
 * My security (`#/security`, from the user menu): the person's sessions (end one, or every other
 * one), their second factor (security-second-factor.tsx) and their password (security-password.tsx).
 * For a person only: with a pasted API key there is no one to look after.
 */
import { useState } from 'react';
import { api } from '../api';
import { useMe, type Me } from '../people';
import { PasswordForm } from '../security-password';
import { SecondFactor } from '../security-second-factor';
import { listSessions, revokeOtherSessions, revokeSession } from '../security';
import { ErrorNote, time, usePolling } from '../ui';

export function SecurityPage() {
  const signedIn = useMe();
  // The page reads the person again: the second factor's state changes here.
  const me = usePolling(() => api<Me>('GET', '/me'), [], 0);
  if (!signedIn)
    return <p className="muted">My security is for a person signed in; an API key has no sessions nor password.</p>;
  return (
    <section className="security">
      <h1>My security</h1>
      <Sessions />
      {me.data ? <SecondFactor on={me.data.secondFactor} onChange={() => void me.reload()} /> : null}
      <PasswordForm />
      <ErrorNote error={me.error} />
    </section>
  );
}

function Sessions() {
  const sessions = usePolling(() => listSessions(), [], 0);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const act = async (run: () => Promise<unknown>) => {
    setError(null);
    setNote(null);
    try {
      await run();
      await sessions.reload();
    } catch (err) {
      setError(err);
    }
  };
  const rows = sessions.data?.data ?? [];
  return (
    <div className="card" aria-label="Your sessions" role="region">
      <h2>Your sessions</h2>
      <table>
        <thead>
          <tr>
            <th>Signed in</th>
            <th>Last seen</th>
            <th>How</th>
            <th>From</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} data-testid="session">
              <td>{time(s.createdAt)}</td>
              <td>{time(s.lastSeenAt)}</td>
              <td>
                {s.method} · {s.mode}
              </td>
              <td>
                {s.address ?? '—'}
                <br />
                <span className="muted">{s.userAgent ?? ''}</span>
              </td>
              <td>
                <button type="button" className="secondary" onClick={() => void act(() => revokeSession(s.id))}>
                  End
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void act(async () => {
            const { revoked } = await revokeOtherSessions();
            setNote(`Signed out of ${revoked} other session${revoked === 1 ? '' : 's'}.`);
          })
        }
      >
        Sign out everywhere else
      </button>
      {note ? <p role="status">{note}</p> : null}
      <ErrorNote error={error ?? sessions.error} />
    </div>
  );
}
