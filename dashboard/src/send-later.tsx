/**
 * Sending later: a date-time input in the browser's local time, and its value as the RFC 3339 time
 * with offset that `sendAt` takes (docs/api.md §D18: 60 seconds to 35 days ahead, checked by the
 * service, which names `sendAt` when it refuses).
 */

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** The browser's offset from UTC at `date`, as RFC 3339 writes it: `+01:00`, `-07:00`, `+00:00`. */
export function offsetOf(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * A `datetime-local` value (`2026-12-01T09:00`, the browser's local time) as RFC 3339 with the
 * browser's offset at that time (`2026-12-01T09:00:00+01:00`); `null` for an empty or unreadable value.
 */
export function localToRfc3339(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(date.getTime())) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${offsetOf(date)}`;
}

/** An optional "send later" time, in the browser's time zone; empty sends at once. */
export function SendLaterInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <input type="datetime-local" name="sendAt" value={value} onChange={(e) => onChange(e.target.value)} />
      <span className="hint">
        Optional, your time zone (UTC{offsetOf(new Date())}): 1 minute to 35 days ahead. Empty sends now. A scheduled
        message can be canceled until it is sent.
      </span>
    </label>
  );
}
