/**
 * The second factor on the My security page (docs/api.md §D26): set it up (a QR code of the
 * `otpauth://` URI, drawn in the browser with the `qrcode` package, and the secret as text), confirm
 * it with a code, see the recovery codes once; when it is on, turn it off or get new recovery codes,
 * each with the password or a code from the app.
 */
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import {
  beginSecondFactor,
  confirmSecondFactor,
  disableSecondFactor,
  renewRecoveryCodes,
  type Proof,
} from './security';
import { ErrorNote } from './ui';

export function SecondFactor({ on, onChange }: { on: boolean; onChange: () => void }) {
  // Kept here, not in the forms: the codes stay on screen after the factor turns on.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <div className="card" role="region" aria-label="Second factor">
      <h2>Second factor</h2>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {on ? (
        <TurnedOn
          onCodes={setCodes}
          onOff={() => {
            setCodes(null);
            onChange();
          }}
        />
      ) : (
        <SetUp
          onOn={(c) => {
            setCodes(c);
            onChange();
          }}
        />
      )}
    </div>
  );
}

function SetUp({ onOn }: { onOn: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!setup) return;
    let live = true;
    QRCode.toString(setup.otpauthUri, { type: 'svg', margin: 1 })
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((err: unknown) => live && setError(err));
    return () => {
      live = false;
    };
  }, [setup]);
  const begin = async () => {
    setError(null);
    try {
      setSetup(await beginSecondFactor());
    } catch (err) {
      setError(err);
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onOn((await confirmSecondFactor(code.trim())).recoveryCodes);
    } catch (err) {
      setError(err);
    }
  };
  if (!setup)
    return (
      <>
        <p>Off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
        <button type="button" onClick={() => void begin()}>
          Set up a second factor
        </button>
        <ErrorNote error={error} />
      </>
    );
  return (
    <form onSubmit={confirm} aria-label="Confirm the second factor">
      <p>Scan this with your authenticator app, or type the secret into it.</p>
      {qr ? <img src={qr} alt="QR code of your second factor's secret" width={200} height={200} /> : null}
      <p>
        Secret: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <label>
        Code from the app
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      <button type="submit" disabled={!code.trim()}>
        Turn on
      </button>
      <ErrorNote error={error} />
    </form>
  );
}

function TurnedOn({ onCodes, onOff }: { onCodes: (codes: string[]) => void; onOff: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const proof = (): Proof => (code.trim() ? { code: code.trim() } : { password });
  const act = async (run: () => Promise<void>) => {
    setError(null);
    try {
      await run();
      setPassword('');
      setCode('');
    } catch (err) {
      setError(err);
    }
  };
  return (
    <>
      <p>On: signing in asks for a code from your authenticator app.</p>
      <p className="muted">To turn it off or get new recovery codes, give your password or a code from the app.</p>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label>
        or code from the app
        <input inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <button
        type="button"
        className="secondary"
        disabled={!password && !code.trim()}
        onClick={() => void act(async () => onCodes((await renewRecoveryCodes(proof())).recoveryCodes))}
      >
        New recovery codes
      </button>{' '}
      <button
        type="button"
        className="danger"
        disabled={!password && !code.trim()}
        onClick={() =>
          void act(async () => {
            await disableSecondFactor(proof());
            onOff();
          })
        }
      >
        Turn off
      </button>
      <ErrorNote error={error} />
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="notice" role="status">
      <p>
        <strong>Your recovery codes.</strong> Keep them somewhere safe: each signs you in once instead of a code, if you
        lose your phone. They are shown only now.
      </p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="secondary" onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}
