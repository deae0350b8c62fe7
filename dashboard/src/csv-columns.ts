/**
 * The bulk send's columns as a template sees them (the format itself is @tidings/batch-csv's, read
 * alike by the CLI): the columns a send of the template reads, and the variable columns it has no
 * placeholder for, whose filled rows the service refuses (`variables_invalid`, by line).
 */
import { variableColumns, type CsvFile } from '@tidings/batch-csv';
import type { Template } from './api';
import { placeholders } from './compose-template';
import { isDynamicUrl } from './template-buttons';

/** The columns a send of `template` reads: `to`, its variables, its buttons' values, then the optional ones. */
export function columnsFor(template: Template): string[] {
  const buttons = template.buttons.flatMap((b, i) =>
    b.type === 'quick_reply'
      ? [`button.${i}.payload`]
      : b.type === 'url' && isDynamicUrl(b.url)
        ? [`button.${i}.urlSuffix`]
        : b.type === 'copy_code'
          ? [`button.${i}.couponCode`]
          : [],
  );
  return ['to', ...placeholders(template).map((p) => p.key), ...buttons, 'clientReference', 'sendAt'];
}

/**
 * The variable columns of `file` that `template` has no placeholder for, as the service keys them:
 * `header` for a text header's `{{1}}`, a position (`1`…) of the body, or a variable's name.
 */
export function columnsTemplateLacks(file: CsvFile, template: Template): string[] {
  const hasHeader = placeholders(template).some((p) => p.key === 'header');
  const names = new Set(template.variables.flatMap((v) => (v.name ? [v.name] : [])));
  const count = template.variables.length;
  return variableColumns(file).filter((c) =>
    c === 'header' ? !hasHeader : /^\d+$/.test(c) ? Number(c) < 1 || Number(c) > count : !names.has(c),
  );
}
