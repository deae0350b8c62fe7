/**
 * A new API key (`POST /v1/api_keys`): a name, live or test, and its scopes (only those the
 * person's role holds as a permission of the same name: the API refuses the others). The key
 * itself is in the answer only, so it is shown once, to copy.
 */
import { useState, type FormEvent } from 'react';
import { api, type Mode } from './api';
import { SCOPES, useCan } from './people';
import type { CreatedApiKey } from './team';
import { ErrorNote } from './ui';

export function NewKey({ onCreated }: { onCreated: () => void }) {
  const can = useCan();
  const held = SCOPES.filter((s) => can(s));
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('live');
  const [scopes, setScopes] = useState<string[]>(held);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const toggle = (s: string) => setScopes(scopes.includes(s) ? scopes.filter((x) => x !== s) : [...scopes, s]);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { mode, scopes, ...(name.trim() ? { name: name.trim() } : {}) };
      setCreated(await api<CreatedApiKey>('POST', '/api_keys', { body }));
      setName('');
      onCreated();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card">
      {created ? (
        <div className="secret" role="status">
          <p>
            The key {created.name ? <strong>{created.name}</strong> : null} ({created.mode}).{' '}
            <strong>Copy it now: it is not shown again.</strong>
          </p>
          <code data-testid="api-key-secret">{created.key}</code>
          <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(created.key)}>
            Copy
          </button>
          <button type="button" className="secondary" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      ) : null}
      <form className="stack" onSubmit={create} aria-label="Create an API key">
        <h2>Create a key</h2>
        <label>
          Name
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="CI" />
        </label>
        <fieldset className="kinds">
          <legend>Mode</legend>
          {(['live', 'test'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name="key-mode" checked={mode === m} onChange={() => setMode(m)} />
              {m === 'live' ? 'Live' : 'Test'}
            </label>
          ))}
        </fieldset>
        <fieldset className="event-types">
          <legend>Scopes</legend>
          {SCOPES.map((s) => (
            <label key={s} title={held.includes(s) ? undefined : 'Your role does not hold this permission'}>
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                disabled={!held.includes(s)}
                onChange={() => toggle(s)}
              />
              {s}
            </label>
          ))}
        </fieldset>
        <ErrorNote error={error} />
        <div className="actions">
          <button type="submit" disabled={busy || scopes.length === 0}>
            {busy ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
    </div>
  );
}
