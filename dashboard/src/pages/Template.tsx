import { Fragment } from 'react';
import { api, type Template } from '../api';
import { TemplateButtonList } from '../template-buttons';
import { ErrorNote, Link, StatusBadge, time, usePolling } from '../ui';

/** A template: status, rejection reason, category (and whether the platform changed it). */
export function TemplatePage({ id }: { id: string }) {
  const { data: t, error } = usePolling(() => api<Template>('GET', `/templates/${encodeURIComponent(id)}`), [id], 2000);
  if (!t) return <section>{error ? <ErrorNote error={error} /> : <p>Loading…</p>}</section>;
  const editable = t.status === 'pending' || t.status === 'rejected';
  return (
    <section>
      <p>
        <Link to="/templates">← Templates</Link>
      </p>
      <div className="title-row">
        <h1>{t.name}</h1>
        <StatusBadge status={t.status} />
      </div>
      <ErrorNote error={error} />
      {t.status === 'rejected' && (
        <div className="error" role="alert">
          Rejected by the platform: {t.rejectionReason ?? 'no reason given'}
        </div>
      )}
      {t.category !== 'UTILITY' && (
        <div className="warning" role="status">
          The platform re-categorised this template as {t.category.toLowerCase()}: Tidings sends utility templates only, so it can no longer be sent.
        </div>
      )}
      <dl className="facts">
        <dt>Language</dt>
        <dd>{t.language}</dd>
        <dt>Category</dt>
        <dd>{t.category}</dd>
        {t.header && (
          <>
            <dt>Header</dt>
            <dd>{t.header.type === 'text' ? t.header.text : `${t.header.type}: ${t.header.mediaId}`}</dd>
          </>
        )}
        <dt>Body</dt>
        <dd className="pre">{t.body}</dd>
        {t.variables.map((v, i) => (
          <Fragment key={i}>
            <dt>{`{{${i + 1}}}`}</dt>
            <dd>
              {v.name ? <code>{v.name}</code> : null} example: {v.example}
            </dd>
          </Fragment>
        ))}
        {t.footer && (
          <>
            <dt>Footer</dt>
            <dd>{t.footer}</dd>
          </>
        )}
        {t.buttons.length > 0 && (
          <>
            <dt>Buttons</dt>
            <dd>
              <TemplateButtonList buttons={t.buttons} />
            </dd>
          </>
        )}
        <dt>Approved</dt>
        <dd>{time(t.approvedAt)}</dd>
        <dt>Updated</dt>
        <dd>{time(t.updatedAt)}</dd>
      </dl>
      <div className="actions">
        {editable && (
          <Link to={`/templates/${t.id}/edit`} className="button">
            Edit
          </Link>
        )}
        {t.status === 'approved' && t.category === 'UTILITY' && (
          <Link to="/send" className="button secondary">
            Send it
          </Link>
        )}
      </div>
    </section>
  );
}
