/**
 * `GET /{phone-number-id}` on the facade (docs/api.md §D34): the key's business number in the
 * shape of Graph's WhatsApp Business Phone Number node.
 */
import { defineFacadeRoute, type FacadeRoute } from './facade-route.js';

export function phoneNumberFacadeRoutes(): FacadeRoute[] {
  return [
    defineFacadeRoute({
      method: 'GET',
      url: '/:phoneNumberId',
      owner: 'phone_number',
      scope: 'messages:read',
      permission: 'messages:read',
      idempotency: 'none',
      handler: async ({ sender }) => ({ display_phone_number: sender.displayPhoneNumber, id: sender.phoneNumberId }),
    }),
  ];
}
