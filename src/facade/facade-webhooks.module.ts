/**
 * The Cloud API facade's webhooks as a module (src/feature.ts; docs/api.md §D35): a client's app
 * is a webhook endpoint of format `cloud_api` (the events feature keeps its deliveries, retries,
 * attempt log and redeliveries); this module fills the events feature's `cloudApiRenderer` slot
 * with what an event becomes in Meta's shape. A slot, not an import: the events feature is built
 * first, and the shapes need the accounts and messages built after it (docs/architecture.md,
 * "Cycles between features are slots").
 */
import type { AccountService } from '../accounts/account.service.js';
import type { Config } from '../config.js';
import type { CloudApiRenderer } from '../events/cloud-api-format.js';
import type { Feature, Slot } from '../feature.js';
import type { MessageService } from '../messages/message.service.js';
import { CloudApiWebhookRenderer } from './webhook-renderer.js';

export interface FacadeWebhooksNeeds {
  config: Config;
  cloudApiRenderer: Slot<CloudApiRenderer>;
  accounts: Pick<AccountService, 'senderCredentials'>;
  messages: Pick<MessageService, 'platformPayloadOf'>;
}

export interface FacadeWebhooksProvides {
  /** Meta's shape of an event (the same object the events feature's slot holds). */
  webhookRenderer: CloudApiWebhookRenderer;
}

export function facadeWebhooksModule({
  config,
  cloudApiRenderer,
  accounts,
  messages,
}: FacadeWebhooksNeeds): Feature<FacadeWebhooksProvides> {
  const webhookRenderer = new CloudApiWebhookRenderer({
    numberOf: (phoneNumberId) => accounts.senderCredentials(phoneNumberId),
    platformPayloadOf: (accountId, mode, id) => messages.platformPayloadOf(accountId, mode, id),
    graphVersion: config.platform.graphVersion,
  });
  cloudApiRenderer.fill(webhookRenderer);
  return { name: 'facade-webhooks', provides: { webhookRenderer } };
}
