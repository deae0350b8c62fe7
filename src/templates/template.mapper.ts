/** Mapping between template rows, the API's template, the platform's view and its webhooks. */
import { iso } from '../lib/clock.js';
import type { PlatformTemplate, TemplateSubmission } from '../platform/platform.js';
import type { TemplateRow } from './template.repository.js';
import type { TemplateButton } from './template-buttons.rules.js';
import type { TemplateHeader, TemplateVariable } from './template.rules.js';
import { TEMPLATE_QUALITIES, type Template, type TemplateQuality } from './template.schemas.js';

export function fromPlatform(t: PlatformTemplate, now: number): Partial<TemplateRow> {
  const status = t.status === 'APPROVED' ? 'approved' : t.status === 'REJECTED' ? 'rejected' : 'processing';
  return {
    platform_template_id: t.id,
    status,
    category: t.category === 'MARKETING' ? 'MARKETING' : 'UTILITY',
    approved_at: status === 'approved' ? iso(now) : null,
    submission_error: null,
  };
}

/** @param headerHandle the Resumable Upload handle of a media header (null for text or none). */
export function toSubmission(row: TemplateRow, headerHandle: string | null): TemplateSubmission {
  const variables = JSON.parse(row.variables) as TemplateVariable[];
  const header = row.header ? (JSON.parse(row.header) as TemplateHeader) : null;
  return {
    name: row.name,
    language: row.language,
    category: 'UTILITY',
    body: row.body,
    bodyExamples: variables.map((v) => v.example),
    header: !header
      ? null
      : header.type === 'text'
        ? { type: 'text', text: header.text, example: header.example ?? null }
        : { type: header.type, handle: headerHandle ?? '' },
    footer: row.footer,
    buttons: buttonsOf(row),
    timeToLive: row.time_to_live,
  };
}

/** A row's buttons; a template stored before buttons existed (null) has none. */
export function buttonsOf(row: Pick<TemplateRow, 'buttons'>): TemplateButton[] {
  return row.buttons ? (JSON.parse(row.buttons) as TemplateButton[]) : [];
}

/** The API's category of a stored one (the platform's three; anything else reads as UTILITY's opposite, MARKETING). */
export function categoryOf(category: string): Template['category'] {
  return category === 'UTILITY' || category === 'AUTHENTICATION' ? category : 'MARKETING';
}

/** The API's quality of a stored score (an unknown word reads as UNKNOWN). */
export function qualityOf(score: string | null | undefined): TemplateQuality {
  return (TEMPLATE_QUALITIES as readonly string[]).includes(score ?? '') ? (score as TemplateQuality) : 'UNKNOWN';
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    category: categoryOf(row.category),
    language: row.language,
    body: row.body,
    variables: JSON.parse(row.variables) as TemplateVariable[],
    header: row.header ? (JSON.parse(row.header) as Template['header']) : null,
    footer: row.footer,
    buttons: buttonsOf(row),
    timeToLive: row.time_to_live,
    source: row.source,
    quality: qualityOf(row.quality),
    pause: parseJson(row.pause),
    flag: parseJson(row.flag),
    previousCategory: row.previous_category,
    categoryUpdate: parseJson(row.category_update),
    libraryTemplateName: row.library_template_name,
    libraryInputs: parseJson(row.library_inputs),
    rejectionReason: row.status === 'rejected' ? row.rejection_reason : null,
    approvedAt: row.approved_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
