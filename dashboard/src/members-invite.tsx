/**
 * Inviting a person (`POST /v1/invitations`: an email and a role → a one-time link valid 7 days)
 * and the invitations not yet accepted (`GET`, revoked with `DELETE /v1/invitations/:id`). The
 * answer's `link` is shown to copy and send; where the service mailed it, the page says so instead.
 */
import { useState, type FormEvent } from 'react';
import { api } from './api';
import { ROLES } from './people';
import type { CreatedInvitation, Invitation } from './team';
import { ErrorNote, time, usePolling } from './ui';

export function Invitations() {
  const pending = usePolling(() => api<{ data: Invitation[] }>('GET', '/invitations'), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('agent');
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      setCreated(await api<CreatedInvitation>('POST', '/invitations', { body: { email: email.trim(), role } }));
      setEmail('');
      await pending.reload();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (i: Invitation) => {
    if (!window.confirm(`Revoke the invitation of ${i.email}? Its link stops working.`)) return;
    setError(null);
    try {
      await api('DELETE', `/invitations/${encodeURIComponent(i.id)}`);
    } catch (err) {
      setError(err);
    }
    await pending.reload();
  };
  return (
    <div className="card">
      <h2>Invitations</h2>
      <form className="stack" onSubmit={invite} aria-label="Invite a person">
        <label>
          Email
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.target.value)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
      <ErrorNote error={error} />
      {created ? <Invited invitation={created} onDone={() => setCreated(null)} /> : null}
      <ErrorNote error={pending.error} />
      <table className="list" aria-label="Pending invitations">
        <thead>
          <tr>
            <th>Email</th>
            <th>Role</th>
            <th>Expires</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {pending.data?.data.map((i) => (
            <tr key={i.id} data-invitation={i.email}>
              <td>{i.email}</td>
              <td>{i.role}</td>
              <td>{time(i.expiresAt)}</td>
              <td>
                <button type="button" className="danger" onClick={() => void revoke(i)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pending.data && pending.data.data.length === 0 ? <p className="empty">No invitations pending.</p> : null}
    </div>
  );
}

/** What the answer says: the link to send (shown this once), or that the service mailed it. */
function Invited({ invitation, onDone }: { invitation: CreatedInvitation; onDone: () => void }) {
  const mailed = invitation.mail === 'sent';
  return (
    <div className="secret" role="status" data-testid="invitation">
      {mailed ? (
        <p>
          The invitation was mailed to <strong>{invitation.email}</strong> as {invitation.role}.
        </p>
      ) : null}
      {invitation.mail === 'failed' ? (
        <p className="warning">The mail could not be sent: pass the link on yourself.</p>
      ) : null}
      {invitation.link ? (
        <>
          <p>
            Send this link to {invitation.email} (joins as {invitation.role}, works until {time(invitation.expiresAt)}).{' '}
            <strong>Copy it now: it is not shown again.</strong>
          </p>
          <code data-testid="invitation-link">{invitation.link}</code>
          <button
            type="button"
            className="secondary"
            onClick={() => void navigator.clipboard?.writeText(invitation.link!)}
          >
            Copy
          </button>
        </>
      ) : mailed ? null : (
        <p>
          {invitation.email} is invited as {invitation.role}.
        </p>
      )}
      <button type="button" className="secondary" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
