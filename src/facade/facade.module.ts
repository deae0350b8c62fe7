/**
 * The Cloud API facade as a module (src/feature.ts, docs/api.md §D34): Graph-shaped routes under
 * `/graph/{version}` that map a Cloud API client's requests onto Tidings' own services, so it gains
 * the queue, pacing, consent, routing and analytics without changing a line but its base URL and
 * token. Built last: it uses the features before it and none uses it. app.ts registers the routes
 * (facade.plugin.ts).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { Feature } from '../feature.js';
import type { FacadeRoute } from './facade-route.js';
import { mediaAndTemplateFacadeRoutes, type MediaAndTemplateNeeds } from './media-templates.facade.js';
import { messagesFacadeRoutes, type MessagesFacadeNeeds } from './messages.facade.js';
import { phoneNumberFacadeRoutes } from './phone-number.facade.js';

/** What the parts use, by name (each part adds its own). */
export type FacadeNeeds = MessagesFacadeNeeds & MediaAndTemplateNeeds & { accounts: AccountService };

export interface FacadeProvides {
  /** The facade's routes, for app.ts to register under `/graph`. */
  facadeRoutes: FacadeRoute[];
}

export function facadeModule(needs: FacadeNeeds): Feature<FacadeProvides> {
  return {
    name: 'facade',
    provides: {
      facadeRoutes: [
        ...phoneNumberFacadeRoutes(needs),
        ...messagesFacadeRoutes(needs),
        ...mediaAndTemplateFacadeRoutes(needs),
      ],
    },
  };
}
