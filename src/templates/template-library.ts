/**
 * Templates from Meta's Template Library (docs/platform.md §5.3): browsing it, and creating a
 * template from one of its entries (`library_template_name` with its inputs). Such a template is
 * pre-written utility content: the platform approves it at once and never re-categorises it. It is
 * then a template like any other (listed, sent, in the history), with `libraryTemplateName` and
 * its inputs kept; its content is read back from the platform.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuthContext } from '../http/access.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { PlatformError, type LibraryTemplate, type Platform } from '../platform/platform.js';
import type { TemplateHistory } from './template-history.js';
import { importedRow } from './template-import.js';
import { snapshotChanges } from './template-lifecycle.js';
import { toTemplate } from './template.mapper.js';
import * as repo from './template.repository.js';
import type { Template } from './template.schemas.js';
import type { TemplateService } from './template.service.js';
import type { LibraryInputs, LibraryQuery, LibraryTemplateInput } from './template-library.schemas.js';
import { NAME_PATTERN } from './template.rules.js';

/** The platform's names of the body inputs (docs/platform.md §5.3). */
const BODY_INPUTS: Record<keyof NonNullable<LibraryInputs['body']>, string> = {
  addContactNumber: 'add_contact_number',
  addLearnMoreLink: 'add_learn_more_link',
  addSecurityRecommendation: 'add_security_recommendation',
  addTrackPackageLink: 'add_track_package_link',
  codeExpirationMinutes: 'code_expiration_minutes',
};

export class TemplateLibrary {
  readonly #o: {
    store: Store;
    clock: Clock;
    platform: Platform;
    accounts: AccountService;
    history: TemplateHistory;
    templates: TemplateService;
  };

  constructor(options: {
    store: Store;
    clock: Clock;
    platform: Platform;
    accounts: AccountService;
    history: TemplateHistory;
    templates: TemplateService;
  }) {
    this.#o = options;
  }

  /**
   * The library's entries matching `q`.
   * @throws TidingsError parameter_invalid (400) for a filter value the platform does not know
   *   (its refusal names the parameter and the values it takes); PlatformError otherwise.
   */
  async browse(auth: AuthContext, q: LibraryQuery): Promise<{ data: LibraryTemplate[] }> {
    try {
      return {
        data: await this.#o.platform.browseTemplateLibrary(
          await this.#o.accounts.credentialsForAccount(auth.accountId),
          q,
        ),
      };
    } catch (err) {
      if (!(err instanceof PlatformError) || err.kind !== 'refused' || err.code !== 100) throw err;
      // "(#100) Param usecase must be one of {…} - got "X"" (docs/platform.md §5.3).
      const text = err.details ?? err.message;
      const param = /Param (\w+)/.exec(text)?.[1];
      throw new TidingsError(
        'parameter_invalid',
        `The platform refused the filter: ${text.replace(/^.*?\(#100\)\s*/, '')}`,
        { param: param && param in q ? param : 'search' },
      );
    }
  }

  /**
   * Creates a template from a library entry: stored, created at the platform (approved at once),
   * its content read back, all before answering.
   * @throws TidingsError template_invalid (the name, or the platform refused the entry or its
   *   inputs: the platform's words in the issue), template_name_taken / template_name_reserved (409);
   *   PlatformError when the platform could not be reached (nothing is kept then: retry with the same Idempotency-Key).
   */
  async create(auth: AuthContext, input: LibraryTemplateInput): Promise<Template> {
    if (!NAME_PATTERN.test(input.name))
      throw new TidingsError('template_invalid', 'The name breaks content rules; see issues.', {
        issues: [
          {
            code: 'name_invalid',
            field: 'name',
            message: 'Use lowercase letters, digits and underscores, at most 512.',
          },
        ],
      });
    await this.#o.templates.checkNameFree(auth.accountId, input.name, input.language);
    const { store, clock, platform, history } = this.#o;
    const account = await this.#o.accounts.credentialsForAccount(auth.accountId);
    let created;
    try {
      created = await platform.createLibraryTemplate(account, {
        name: input.name,
        language: input.language,
        libraryTemplateName: input.libraryTemplateName,
        bodyInputs: bodyInputs(input.libraryInputs),
        buttonInputs: buttonInputs(input.libraryInputs),
      });
    } catch (err) {
      if (err instanceof PlatformError && err.kind === 'refused' && err.code === 100) {
        throw new TidingsError('template_invalid', 'The platform refused the library template; see issues.', {
          issues: [
            { code: 'library_template_refused', field: 'libraryTemplateName', message: err.details ?? err.message },
          ],
        });
      }
      throw err;
    }
    const read = await platform.readTemplate(account, created.id);
    const now = iso(clock.now());
    // Stored as submitted (`processing`, made through Tidings), then moved to what the platform says of it.
    const row: repo.TemplateRow = {
      ...importedRow(auth.accountId, read, now),
      id: newId('tpl'),
      name: input.name,
      language: input.language,
      category: 'UTILITY',
      status: 'processing',
      approved_at: null,
      rejection_reason: null,
      source: 'tidings',
      quality: 'UNKNOWN',
      category_update: null,
      library_template_name: input.libraryTemplateName,
      library_inputs: input.libraryInputs ? JSON.stringify(input.libraryInputs) : null,
    };
    const changes = snapshotChanges(
      row,
      { ...read, status: created.status, category: created.category, correctCategory: null },
      now,
    );
    const stored = { ...row, ...changes, updated_at: now };
    await store.write(async (tx) => {
      await repo.insertImported(tx, [stored]);
      await history.record(tx, null, { ...row }, { source: 'api', at: now });
      if (changes) await history.record(tx, row, stored, { source: 'api', at: now });
    });
    return toTemplate(stored);
  }
}

function bodyInputs(inputs: LibraryInputs | undefined): Record<string, boolean | number> {
  return Object.fromEntries(
    Object.entries(inputs?.body ?? {}).map(([k, v]) => [BODY_INPUTS[k as keyof typeof BODY_INPUTS], v]),
  );
}

function buttonInputs(inputs: LibraryInputs | undefined): Record<string, unknown>[] {
  return (inputs?.buttons ?? []).map((b) =>
    b.type === 'url'
      ? {
          type: 'URL',
          url: {
            base_url: b.url.baseUrl,
            ...(b.url.urlSuffixExample ? { url_suffix_example: b.url.urlSuffixExample } : {}),
          },
        }
      : { type: 'PHONE_NUMBER', phone_number: b.phoneNumber },
  );
}
