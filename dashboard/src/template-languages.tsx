/**
 * A template's languages on its page: the account's templates of the same name, one per language
 * (`GET /v1/templates?name=…&category=any`), each with its status and quality and a link to it.
 */
import { api, type Page, type Template } from './api';
import { QualityBadge } from './template-facts';
import { ErrorNote, Link, StatusBadge, usePolling } from './ui';

export function TemplateLanguages({ t }: { t: Template }) {
  // Read again when this one changes (a sibling's change shows within 10 s).
  const { data, error } = usePolling(
    () =>
      api<Page<Template>>('GET', `/templates/?${new URLSearchParams({ name: t.name, category: 'any', limit: '100' })}`),
    [t.name, t.updatedAt],
    10_000,
  );
  const languages = [...(data?.data ?? [])].sort((a, b) => a.language.localeCompare(b.language));
  return (
    <section className="languages-section" aria-labelledby="languages-title">
      <h2 id="languages-title">Languages</h2>
      <ErrorNote error={error} />
      {data === null ? (
        error ? null : (
          <p>Loading…</p>
        )
      ) : (
        <>
          <ul className="languages" data-testid="languages">
            {languages.map((l) => (
              <li key={l.id} data-language={l.language}>
                {l.id === t.id ? (
                  <span aria-current="page">
                    <strong>{l.language}</strong> (this one)
                  </span>
                ) : (
                  <Link to={`/templates/${l.id}`}>{l.language}</Link>
                )}
                <StatusBadge status={l.status} />
                <QualityBadge quality={l.quality} />
              </li>
            ))}
          </ul>
          {languages.length <= 1 && (
            <p className="empty">
              Only in {t.language}: no other language has a template named {t.name}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
