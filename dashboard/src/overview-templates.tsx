/**
 * The overview's table per template: what each one's sends became over the range, its delivery and
 * read rates, how long sends waited in the queue, and a flag on templates whose category the
 * platform changed or announced it will change (billed at the new category's price).
 */
import { api, type Page, type Template } from './api';
import { duration, percent, type Analytics } from './analytics';
import { categoryWords, TemplateFlags } from './template-facts';
import { Link } from './ui';

/**
 * Every template of the account, all categories, by id (`GET /v1/templates/?category=any`, 100 a
 * page, at most 10 pages: an account with more sees the others without their flags).
 */
export async function loadTemplates(): Promise<Map<string, Template>> {
  const out = new Map<string, Template>();
  let after = '';
  for (let page = 0; page < 10; page++) {
    const q = new URLSearchParams({ category: 'any', limit: '100', ...(after ? { starting_after: after } : {}) });
    const { data, has_more } = await api<Page<Template>>('GET', `/templates/?${q}`);
    for (const t of data) out.set(t.id, t);
    if (!has_more || data.length === 0) break;
    after = data.at(-1)!.id;
  }
  return out;
}

/** The flags of a template whose category changed or will change; nothing otherwise. */
function CategoryFlags({ t }: { t: Template | undefined }) {
  return t ? <TemplateFlags t={t} only="category" /> : null;
}

/**
 * One row per template (`answer` grouped by template), most accepted first; messages that are not
 * templates (text, media, interactive) in a last row of their own.
 */
export function TemplateTable({ answer, templates }: { answer: Analytics; templates: Map<string, Template> }) {
  const rows = [...answer.totals].sort(
    (a, b) => Number(a.group.templateId === null) - Number(b.group.templateId === null) || b.accepted - a.accepted,
  );
  return (
    <section className="card" aria-labelledby="templates-title">
      <h2 id="templates-title">Templates</h2>
      {rows.length === 0 ? (
        <p className="empty">No message in this range.</p>
      ) : (
        <div className="table-scroll">
          <table className="list template-stats" data-testid="template-stats">
            <thead>
              <tr>
                <th>Template</th>
                <th>Accepted</th>
                <th>Sent</th>
                <th>Delivered</th>
                <th>Read</th>
                <th>Failed</th>
                <th>Delivery rate</th>
                <th>Read rate</th>
                <th>
                  <abbr title="The median time from accepted to sent: how long sends waited in the number's queue">
                    Accepted → sent (median)
                  </abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const id = r.group.templateId ?? null;
                const t = id ? templates.get(id) : undefined;
                return (
                  <tr key={id ?? 'none'} data-template={id ?? 'none'}>
                    <td data-label="Template">
                      {id ? (
                        <>
                          {/* A long name (a Direct Send's generated one) is cut short; its whole name on hover. */}
                          <Link
                            to={`/templates/${id}`}
                            className="template-name"
                            title={r.group.templateName ?? t?.name ?? id}
                          >
                            {r.group.templateName ?? t?.name ?? id}
                          </Link>
                          {t ? <span className="tag">{t.language}</span> : null}
                          {t ? <span className="tag">{categoryWords(t.category)}</span> : null}
                          <CategoryFlags t={t} />
                        </>
                      ) : (
                        <span className="muted">Not a template (text, media, interactive…)</span>
                      )}
                    </td>
                    <td data-label="Accepted">{r.accepted}</td>
                    <td data-label="Sent">{r.sent}</td>
                    <td data-label="Delivered">{r.delivered}</td>
                    <td data-label="Read">{r.read}</td>
                    <td data-label="Failed">{r.failed}</td>
                    <td data-label="Delivery rate">{percent(r.deliveryRate)}</td>
                    <td data-label="Read rate">{percent(r.readRate)}</td>
                    <td data-label="Median accepted → sent">{duration(r.acceptedToSentMs?.median)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="hint">
        Delivery rate: delivered of sent. Read rate: read of delivered. A re-categorised template’s sends are billed at
        its new category from the change on.
      </p>
    </section>
  );
}
