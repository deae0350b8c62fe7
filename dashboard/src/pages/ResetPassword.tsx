/**
 * A password reset link (`#/join/<token>` of kind `password_reset`, docs/api.md §D26): the new
 * password, set through `POST /v1/links/:token/accept`. It signs no one in and ends every session of
 * the person (OWASP Forgot Password Cheat Sheet), so the page then sends them to sign in.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { NewPasswordField } from '../new-password';
import { ErrorNote } from '../ui';

export function ResetPasswordForm({ path, email }: { path: string; email: string | null }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', `${path}/accept`, { body: { password } });
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <div role="status">
        <h2>Your password is set</h2>
        <p>Every session you had was signed out. Sign in with the new password.</p>
        <a className="button" href="#/sign-in">
          Sign in
        </a>
      </div>
    );
  return (
    <form onSubmit={submit} aria-label="Choose a new password">
      <h2>Choose a new password</h2>
      {email ? (
        <p>
          For <strong>{email}</strong>
        </p>
      ) : null}
      <NewPasswordField label="New password" value={password} onChange={setPassword} />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Set the password'}
      </button>
    </form>
  );
}
