/** Which events an endpoint is sent (docs/api.md §D10, §D24; for `cloud_api` endpoints docs/api.md §D35). */
import { cloudApiReceives } from './cloud-api-format.js';
import type { EndpointRow, EventRow } from './event.repository.js';
import { OPT_IN_EVENT_TYPES } from './event-types.js';

const OPT_IN = new Set<string>(OPT_IN_EVENT_TYPES);

/**
 * Which events an endpoint receives, as a test: those of the types it names; `"*"` means every
 * type but the opt-in ones (OPT_IN_EVENT_TYPES, received only when named). A `cloud_api` endpoint
 * receives, of those, only the relayed types about its own number (cloud-api-format.ts).
 */
export function subscription(
  endpoint: Pick<EndpointRow, 'events' | 'format' | 'phone_number_id'>,
): (event: Pick<EventRow, 'type' | 'phone_number_id'>) => boolean {
  const types = new Set(JSON.parse(endpoint.events) as string[]);
  const named = (type: string) => types.has(type) || (types.has('*') && !OPT_IN.has(type));
  return endpoint.format === 'cloud_api'
    ? (event) => named(event.type) && cloudApiReceives(endpoint, event)
    : (event) => named(event.type);
}
