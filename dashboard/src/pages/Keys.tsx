/**
 * The account's API keys (`GET /v1/api_keys`, permission `keys:manage`): name, prefix, mode,
 * scopes, who made it and when it was last used; revoked after a confirm (`DELETE`). A new key
 * (keys-create.tsx) is shown once.
 */
import { useState } from 'react';
import { api } from '../api';
import { NewKey } from '../keys-create';
import { useCan, useMe } from '../people';
import type { ApiKey, Member } from '../team';
import { ErrorNote, time, usePolling } from '../ui';

export function KeysPage() {
  const keys = usePolling(() => api<{ data: ApiKey[] }>('GET', '/api_keys'), []);
  const can = useCan();
  const me = useMe();
  // Who made a key, by email: the members list, for a role that may read it (else the person's id).
  const members = usePolling(
    () => (can('members:manage') ? api<{ data: Member[] }>('GET', '/members') : Promise.resolve({ data: [] })),
    [],
  );
  const [error, setError] = useState<unknown>(null);
  const maker = (id: string | null) => {
    if (id === null) return 'the operator (CLI)';
    if (id === me?.id) return `you (${me.email})`;
    return members.data?.data.find((m) => m.id === id)?.email ?? id;
  };
  const revoke = async (k: ApiKey) => {
    if (!window.confirm(`Revoke the key ${k.name ?? k.hint}? It stops working at once.`)) return;
    setError(null);
    try {
      await api('DELETE', `/api_keys/${encodeURIComponent(k.id)}`);
    } catch (err) {
      setError(err);
    }
    await keys.reload();
  };
  return (
    <section>
      <h1>API keys</h1>
      <NewKey onCreated={() => void keys.reload()} />
      <ErrorNote error={keys.error} />
      <ErrorNote error={error} />
      <table className="list team-list" aria-label="API keys">
        <thead>
          <tr>
            <th>Name</th>
            <th>Key</th>
            <th>Mode</th>
            <th>Scopes</th>
            <th>Created by</th>
            <th>Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.data?.data.map((k) => (
            <tr key={k.id} data-key={k.id}>
              <td>{k.name ?? <span className="muted">unnamed</span>}</td>
              <td>
                <code>{k.hint}</code>
              </td>
              <td>{k.mode}</td>
              <td>
                <div className="tags">
                  {k.scopes.map((s) => (
                    <span key={s} className="tag">
                      {s}
                    </span>
                  ))}
                </div>
              </td>
              <td>
                {maker(k.createdBy)}
                <div className="hint">{time(k.createdAt)}</div>
              </td>
              <td>{k.lastUsedAt ? time(k.lastUsedAt) : 'never'}</td>
              <td>
                {k.revokedAt ? (
                  <span className="badge status-failed">revoked {time(k.revokedAt)}</span>
                ) : (
                  <button type="button" className="danger" onClick={() => void revoke(k)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {keys.data && keys.data.data.length === 0 ? <p className="empty">No API keys yet.</p> : null}
    </section>
  );
}
