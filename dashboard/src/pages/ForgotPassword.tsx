/**
 * "Forgot your password?" on the sign-in page (docs/api.md §D26): `POST /v1/auth/password_reset`
 * answers 202 with the same words for every email (whether it has a sign-in is never told), which
 * the page shows as they are: a link is on its way, or the service sends no mail and an admin makes one.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorNote } from '../ui';

export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ message: string }>('POST', '/auth/password_reset', { body: { email: email.trim() } });
      setAnswer(res.message);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Reset your password">
      <h2>Reset your password</h2>
      {answer ? (
        <p role="status">{answer}</p>
      ) : (
        <>
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
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send me a reset link'}
          </button>
        </>
      )}
      <button type="button" className="link" onClick={onBack}>
        Back to signing in
      </button>
    </form>
  );
}
