/**
 * Window-aware routing in the send forms (docs/api.md §D19): a free-form send's "Delivery" choice
 * and, with "Whatever the window", an optional fallback template with its values, sent as `route`
 * and `fallback`; and the warnings a send's answer may carry. The forms hold a `RouteDraft`:
 *
 * ```tsx
 * const [route, setRoute] = useState(() => emptyRoute());
 * <DeliveryFields draft={route} onDraft={setRoute} templates={templates} error={error} />
 * Object.assign(body, routeFields(route, templates.data?.data));
 * ```
 */
import { useId } from 'react';
import type { Message, Template } from './api';
import { TemplateFields, templateFields, type useApprovedTemplates } from './compose-template';
import { errorIssues, Issues } from './issue-fields';
import { TemplateButtonInputs, type ButtonInput } from './template-buttons';

export type Route = NonNullable<Message['route']>;

/** What the Delivery part of a form holds: the route, and the fallback template with its values. */
export interface RouteDraft {
  route: Route;
  /** The fallback's `tpl_` id; empty: none. */
  templateId: string;
  values: Record<string, string>;
  buttons: Record<string, ButtonInput>;
}

export const emptyRoute = (route: Route = 'free_form'): RouteDraft => ({
  route,
  templateId: '',
  values: {},
  buttons: {},
});

/**
 * The routing part of a send body: nothing for `free_form` (the default), else `route: "auto"`
 * and, when a template is chosen, `fallback` with the placeholders filled in and the buttons' values.
 * @param templates the approved templates the picker lists (to know the chosen one's placeholders)
 */
export function routeFields(d: RouteDraft, templates: Template[] | undefined): Record<string, unknown> {
  if (d.route !== 'auto') return {};
  if (!d.templateId) return { route: 'auto' };
  const template = templates?.find((t) => t.id === d.templateId);
  return {
    route: 'auto',
    fallback: {
      ...templateFields(d.templateId, template, d.values),
      ...(Object.keys(d.buttons).length > 0 ? { buttons: d.buttons } : {}),
    },
  };
}

/**
 * The Delivery choice, and with "Whatever the window" the fallback template picker with a field per
 * placeholder and button. The refusals of `error` about the fallback (`param` or issues under
 * `fallback`) show beside its fields. `windowOpen` false: the customer's window is closed, said next
 * to the choice (the reply box knows it; the Send page does not, and leaves it out).
 */
export function DeliveryFields({
  draft,
  onDraft,
  templates,
  windowOpen,
  error,
}: {
  draft: RouteDraft;
  onDraft: (d: RouteDraft) => void;
  templates: ReturnType<typeof useApprovedTemplates>;
  windowOpen?: boolean;
  error: unknown;
}) {
  const id = useId();
  const set = (patch: Partial<RouteDraft>) => onDraft({ ...draft, ...patch });
  const issues = errorIssues(error, 'fallback');
  const template = templates.data?.data.find((t) => t.id === draft.templateId);
  return (
    <>
      <fieldset className="kinds delivery">
        <legend>Delivery</legend>
        <label>
          <input
            type="radio"
            name="route"
            value="free_form"
            checked={draft.route === 'free_form'}
            onChange={() => set({ route: 'free_form' })}
          />{' '}
          Only while the customer's window is open
        </label>
        {/* Named by the choice alone; how it goes is its description. */}
        <label>
          <input
            type="radio"
            name="route"
            value="auto"
            checked={draft.route === 'auto'}
            onChange={() => set({ route: 'auto' })}
            aria-labelledby={`${id}-auto`}
            aria-describedby={`${id}-auto-how`}
          />{' '}
          <span>
            <span id={`${id}-auto`}>Whatever the window</span>
            <span id={`${id}-auto-how`}>: as written, else Direct Send, else a template</span>
          </span>
        </label>
      </fieldset>
      {windowOpen === false ? (
        <p className="warning" role="note" data-testid="window-closed">
          The customer's window is closed: they have not written in the last 24 hours, so a message sent only while it
          is open would be refused. “Whatever the window” can still reach them.
        </p>
      ) : null}
      {draft.route === 'auto' ? (
        <div className="stack fallback">
          <TemplateFields
            templates={templates}
            templateId={draft.templateId}
            onTemplateId={(templateId) => set({ templateId, values: {}, buttons: {} })}
            values={draft.values}
            onValues={(values) => set({ values })}
            label="Fallback template (optional)"
            name="fallbackTemplateId"
            optional
            issues={issues}
            field="fallback"
          />
          <p className="hint">
            Sent instead when the window has closed and Direct Send cannot carry the message. Without one, such a
            message fails (outside_customer_window).
          </p>
          {template ? (
            <TemplateButtonInputs template={template} value={draft.buttons} onChange={(buttons) => set({ buttons })} />
          ) : null}
          <Issues issues={issues} field="fallback.buttons" />
        </div>
      ) : null}
    </>
  );
}

/** The warnings on a send's answer (`validity_shorter_than_template_ttl`…); nothing without any. */
export function SendWarnings({ warnings }: { warnings: Message['warnings'] | null }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <div className="warning" role="status" data-testid="send-warnings">
      <strong>Accepted, with {warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}:</strong>
      <ul>
        {warnings.map((w, n) => (
          <li key={n} data-code={w.code}>
            {w.message} <code>{w.code}</code>
            {w.param ? (
              <>
                {' '}
                (field: <code>{w.param}</code>)
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
