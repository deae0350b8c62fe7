/**
 * Every event type (docs/api.md §D10). No imports: the dashboard's build uses this file too, so the
 * service and the dashboard cannot disagree on the list.
 */
export const EVENT_TYPES = [
  'message.sent',
  'message.delivered',
  'message.read',
  'message.failed',
  'message.canceled',
  'message.received',
  'template.approved',
  'template.rejected',
  'template.category_updated',
  'template.category_update_scheduled',
  'template.paused',
  'template.unpaused',
  'template.disabled',
  'template.flagged',
  'template.reinstated',
  'template.quality_updated',
  'batch.completed',
  'account.pricing_tier_updated',
  'account.restricted',
  'account.restriction_lifted',
  'account.disabled',
  'account.reinstated',
  'account.violation',
  'account.alert',
  'account.review_updated',
  'phone_number.messaging_limit_updated',
  'platform.webhook',
  'contact.blocked',
  'contact.unblocked',
  'contact.suppressed',
  'contact.unsuppressed',
  'contact.erased',
  'conversation.handover',
  'contact.changed_identity',
  'history.imported',
  'message.edited',
  'message.revoked',
  'ad.purchase',
  'ad.lead',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Types an endpoint receives only when it names them: `"*"` does not include them
 * (docs/api.md §D24). `platform.webhook` carries any webhook field Tidings does not handle, raw.
 */
export const OPT_IN_EVENT_TYPES: readonly EventType[] = ['platform.webhook'];
