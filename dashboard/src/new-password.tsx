/**
 * The field a person chooses a password in (joining, a reset), with the service's rule beside it:
 * at least PASSWORD_MIN characters (src/people/password.rules.ts, NIST SP 800-63B), none known from
 * a breach. The browser checks the length; the API checks both and says why it refuses.
 */

/** The shortest password the service takes (src/people/password.rules.ts `PASSWORD_MIN`). */
export const PASSWORD_MIN = 12;

export function NewPasswordField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label>
        {label}
        <input
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required
        />
      </label>
      <p className="hint">At least {PASSWORD_MIN} characters; a password known from a breach is refused.</p>
    </>
  );
}
