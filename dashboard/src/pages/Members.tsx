/**
 * The account's members (`GET /v1/members`, permission `members:manage`): each with their role and
 * last sign-in, their role changed in place (`PATCH /v1/members/:id`), removed after a confirm
 * (`DELETE`); and invitations (members-invite.tsx). Who may change whom is the API's to say (only an
 * owner changes an owner; the last owner stays): its refusal is shown in its words.
 */
import { useState } from 'react';
import { api } from '../api';
import { Invitations } from '../members-invite';
import { ROLES, useMe } from '../people';
import type { Member } from '../team';
import { ErrorNote, time, usePolling } from '../ui';

export function MembersPage() {
  const members = usePolling(() => api<{ data: Member[] }>('GET', '/members'), []);
  const me = useMe();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (id: string, action: () => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
      await members.reload();
    }
  };
  // The answer is the member as changed: shown at once (a refusal reloads the list, showing the role kept).
  const changeRole = (m: Member, role: string) =>
    act(m.id, async () => {
      const changed = await api<Member>('PATCH', `/members/${encodeURIComponent(m.id)}`, { body: { role } });
      members.setData((list) => list && { data: list.data.map((x) => (x.id === changed.id ? changed : x)) });
    });
  const remove = (m: Member) => {
    const who = m.name ? `${m.name} (${m.email})` : m.email;
    if (!window.confirm(`Remove ${who} from the account? Their sessions end and the API keys they made are revoked.`))
      return;
    void act(m.id, () => api('DELETE', `/members/${encodeURIComponent(m.id)}`));
  };
  return (
    <section>
      <h1>Members</h1>
      <ErrorNote error={members.error} />
      <ErrorNote error={error} />
      <table className="list team-list" aria-label="Members">
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th>Joined</th>
            <th>Last sign-in</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {members.data?.data.map((m) => (
            <tr key={m.id} data-member={m.email}>
              <td>
                {m.name}
                {m.id === me?.id ? <span className="muted"> (you)</span> : null}
              </td>
              <td>{m.email}</td>
              <td>
                <select
                  aria-label={`Role of ${m.email}`}
                  value={m.role}
                  disabled={busy === m.id}
                  onChange={(e) => void changeRole(m, e.target.value)}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td>{time(m.createdAt)}</td>
              <td>{m.lastSignInAt ? time(m.lastSignInAt) : 'never'}</td>
              <td>
                <button type="button" className="danger" disabled={busy === m.id} onClick={() => remove(m)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Invitations />
    </section>
  );
}
