/** What the dispatcher (dispatcher.ts) is built with. */
import type { Logger } from 'pino';
import type { AccountService } from '../../accounts/account.service.js';
import type { DirectSendCapability } from '../../accounts/direct-send.js';
import type { Store } from '../../db/store.js';
import type { Clock } from '../../lib/clock.js';
import type { DispatchRecorder } from '../../metrics/recorders.js';
import type { Platform } from '../../platform/platform.js';
import type { StatusReports } from '../reports/status-reports.js';
import type { TestModeService } from '../reports/test-mode.service.js';
import type { Pacer } from './pacer.js';
import type { PayloadResolver } from './payload.js';
import type { DispatchPolicy } from './policy.js';
import type { TemplateHoldsOptions } from './template-holds.js';
import type { PersonDirectory } from '../../consent/person-cover.js';
import type { SuppressionLookup } from '../../consent/suppression-decision.js';

export interface DispatcherOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  resolver: PayloadResolver;
  statuses: Pick<StatusReports, 'attachWamids' | 'applyToMessage'>;
  testMode: TestModeService;
  pacer: Pacer;
  policy: DispatchPolicy;
  /** Counts each attempt's outcome per lane (with `stats`). */
  metrics: DispatchRecorder;
  /** Told what the platform's answer to a Direct Send said of its number (route.ts); asked whether a probe is due (probe-gate.ts). */
  directSend: Pick<DirectSendCapability, 'learn' | 'endProbe' | 'probeDue'>;
  /** Told what a send's refusal said of its template (132015 paused, 132016 disabled; template-holds.ts). */
  learnTemplate: TemplateHoldsOptions['learn'];
  /** The suppression list (consent feature): a claimed batch's suppressed customers fail without a platform call (suppression-check.ts). */
  suppressions: SuppressionLookup;
  /** Who each claimed message names, with every address of their contact (contacts feature). */
  people: PersonDirectory;
}
