/**
 * A template's time to live (docs/api.md §D19): how long the platform keeps trying to deliver each
 * send of it, 30 to 43,200 seconds, or null for the platform's default (30 days). Shown on the
 * template's page, set in the editor, and changed alone on an approved template (no new review).
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError, type Template } from './api';
import { Issues } from './issue-fields';
import { ErrorNote } from './ui';

export const TTL_MIN = 30;
export const TTL_MAX = 43_200;

/** What the input's hint says: the bounds and what leaving it empty means. */
export const TTL_HINT =
  '30 to 43,200 seconds (12 hours) the platform keeps trying to deliver each send; empty: the platform’s default, 30 days.';

/** Seconds in words: `90` → "1 min 30 s", `43200` → "12 h". */
function duration(seconds: number): string {
  const parts = [
    [Math.floor(seconds / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}

/** A time to live in words: "600 s (10 min)", or "Platform's default (30 days)" for null. */
export function ttlWords(timeToLive: number | null): string {
  if (timeToLive === null) return 'Platform’s default (30 days)';
  const s = `${timeToLive.toLocaleString('en-US')} s`;
  return timeToLive >= 60 ? `${s} (${duration(timeToLive)})` : s;
}

/**
 * Changes an approved template's time to live alone (`PATCH {timeToLive}`): the platform takes it
 * with no new review. `onSaved` gets the template as answered. A value out of bounds is refused by
 * the service, whose issue shows beside the input.
 */
export function TimeToLiveForm({ template, onSaved }: { template: Template; onSaved: (t: Template) => void }) {
  const [value, setValue] = useState(template.timeToLive === null ? '' : String(template.timeToLive));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      onSaved(
        await api<Template>('PATCH', `/templates/${encodeURIComponent(template.id)}`, {
          body: { timeToLive: Number(value) },
          idempotent: true,
        }),
      );
      setSaved(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const issues = error instanceof ApiError ? (error.issues ?? null) : null;
  return (
    <form className="ttl" onSubmit={submit} aria-label="Change the time to live">
      <div className="filters">
        <div className="field">
          <label>
            New time to live, seconds
            <input
              type="number"
              name="timeToLive"
              min={TTL_MIN}
              max={TTL_MAX}
              step={1}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
            />
          </label>
          <Issues issues={issues} field="timeToLive" />
        </div>
        <button type="submit" className="secondary" disabled={busy}>
          {busy ? 'Saving…' : 'Change the time to live'}
        </button>
      </div>
      <p className="hint">30 to 43,200 seconds (12 hours). It changes at the platform at once, with no new review.</p>
      {saved ? (
        <p className="hint" role="status">
          Saved.
        </p>
      ) : null}
      <ErrorNote error={error} />
    </form>
  );
}
