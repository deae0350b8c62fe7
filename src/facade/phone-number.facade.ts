/**
 * `GET /{phone-number-id}` on the facade (docs/api.md §D34): the key's business number in the
 * shape of Graph's WhatsApp Business Phone Number node (docs/platform.md §0.1), with what Tidings
 * knows of it. `fields=` is honoured: the node's default fields without it; each asked field of
 * Meta's list, answered when Tidings knows it and left out when it does not (Graph leaves unset
 * fields out, docs/platform.md §0.1); a field the node does not have is Graph's 100.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AccountService } from '../accounts/account.service.js';
import {
  PHONE_NUMBER_DEFAULT_FIELDS,
  PHONE_NUMBER_FIELDS,
  type NodeType,
  type PhoneNumberField,
  readNode,
  selectFields,
} from '../lib/graph-fields.js';
import { isGraphError } from '../lib/graph-errors.js';
import type { SenderCredentials } from '../platform/platform.js';
import { defineFacadeRoute, type FacadeRoute } from './facade-route.js';
import { GraphFailure } from './graph-error.js';

/** The number as the node reads it: the key's credentials and the account's name. */
interface Subject {
  sender: SenderCredentials;
  verifiedName: string | undefined;
}

/** The fields Tidings holds; every other field of the node is accepted and left out (unset). */
const KNOWN: Partial<Record<PhoneNumberField, (s: Subject) => unknown>> = {
  id: (s) => s.sender.phoneNumberId,
  // The business's name as the account knows it (the platform's verified name is not kept).
  verified_name: (s) => s.verifiedName,
  display_phone_number: ({ sender }) =>
    parsePhoneNumberFromString(`+${sender.displayPhoneNumber.replace(/\D/g, '')}`)?.formatInternational() ??
    sender.displayPhoneNumber,
  platform_type: () => 'CLOUD_API',
  // docs/platform.md §7: STANDARD numbers send 80 messages/s, HIGH ones 1,000.
  throughput: ({ sender }) => ({ level: sender.throughput >= 1000 ? 'HIGH' : 'STANDARD' }),
};

const PHONE_NUMBER_NODE: NodeType<Subject> = {
  name: 'WhatsAppBusinessPhoneNumber',
  defaults: PHONE_NUMBER_DEFAULT_FIELDS,
  fields: Object.fromEntries(PHONE_NUMBER_FIELDS.map((f) => [f, KNOWN[f] ?? (() => undefined)])),
};

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
        const selection = selectFields(input.fields);
        if (isGraphError(selection)) throw new GraphFailure(selection);
        const verifiedName = (await needs.accounts.getAccount(sender.accountId))?.name;
        const node = readNode(PHONE_NUMBER_NODE, { sender, verifiedName }, selection);
        if (isGraphError(node)) throw new GraphFailure(node);
        return node;
      },
    }),
  ];
}
