/** The analytics routes (docs/api.md §D22). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { AnalyticsQuery, AnalyticsResult } from './analytics.schemas.js';
import { MessageAnalytics } from './message-analytics.js';

/** Whether a request's `Accept` asks for CSV before JSON. */
function wantsCsv(accept: string | undefined): boolean {
  if (!accept) return false;
  const csv = accept.indexOf('text/csv');
  const json = accept.indexOf('application/json');
  return csv !== -1 && (json === -1 || csv < json);
}

export function analyticsRoutes({ analytics }: { analytics: MessageAnalytics }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/analytics/messages',
        operationId: 'getMessageAnalytics',
        summary: 'Message analytics',
        description:
          "Counts of the account's messages in the key's mode (accepted, sent, delivered, read, failed, canceled), billable messages per pricing category, delivery and read rates, and the median and 95th percentile of accepted → sent and sent → delivered, per `hour` or `day` (of `timeZone`, default UTC) and per group (`groupBy`), with totals. A message counts in the bucket it was accepted in, once per step it reached, whatever order the platform's reports came in. Served from aggregates Tidings keeps as messages change, never from a scan of the messages. `Accept: text/csv` answers the `data` rows as CSV. With a price table (`PRICE_TABLE_FILE`), each row has an estimated cost.",
        tags: ['Analytics'],
        access: { scope: 'messages:read', permission: 'analytics:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: AnalyticsQuery,
        response: {
          status: 200,
          schema: Type.Ref(AnalyticsResult),
          alsoAs: {
            contentType: 'text/csv',
            description:
              'With `Accept: text/csv`: the `data` rows as CSV (a header line; `start`, the group fields, each figure).',
          },
        },
      },
      async ({ auth, query, request, reply }) => {
        const result = await analytics.messages(auth, query);
        if (!wantsCsv(request.headers.accept)) return result;
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="messages-${result.granularity}-${result.from.slice(0, 10)}-${result.to.slice(0, 10)}.csv"`,
          )
          .send(MessageAnalytics.csv(result));
      },
    ),
  ];
}
