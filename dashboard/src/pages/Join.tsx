/**
 * A one-time link (`#/join/<token>`): an invitation to an account, a password reset, or the link
 * that makes the first owner (docs/api.md §D26). `GET /v1/links/:token` says which. A newcomer's form
 * sets the name and password (and for the owner's link the email), and accepting it signs in; an
 * invitation for an existing person asks them to sign in first (JoinExisting.tsx); a reset sets the
 * new password (ResetPassword.tsx).
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { NewPasswordField } from '../new-password';
import type { Me } from '../people';
import { ErrorNote, usePolling } from '../ui';
import { JoinExisting } from './JoinExisting';
import { ResetPasswordForm } from './ResetPassword';

/** `GET /v1/links/:token`. */
interface LinkInfo {
  kind: 'invite' | 'password_reset' | 'owner';
  email: string | null;
  accountName: string | null;
  role: string | null;
  existingPerson: boolean;
}

function heading(link: LinkInfo): string {
  if (link.kind === 'owner') return `Become the owner${link.accountName ? ` of ${link.accountName}` : ''}`;
  return `Join ${link.accountName ?? 'the account'}${link.role ? ` as ${link.role}` : ''}`;
}

export function JoinPage({ token, onSignIn }: { token: string; onSignIn: (me: Me) => void }) {
  const path = `/links/${encodeURIComponent(token)}`;
  const { data: link, error: linkError } = usePolling(() => api<LinkInfo>('GET', path), [path]);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!link) return;
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, string> = { password, name: name.trim() };
      if (link.kind === 'owner' && !link.email) body.email = email.trim();
      // The answer is the new person (`JoinedSchema`), not a Me: the session it started says who, where and what.
      await api('POST', `${path}/accept`, { body });
      onSignIn(await api<Me>('GET', '/me'));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="signin">
      <h1>Tidings</h1>
      <ErrorNote error={linkError} />
      {link?.kind === 'password_reset' ? <ResetPasswordForm path={path} email={link.email} /> : null}
      {link?.kind === 'invite' && link.existingPerson && link.email ? (
        <JoinExisting
          path={path}
          email={link.email}
          accountName={link.accountName ?? ''}
          role={link.role ?? ''}
          onSignIn={onSignIn}
        />
      ) : null}
      {link && link.kind !== 'password_reset' && !link.existingPerson ? (
        <form onSubmit={submit} aria-label="Accept the link">
          <h2>{heading(link)}</h2>
          {link.email ? (
            <p>
              For <strong>{link.email}</strong>
            </p>
          ) : null}
          <label>
            Your name
            <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} required />
          </label>
          {link.kind === 'owner' && !link.email ? (
            <label>
              Email
              <input
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </label>
          ) : null}
          <NewPasswordField label="Password" value={password} onChange={setPassword} />
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Join and sign in'}
          </button>
        </form>
      ) : null}
    </main>
  );
}
