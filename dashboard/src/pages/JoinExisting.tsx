/**
 * An invitation for an email that already has a sign-in (docs/api.md §D26): the link alone never
 * signs anyone in, so the page asks the person to sign in (their password and second factor, or
 * single sign-on, then the link again), then accepts with their session and moves it to the account.
 */
import { useState } from 'react';
import { api } from '../api';
import type { Me } from '../people';
import { ErrorNote, usePolling } from '../ui';
import { PasswordSignIn } from './SignIn';

export function JoinExisting(o: {
  path: string;
  email: string;
  accountName: string;
  role: string;
  onSignIn: (me: Me) => void;
}) {
  const { data: me, reload } = usePolling(() => api<Me>('GET', '/me').catch(() => null), []);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const joined = await api<{ accountId: string }>('POST', `${o.path}/accept`, { body: {} });
      o.onSignIn(await api<Me>('PATCH', '/me/session', { body: { accountId: joined.accountId } }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const heading = <h2>{`Join ${o.accountName} as ${o.role}`}</h2>;
  if (me && me.email === o.email)
    return (
      <div aria-label="Accept the invitation">
        {heading}
        <p>
          Signed in as <strong>{me.email}</strong>.
        </p>
        <ErrorNote error={error} />
        <button type="button" disabled={busy} onClick={accept}>
          {busy ? 'Joining…' : `Join ${o.accountName}`}
        </button>
      </div>
    );
  return (
    <div aria-label="Sign in to accept">
      {heading}
      <p>
        <strong>{o.email}</strong> already has a Tidings sign-in
        {me ? (
          <>
            {' '}
            (you are signed in as <strong>{me.email}</strong>)
          </>
        ) : null}
        : sign in as {o.email} to accept. With single sign-on, sign in on the sign-in page, then open this link again.
      </p>
      <PasswordSignIn onSignIn={() => reload()} />
    </div>
  );
}
