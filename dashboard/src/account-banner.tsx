/**
 * A banner on every screen while the platform restricts or has disabled the account
 * (`GET /v1/account/signals`, docs/api.md §D24): sends may be refused until it is lifted; and while
 * the Graph API version the service speaks is within 90 days of its end of life (docs/api.md §D33).
 */
import { api, type AccountSignals } from './api';
import { time, usePolling } from './ui';

/** Polled every minute: the platform's signals are rare. */
const EVERY_MS = 60_000;

export function AccountBanner() {
  const { data } = usePolling(() => api<AccountSignals>('GET', '/account/signals'), [], EVERY_MS);
  const graphWarning = data?.graphApi?.warning ?? null;
  if (!data || (!data.restricted && !data.disabled && graphWarning === null)) return null;
  const restrictions = data.restriction?.restrictions ?? [];
  return (
    <div className="account-banner" role="alert" data-testid="account-banner">
      {data.disabled ? (
        <p>
          The platform has disabled this WhatsApp Business Account ({data.ban?.state}
          {data.ban?.date ? `, ${data.ban.date}` : ''}): messages cannot be sent until it is reinstated.
        </p>
      ) : null}
      {data.restricted ? (
        <p>
          The platform restricts this account:{' '}
          {restrictions
            .map(
              (r) =>
                `${r.type
                  .replace(/^RESTRICTED_/, '')
                  .replaceAll('_', ' ')
                  .toLowerCase()}${r.expiresAt ? ` until ${time(r.expiresAt)}` : ''}`,
            )
            .join('; ')}
          .
        </p>
      ) : null}
      {graphWarning !== null ? <p data-testid="graph-version-warning">{graphWarning}</p> : null}
    </div>
  );
}
