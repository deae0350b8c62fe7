/**
 * What a template's page says about its state, and what to do about it (docs/platform.md §2.7–2.8,
 * docs/api.md): rejected, paused (sends held until the platform unpauses it), disabled (make a new
 * template), flagged (improve its quality before the disable date), a category change announced
 * (it will cost and behave as marketing, and Tidings will not send it), re-categorised.
 */
import type { Template } from './api';
import { categoryWords, effectiveWords, pauseTitleWords } from './template-facts';
import { day, Link, time } from './ui';

export function TemplateNotices({ t }: { t: Template }) {
  return (
    <>
      {t.status === 'rejected' && (
        <div className="error" role="alert">
          Rejected by the platform: {t.rejectionReason ?? 'no reason given'}
        </div>
      )}
      {t.status === 'paused' && (
        <div className="warning" role="status" data-testid="notice-paused">
          <p>
            <strong>Paused by the platform</strong>
            {t.pause ? ` since ${time(t.pause.pausedAt)}` : ''}
            {t.pause?.title ? ` (${pauseTitleWords(t.pause.title)})` : ''}
            {t.pause?.description ? `: “${t.pause.description}”` : '.'}
          </p>
          <p>
            Customers blocked or reported its messages. While it is paused, sends of it are refused (
            <code>template_paused</code>) and messages already queued for it are held, not sent, until the platform
            unpauses it (or their validity period ends). The platform unpauses it by itself after some hours; a template
            paused again and again is disabled for good, so look at its content and at who receives it before sending it
            widely again.
          </p>
        </div>
      )}
      {t.status === 'disabled' && (
        <div className="error" role="alert" data-testid="notice-disabled">
          <p>
            <strong>Disabled by the platform for good</strong>: it can no longer be sent, and sends of it, queued ones
            too, fail with <code>template_disabled</code>.
          </p>
          <p>
            To send this message again, <Link to="/templates/new">create a new template</Link> under a new name, with
            content customers expect from you.
          </p>
        </div>
      )}
      {t.flag && (
        <div className="warning" role="status" data-testid="notice-flagged">
          <p>
            <strong>Flagged by the platform</strong> on {time(t.flag.flaggedAt)}: it will be disabled{' '}
            {t.flag.disableDate ? `on ${day(t.flag.disableDate)}` : 'soon'} unless its quality improves.
          </p>
          <p>
            It can still be sent. Before that date, improve its content, or send it only to customers who expect it, so
            fewer block or report it.
          </p>
        </div>
      )}
      {t.categoryUpdate && (
        <div className="warning" role="status" data-testid="notice-category-update">
          <p>
            <strong>Category change announced</strong> on {time(t.categoryUpdate.noticedAt)}: the platform will make
            this template {categoryWords(t.categoryUpdate.category)} {effectiveWords(t.categoryUpdate.effectiveAt)}.
          </p>
          <p>
            From then on it is charged and treated as a {categoryWords(t.categoryUpdate.category)} template, and
            Tidings, which sends utility templates only, will not send it. Until then it is sent as it is. To keep a
            utility message, make a new template about a transaction the customer asked for (an order, an account, an
            appointment), with nothing promotional in it.
          </p>
        </div>
      )}
      {t.category !== 'UTILITY' && (
        <div className="warning" role="status" data-testid="notice-category">
          {t.previousCategory
            ? `The platform re-categorised this template from ${categoryWords(t.previousCategory)} to ${categoryWords(t.category)}: it now costs and behaves as a ${categoryWords(t.category)} template, and Tidings sends utility templates only, so it can no longer be sent.`
            : `This is a ${categoryWords(t.category)} template: Tidings sends utility templates only, so it cannot be sent from here.`}
        </div>
      )}
    </>
  );
}
