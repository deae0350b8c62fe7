/** Signing in with an API key pasted into the form: the way for a developer or a script, beside a person's password. */
import { useState, type FormEvent } from 'react';
import { ApiError, api, modeOf, storeKey } from './api';
import { ErrorNote } from './ui';

/** Paste an API key; it is checked against the API and kept in this tab only. */
export function KeySignIn({ onSignIn }: { onSignIn: (key: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const k = key.trim();
    if (!modeOf(k)) {
      setError(new ApiError(0, 'api_key_invalid', 'An API key starts with sk_live_ or sk_test_.'));
      return;
    }
    setBusy(true);
    storeKey(k);
    try {
      // Any authenticated call tells a good key from a bad one; a missing scope still proves the key.
      await api('GET', '/messages?limit=1').catch((err) => {
        if (err instanceof ApiError && err.code === 'permission_denied') return;
        throw err;
      });
      onSignIn(k);
    } catch (err) {
      storeKey(null);
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <label htmlFor="api-key">API key</label>
      <input
        id="api-key"
        type="password"
        autoComplete="off"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        placeholder="sk_live_… or sk_test_…"
        required
      />
      <p className="hint">
        The key is kept in this browser tab only (session storage) and sent in the x-api-key header; it never appears in
        a URL or a cookie.
      </p>
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Checking…' : 'Sign in'}
      </button>
    </form>
  );
}
