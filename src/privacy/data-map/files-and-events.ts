/**
 * Stored files (customers' and the business's) and the events sent to the business's webhook
 * endpoints with their delivery logs, in the map of what Tidings keeps (src/privacy/data-map.ts).
 */
import { table, type ColumnEntry } from './terms.js';

export const FILE_AND_EVENT_COLUMNS: readonly ColumnEntry[] = [
  // A customer's file goes by retain_customer_files_days; the business's uploads stay until deleted.
  ...table(
    'media',
    { retention: 'retain_customer_files_days', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      filename: ['file', { note: "a file's name, as uploaded or as the customer's document named it" }],
      mime_type: 'metadata',
      kind: 'metadata',
      size_bytes: 'metadata',
      sha256: ['file', { note: "the file's own SHA-256: it finds the same file anywhere" }],
      created_at: 'metadata',
      source: ['metadata', { note: '`inbound` (a customer sent it) or `upload` (the business did)' }],
    },
  ),
  ...table(
    'media_registrations',
    { retention: '30 days (platform)', erasure: 'deleted', export: false },
    {
      media_id: 'identifier',
      phone_number_id: 'identifier',
      platform_media_id: 'identifier',
      expires_at: 'metadata',
      created_at: 'metadata',
    },
  ),
  ...table(
    'events',
    { retention: 'retain_events_days', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      type: 'metadata',
      payload: [
        'content',
        {
          note: "the event as delivered: its Message, InboundMessage or Contact with addresses, names and content; a `platform.webhook` event is a raw platform webhook passed on (retain_platform_payloads_days; erasure deletes those naming the customer's addresses)",
        },
      ],
      created_at: 'metadata',
      phone_number_id: [
        'identifier',
        { note: 'the business number it is about (0037): which Cloud API apps receive it' },
      ],
    },
  ),
  ...table(
    'event_deliveries',
    { retention: 'retain_events_days', erasure: 'deleted', export: false },
    {
      id: 'identifier',
      event_id: 'identifier',
      endpoint_id: 'identifier',
      status: 'metadata',
      attempt_count: 'metadata',
      next_attempt_at: 'metadata',
      created_at: 'metadata',
      updated_at: 'metadata',
    },
  ),
  ...table(
    'delivery_attempts',
    { retention: 'retain_events_days', erasure: 'deleted', export: false },
    {
      id: 'identifier',
      delivery_id: 'identifier',
      attempted_at: 'metadata',
      status_code: 'metadata',
      duration_ms: 'metadata',
      response_body: ['delivery_log', { note: "the first 1 KB of the receiver's answer, which may echo the event" }],
      error: ['delivery_log', { note: 'why no answer was usable' }],
    },
  ),
];
