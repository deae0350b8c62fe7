/**
 * Template create/edit checks (docs/platform.md §2.1, §2.2) with the platform's codes: name, category,
 * language; one BODY ≤ 1024 characters (authentication bodies are Meta's own text and need none);
 * variables not at the start or end (2388299); positional variables `{{1}}…` in sequence or named
 * ones (`parameter_format`), each with its example; a media header with a Resumable Upload handle;
 * the buttons (buttons.ts).
 */
import { graphError, type GraphError } from '../../lib/graph-errors.js';
import type { SimulatorState } from '../state.js';
import { checkButtons } from './buttons.js';
import { component, variables } from './parts.js';

type Obj = Record<string, any>;

export interface CheckedTemplate {
  category: string;
  parameterFormat: 'POSITIONAL' | 'NAMED';
  components: Obj[];
}

/** Checks components for `category` (create, or edit with the template's category). */
export function checkComponents(
  state: SimulatorState,
  category: string,
  format: 'POSITIONAL' | 'NAMED',
  components: Obj[],
): GraphError | null {
  const bodies = components.filter((c) => String(c?.type ?? '').toUpperCase() === 'BODY');
  if (bodies.length !== 1) return graphError(100, 'A template needs exactly one BODY component.');
  const body = bodies[0]!;
  if (category !== 'AUTHENTICATION' || body.text !== undefined) {
    if (typeof body.text !== 'string' || body.text.trim() === '')
      return graphError(100, 'The BODY component needs text.');
    const text = body.text;
    if (text.length > 1024) return graphError(100, 'Body text is too long.', 2388040);
    if (/^\s*\{\{|\}\}\s*$/.test(text))
      return graphError(100, 'Variables can not be at the start or end of the template.', 2388299);
    const wrong = checkVariables(format, text, body.example, 'body');
    if (wrong) return wrong;
  }
  const header = component(components, 'HEADER');
  const headerFormat = String(header?.format ?? '').toUpperCase();
  if (header && headerFormat === 'TEXT') {
    if (typeof header.text !== 'string' || header.text.length > 60)
      return graphError(100, 'A TEXT header needs text of at most 60 characters.', 2388047);
    if (variables(header.text).length > 1)
      return graphError(100, 'A TEXT header can have one variable at most.', 2388047);
    const wrong = checkVariables(format, header.text, header.example, 'header');
    if (wrong) return wrong;
  }
  if (
    ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(headerFormat) &&
    !state.handles.has(String(header?.example?.header_handle?.[0] ?? ''))
  ) {
    return graphError(100, `The ${headerFormat} header needs example.header_handle from the Resumable Upload API.`);
  }
  if (headerFormat === 'LOCATION' && !['UTILITY', 'MARKETING'].includes(category))
    return graphError(100, 'A LOCATION header is for utility and marketing templates.');
  const footer = component(components, 'FOOTER');
  if (footer && typeof footer.text === 'string' && footer.text.length > 60)
    return graphError(100, 'The footer must be at most 60 characters.', 2388073);
  return checkButtons(category, component(components, 'BUTTONS'));
}

/** Variables of one text against the format, and their examples (docs/platform.md §2.1 examples). */
function checkVariables(
  format: 'POSITIONAL' | 'NAMED',
  text: string,
  example: Obj | undefined,
  part: 'body' | 'header',
): GraphError | null {
  const vars = variables(text);
  if (vars.length === 0) return null;
  if (format === 'POSITIONAL') {
    if (vars.some((v) => !/^\d+$/.test(v)))
      return graphError(100, `The ${part} uses named variables; set parameter_format to NAMED.`);
    if (vars.some((v, i) => v !== String(i + 1)))
      return graphError(100, `The ${part}'s variables must be {{1}}, {{2}}, … in order.`);
    const given = part === 'body' ? example?.body_text?.[0] : example?.header_text;
    if (!Array.isArray(given) || given.length < vars.length)
      return graphError(100, `Examples are required for every variable of the ${part}.`);
    return null;
  }
  if (vars.some((v) => !/^[a-z_][a-z0-9_]*$/.test(v)))
    return graphError(100, `Named variables of the ${part} must be lowercase letters, digits and underscores.`);
  const given: Obj[] = (part === 'body' ? example?.body_text_named_params : example?.header_text_named_params) ?? [];
  const names = new Set(Array.isArray(given) ? given.map((g) => g?.param_name) : []);
  const without = vars.find((v) => !names.has(v));
  return without
    ? graphError(100, `Examples are required for every variable of the ${part}; ${without} has none.`)
    : null;
}
