/**
 * Migrations, run at start by `connectDatabase`, one file each under `migrations/`. Each is written
 * once with Kysely's schema builder and runs on both SQLite and PostgreSQL. Never edit a migration
 * that has shipped; add one (Kysely runs them in the order of their names).
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import { m0001_foundation } from './migrations/0001_foundation.js';
import { m0002_templates } from './migrations/0002_templates.js';
import { m0003_templates_status_index } from './migrations/0003_templates_status_index.js';
import { m0004_media } from './migrations/0004_media.js';
import { m0005_events } from './migrations/0005_events.js';
import { m0006_dispatch } from './migrations/0006_dispatch.js';
import { m0007_contacts } from './migrations/0007_contacts.js';
import { m0008_inbound_media } from './migrations/0008_inbound_media.js';
import { m0009_template_buttons } from './migrations/0009_template_buttons.js';
import { m0010_rich_messages } from './migrations/0010_rich_messages.js';
import { m0011_dispatch_due_order } from './migrations/0011_dispatch_due_order.js';
import { m0012_contact_search } from './migrations/0012_contact_search.js';
import { m0013_retention } from './migrations/0013_retention.js';
import { m0014_batches } from './migrations/0014_batches.js';
import { m0015_routing } from './migrations/0015_routing.js';
import { m0016_template_lifecycle } from './migrations/0016_template_lifecycle.js';
import { m0017_message_analytics } from './migrations/0017_message_analytics.js';
import { m0018_pricing_tiers } from './migrations/0018_pricing_tiers.js';
import { m0019_consent } from './migrations/0019_consent.js';
import { m0020_platform_signals } from './migrations/0020_platform_signals.js';
import { m0021_blocked_users } from './migrations/0021_blocked_users.js';
import { m0022_template_parameter_format } from './migrations/0022_template_parameter_format.js';
import { m0023_consent_modes } from './migrations/0023_consent_modes.js';
import { m0024_batch_details } from './migrations/0024_batch_details.js';
import { m0025_analytics_quarter_hours } from './migrations/0025_analytics_quarter_hours.js';
import { m0026_people_and_audit } from './migrations/0026_people_and_audit.js';
import { m0027_api_key_names } from './migrations/0027_api_key_names.js';
import { m0028_second_factor } from './migrations/0028_second_factor.js';
import { m0029_erasure } from './migrations/0029_erasure.js';
import { m0030_retention_kinds } from './migrations/0030_retention_kinds.js';
import { m0031_triggers_per_statement } from './migrations/0031_triggers_per_statement.js';
import { m0032_list_indexes } from './migrations/0032_list_indexes.js';
import { m0033_conversation_holder } from './migrations/0033_conversation_holder.js';
import { m0034_contact_former_addresses } from './migrations/0034_contact_former_addresses.js';
import { m0035_coexistence } from './migrations/0035_coexistence.js';
import { m0036_direct_send_probe } from './migrations/0036_direct_send_probe.js';
import { m0037_cloud_api_endpoints } from './migrations/0037_cloud_api_endpoints.js';

const migrations: Record<string, Migration> = {
  '0001_foundation': m0001_foundation,
  '0002_templates': m0002_templates,
  '0003_templates_status_index': m0003_templates_status_index,
  '0004_media': m0004_media,
  '0005_events': m0005_events,
  '0006_dispatch': m0006_dispatch,
  '0007_contacts': m0007_contacts,
  '0008_inbound_media': m0008_inbound_media,
  '0009_template_buttons': m0009_template_buttons,
  '0010_rich_messages': m0010_rich_messages,
  '0011_dispatch_due_order': m0011_dispatch_due_order,
  '0012_contact_search': m0012_contact_search,
  '0013_retention': m0013_retention,
  '0014_batches': m0014_batches,
  '0015_routing': m0015_routing,
  '0016_template_lifecycle': m0016_template_lifecycle,
  '0017_message_analytics': m0017_message_analytics,
  '0018_pricing_tiers': m0018_pricing_tiers,
  '0019_consent': m0019_consent,
  '0020_platform_signals': m0020_platform_signals,
  '0021_blocked_users': m0021_blocked_users,
  '0022_template_parameter_format': m0022_template_parameter_format,
  '0023_consent_modes': m0023_consent_modes,
  '0024_batch_details': m0024_batch_details,
  '0025_analytics_quarter_hours': m0025_analytics_quarter_hours,
  '0026_people_and_audit': m0026_people_and_audit,
  '0027_api_key_names': m0027_api_key_names,
  '0028_second_factor': m0028_second_factor,
  '0029_erasure': m0029_erasure,
  '0030_retention_kinds': m0030_retention_kinds,
  '0031_triggers_per_statement': m0031_triggers_per_statement,
  '0032_list_indexes': m0032_list_indexes,
  '0033_conversation_holder': m0033_conversation_holder,
  '0034_contact_former_addresses': m0034_contact_former_addresses,
  '0035_coexistence': m0035_coexistence,
  '0036_direct_send_probe': m0036_direct_send_probe,
  '0037_cloud_api_endpoints': m0037_cloud_api_endpoints,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
