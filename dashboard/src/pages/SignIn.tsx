/**
 * Signing in (docs/api.md §D26): a person's email and password, then their second factor when the
 * service asks for it (a TOTP code, or a recovery code); "Sign in with …" for each single sign-on
 * connection; or, the secondary way, an API key pasted into the tab ("Use an API key instead").
 * "Forgot your password?" asks for a reset link (ForgotPassword.tsx).
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api';
import type { Me, SignInAnswer } from '../people';
import { KeySignIn } from '../sign-in-key';
import { ErrorNote, usePolling } from '../ui';
import { ForgotPassword } from './ForgotPassword';

/** Remembers, for this tab, that the key form was chosen, so signing out of a key shows it again. */
const WAY_STORAGE = 'tidings.signInWith';

/** The error code the single sign-on callback put in `#/sign-in?error=<code>`, if any. */
function callbackError(): string | null {
  return new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('error');
}

/** Words for the callback's codes; another code is shown as it is. */
const SSO_ERRORS: Record<string, string> = {
  sso_failed: 'Single sign-on did not complete. Try again, or ask an admin to check the connection.',
  sso_denied: 'The provider did not let you in.',
  member_not_found: 'Your address is not a member of this account, and its domain is not allowed.',
  sign_in_failed: 'Single sign-on did not complete.',
};

export function SignIn({ onPerson, onKey }: { onPerson: (me: Me) => void; onKey: (key: string) => void }) {
  const [way, setWay] = useState(() => sessionStorage.getItem(WAY_STORAGE) ?? 'password');
  const choose = (w: 'password' | 'key') => {
    sessionStorage.setItem(WAY_STORAGE, w);
    setWay(w);
  };
  const ssoError = callbackError();
  return (
    <main className="signin">
      <h1>Tidings</h1>
      {ssoError ? (
        <div className="error" role="alert">
          <strong>{SSO_ERRORS[ssoError] ?? 'Single sign-on did not complete.'}</strong> <code>{ssoError}</code>
        </div>
      ) : null}
      {way === 'key' ? (
        <>
          <KeySignIn onSignIn={onKey} />
          <button type="button" className="link" onClick={() => choose('password')}>
            Sign in with an email and password instead
          </button>
        </>
      ) : way === 'forgot' ? (
        <ForgotPassword onBack={() => setWay('password')} />
      ) : (
        <>
          <PasswordSignIn onSignIn={onPerson} />
          <button type="button" className="link" onClick={() => setWay('forgot')}>
            Forgot your password?
          </button>
          <SsoButtons />
          <button type="button" className="link" onClick={() => choose('key')}>
            Use an API key instead
          </button>
        </>
      )}
    </main>
  );
}

/** Email and password, then, when the answer says `secondFactor: 'required'`, the code step (also JoinExisting.tsx's). */
export function PasswordSignIn({ onSignIn }: { onSignIn: (me: Me) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api<SignInAnswer>('POST', '/auth/sign_in', { body: { email: email.trim(), password } });
      setPassword('');
      if (answer.secondFactor === 'required' || !answer.user) setStep('code');
      else onSignIn(answer.user);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  if (step === 'code') return <SecondFactorStep onSignIn={onSignIn} onRestart={() => setStep('password')} />;
  return (
    <form onSubmit={submit} aria-label="Sign in">
      <label>
        Email
        <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

/** The second factor: a code from the authenticator app, or one of the recovery codes. */
function SecondFactorStep({ onSignIn, onRestart }: { onSignIn: (me: Me) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = recovery ? { recoveryCode: code.trim() } : { code: code.trim() };
      const answer = await api<SignInAnswer>('POST', '/auth/second_factor', { body });
      if (answer.user) onSignIn(answer.user);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Second factor">
      <label>
        {recovery ? 'Recovery code' : 'Code from your authenticator app'}
        <input
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
          autoFocus
        />
      </label>
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Checking…' : 'Continue'}
      </button>
      <button type="button" className="link" onClick={() => setRecovery(!recovery)}>
        {recovery ? 'Use a code from the app' : 'Use a recovery code'}
      </button>
      <button type="button" className="link" onClick={onRestart}>
        Start again
      </button>
    </form>
  );
}

/** "Sign in with <name>" for each single sign-on connection (`GET /v1/auth/sso`); nothing when there is none. */
function SsoButtons() {
  const { data } = usePolling(() => api<{ data: { id: string; name: string }[] }>('GET', '/auth/sso'), []);
  if (!data || data.data.length === 0) return null;
  return (
    <div className="actions sso" aria-label="Single sign-on">
      {data.data.map((c) => (
        <a key={c.id} className="button secondary" href={`/v1/auth/sso/${encodeURIComponent(c.id)}/start`}>
          Sign in with {c.name}
        </a>
      ))}
    </div>
  );
}
