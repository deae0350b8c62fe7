/**
 * What Tidings keeps, where, for how long (docs/privacy.md): every column of every table the
 * migrations create, and every kind of file under the data directory, each with the kind of data
 * it holds, the retention that removes it, what erasure of a customer does to it
 * (`POST /v1/contacts/{id}/erase`, docs/api.md §D28) and whether the export of a customer carries
 * it (`GET /v1/contacts/{id}/export`, docs/api.md §D29).
 *
 * `test/privacy-map.test.ts` keeps this map, the live schema of both databases and docs/privacy.md
 * in step: a column the migrations create without an entry here fails, naming it; an entry for a
 * column that does not exist fails; a column holding personal data (`PERSONAL_CATEGORIES`) that
 * docs/privacy.md does not name as `table.column` fails. A new column therefore needs an entry here,
 * and, if it holds a customer's address, name, content, file, raw payload or delivery log, a line
 * in docs/privacy.md.
 *
 * The entries are in `data-map/` by subject (messages, customers, files and events, the business,
 * the team, and the columns of branches not yet merged); the terms they use are `data-map/terms.ts`.
 * Nothing reads this map at run time: it is the record the documentation and the test check.
 */
import { BUSINESS_COLUMNS } from './data-map/business.js';
import { CUSTOMER_COLUMNS } from './data-map/customers.js';
import { FILE_AND_EVENT_COLUMNS } from './data-map/files-and-events.js';
import { MESSAGE_COLUMNS } from './data-map/messages.js';
import { GOVERNANCE_COLUMNS } from './data-map/governance.js';
import { TEAM_COLUMNS } from './data-map/team.js';
import type { ColumnEntry } from './data-map/terms.js';

export { FILES } from './data-map/files.js';
export {
  PERSONAL_CATEGORIES,
  type ColumnEntry,
  type DataCategory,
  type Erasure,
  type FileEntry,
  type FixedRetention,
  type Retention,
  type RetentionSetting,
} from './data-map/terms.js';

/** Every column of every table the migrations create (the erasure's and the retention's of issue 40: governance.ts). */
export const COLUMNS: readonly ColumnEntry[] = [
  ...MESSAGE_COLUMNS,
  ...CUSTOMER_COLUMNS,
  ...FILE_AND_EVENT_COLUMNS,
  ...BUSINESS_COLUMNS,
  ...TEAM_COLUMNS,
  ...GOVERNANCE_COLUMNS,
];
