/** Changing one's password on the My security page: the current one, then a new one (12 characters or more). */
import { useState, type FormEvent } from 'react';
import { changePassword } from './security';
import { ErrorNote } from './ui';

export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const { otherSessionsEnded } = await changePassword(current, next);
      setDone(`Password changed; ${otherSessionsEnded} other session${otherSessionsEnded === 1 ? '' : 's'} ended.`);
      setCurrent('');
      setNext('');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Change your password">
      <h2>Password</h2>
      <label>
        Current password
        <input
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label>
        New password
        <input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
      </label>
      <p className="muted">At least 12 characters; a few unrelated words make a good one. Your other sessions end.</p>
      <button type="submit" disabled={busy || !current || !next}>
        Change password
      </button>
      {done ? <p role="status">{done}</p> : null}
      <ErrorNote error={error} />
    </form>
  );
}
