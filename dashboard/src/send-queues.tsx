/** The business numbers' send queues (`GET /v1/phone_numbers`), on the messages screen and the overview. */
import { api, type Page, type PhoneNumber } from './api';
import { time, usePolling } from './ui';

/** What a hold reason means, in a line. */
const HELD: Record<NonNullable<PhoneNumber['heldBack']>['reason'], string> = {
  throughput_exceeded: 'the platform said the tier was exceeded; the pace is lowered and rising back',
  platform_unavailable: 'the platform is failing or not answering; retrying with backoff',
  graph_rate_limited: 'the platform rate-limited the app or the WABA',
  number_maintenance: 'the number is in maintenance at the platform (a tier upgrade takes up to a minute)',
  access_token_rejected: "the platform refused the account's access token",
  permission_missing: 'the access token lacks a permission',
  account_restricted: 'the platform restricted the account',
  number_not_registered: 'the number is not registered at the platform',
  lease: 'messages were claimed by a process that stopped; they come back when the claim ends',
  reconciling: 'sends got no answer; each waits for a status report before it is sent again',
  retrying: 'the next message waits for its retry',
  template_paused:
    'the next message waits for a template the platform paused; it goes out once the template is approved again',
};

/** A number's Direct Send capability as learned from the platform's answers (docs/api.md §D19). */
const DIRECT_SEND: Record<PhoneNumber['directSend'], string> = {
  unknown: 'not tried yet',
  enabled: 'enabled',
  not_enabled: 'not enabled',
  blocked: 'blocked',
};

/** A number's messaging limit in words (docs/api.md §D24): unknown until the platform tells it. */
export function limitText(limit: PhoneNumber['messagingLimit']): string {
  if (!limit) return 'not told yet';
  if (limit.unlimited || limit.dailyUsers === null) return 'unlimited';
  return `${limit.dailyUsers.toLocaleString('en-US')} customers / 24 h`;
}

/**
 * Each business number's send queue, in the key's mode: messages wait here until their turn at the
 * number's pace (its throughput tier), or while the platform holds them back; and whether it can
 * reach a closed window by Direct Send.
 */
export function SendQueues() {
  const { data } = usePolling(() => api<Page<PhoneNumber>>('GET', '/phone_numbers'), [], 2000);
  return data ? <QueueTable numbers={data.data} /> : null;
}

/** The queue table of `numbers` (`GET /v1/phone_numbers`): tier, pace, queued, oldest, what holds it back, Direct Send, messaging limit. */
export function QueueTable({ numbers }: { numbers: PhoneNumber[] }) {
  return (
    <table className="list queues" data-testid="send-queues">
      <caption>Send queues</caption>
      <thead>
        <tr>
          <th>Number</th>
          <th>Tier</th>
          <th>Pace</th>
          <th>Queued</th>
          <th>Oldest</th>
          <th>Sending</th>
          <th>Direct Send</th>
          <th>Messaging limit</th>
        </tr>
      </thead>
      <tbody>
        {numbers.map((n) => (
          <tr key={n.phoneNumberId}>
            <td data-label="Number">
              +{n.displayPhoneNumber}
              {n.sender ? <span className="tag">this key</span> : null}
            </td>
            <td data-label="Tier">
              {n.throughput}/s <span className="muted">({n.throughputSource})</span>
            </td>
            <td data-label="Pace">{n.pace}/s</td>
            <td data-label="Queued">{n.queued}</td>
            <td data-label="Oldest">{n.oldestQueuedAgeSeconds === null ? '—' : `${n.oldestQueuedAgeSeconds} s`}</td>
            <td data-label="Sending">
              {n.heldBack ? (
                <span className="held" title={n.heldBack.message}>
                  held back: {HELD[n.heldBack.reason] ?? n.heldBack.message}
                  {n.heldBack.until ? ` (until ${time(n.heldBack.until)})` : ''}
                </span>
              ) : n.queued > 0 ? (
                'sending'
              ) : (
                'idle'
              )}
            </td>
            <td data-label="Direct Send" data-testid="direct-send">
              {DIRECT_SEND[n.directSend] ?? n.directSend}
            </td>
            <td
              data-label="Messaging limit"
              data-testid="messaging-limit"
              title="Customers the business may reach outside a customer service window per 24 hours, as the platform last told"
            >
              {limitText(n.messagingLimit)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
