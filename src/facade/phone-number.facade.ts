/**
 * `GET /{phone-number-id}` on the facade (docs/api.md §D34): the key's business number in the
 * shape of Graph's WhatsApp Business Phone Number node (docs/platform.md §0.1), with what Tidings
 * knows of it. `fields=` is honoured: the node's default fields without it; each asked field of
 * Meta's list, answered when Tidings knows it and left out when it does not (Graph leaves unset
 * fields out, docs/platform.md §0.1); a field the node does not have is Graph's 100.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AccountService } from '../accounts/account.service.js';
import type { SenderCredentials } from '../platform/platform.js';
import { defineFacadeRoute, type FacadeRoute } from './facade-route.js';
import { nonexistingNodeField } from '../lib/graph-errors.js';
import { GraphFailure } from './graph-error.js';

/** Graph's default fields of the node, in Graph's order (`id` is always answered, last). */
const DEFAULTS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
];
/** The node's other fields (docs/platform.md §0.1): accepted, left out (Tidings does not hold them). */
const OTHERS = [
  'account_mode',
  'certificate',
  'conversational_automation',
  'country_code',
  'country_dial_code',
  'eligibility_for_api_business_global_search',
  'health_status',
  'is_official_business_account',
  'is_on_biz_app',
  'is_pin_enabled',
  'is_preverified_number',
  'last_onboarded_time',
  'messaging_limit_tier',
  'name_status',
  'new_certificate',
  'new_name_status',
  'quality_score',
  'search_visibility',
  'status',
  'webhook_configuration',
  'whatsapp_business_manager_messaging_limit',
];

/** The top-level names of a `fields` parameter (`a,b{c,d},e.limit(1)` → a, b, e); null when not given. */
export function fieldNames(value: unknown): string[] | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of `${value},`) {
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (depth === 0 && c === ',') {
      const name = /^\s*(\w+)/.exec(current)?.[1];
      if (name) names.push(name);
      current = '';
    } else if (depth === 0) current += c;
  }
  return names;
}

/** What Tidings knows of a field of the number (undefined: unset, left out). */
function valueOf(field: string, sender: SenderCredentials, verifiedName: string | undefined): unknown {
  switch (field) {
    case 'id':
      return sender.phoneNumberId;
    case 'verified_name':
      return verifiedName;
    case 'display_phone_number': {
      const parsed = parsePhoneNumberFromString(`+${sender.displayPhoneNumber.replace(/\D/g, '')}`);
      return parsed?.formatInternational() ?? sender.displayPhoneNumber;
    }
    case 'platform_type':
      return 'CLOUD_API';
    // docs/platform.md §7: STANDARD numbers send 80 messages/s, HIGH ones 1,000.
    case 'throughput':
      return { level: sender.throughput >= 1000 ? 'HIGH' : 'STANDARD' };
    default:
      return undefined;
  }
}

/** The facade's `GET /{phone-number-id}`. @throws GraphFailure 100 for a field the node does not have. */
export function phoneNumberFacadeRoutes(needs: { accounts: Pick<AccountService, 'getAccount'> }): FacadeRoute[] {
  return [
    defineFacadeRoute({
      method: 'GET',
      url: '/:phoneNumberId',
      owner: 'phone_number',
      scope: 'messages:read',
      permission: 'messages:read',
      idempotency: 'none',
      handler: async ({ sender, input }) => {
        const asked = fieldNames(input.fields) ?? DEFAULTS;
        for (const f of asked)
          if (f !== 'id' && !DEFAULTS.includes(f) && !OTHERS.includes(f))
            throw new GraphFailure(nonexistingNodeField(f, 'WhatsAppBusinessPhoneNumber'));
        // The business's name as the account knows it (the platform's verified name is not kept).
        const verifiedName = (await needs.accounts.getAccount(sender.accountId))?.name;
        const answer: Record<string, unknown> = {};
        for (const f of [...asked.filter((f) => f !== 'id'), 'id']) {
          const v = valueOf(f, sender, verifiedName);
          if (v !== undefined) answer[f] = v;
        }
        return answer;
      },
    }),
  ];
}
