/**
 * A bound on the work one JSON body can cause before it is refused. Parsing a body makes one object
 * per value, and the validators (Ajv with `allErrors`, http/validation.ts) then collect an error per
 * wrong value, with no cap of their own: reporting stops at MAX_ISSUES only after every error was
 * collected. A megabyte of `{}` where buttons belong is 300,000 objects and 600,000 errors: a second
 * and 200 MB for one request, and twenty at once held the process for ten seconds past 2.7 GB
 * (issue 23). A body's size limit alone does not prevent that: the largest valid send is 462 KB.
 *
 * No valid request holds more than a few thousand values, so the raw text is scanned first, without
 * allocating, and a body holding more than MAX_BODY_VALUES is refused before it is parsed, in one
 * line. Wire it as the JSON parser (src/app.ts, before the routes):
 *
 *     const json = app.getDefaultJsonParser('error', 'error');
 *     app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, budgetedJsonParser(json, { recorder }));
 */
import { TidingsError } from '../errors.js';
import type { JsonBodyRecorder } from '../metrics/recorders.js';

/**
 * The most JSON values a request body may hold, counted as `exceedsJsonValues` counts them. The
 * largest valid bodies hold a few thousand: 257 contact cards within their 16,384 characters (about
 * 2,500), a template with 100 variables and 100 buttons (about 700).
 */
export const MAX_BODY_VALUES = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;

/**
 * Where the JSON text `text` passes `max` values, counting each `[`, `{` and `,` outside strings
 * (every value but the first of each container, and every container): the index of the character
 * that made the count pass `max` (the scan stops there: the rest is never read), or -1 when the
 * text holds at most `max` values (it was read once, to its end). It allocates nothing; it does not
 * check that the text is JSON (the parser does).
 */
export function jsonValuesPassAt(text: string, max: number): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, its escapes included.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if ((c === COMMA || c === OPEN_ARRAY || c === OPEN_OBJECT) && ++count > max) {
      return i;
    }
  }
  return -1;
}

/** True when the JSON text `text` holds more than `max` values, counted as `jsonValuesPassAt` counts them. */
export function exceedsJsonValues(text: string, max: number): boolean {
  return jsonValuesPassAt(text, max) !== -1;
}

/** A Fastify content-type parser of a body read as a string. */
export type JsonParser<Request, Done> = (request: Request, body: string, done: Done) => void;

/**
 * `parse` (Fastify's JSON parser), preceded by the budget: a body over `max` values (default
 * MAX_BODY_VALUES; or the route's own `config.bodyValues`, a batch's) answers 400
 * `parameter_invalid` without being parsed. `recorder` counts each body: parsed, or over the budget.
 */
export function budgetedJsonParser<
  Request extends { routeOptions?: { config?: unknown } },
  Done extends (err: Error | null, body?: unknown) => void,
>(
  parse: JsonParser<Request, Done>,
  { max = MAX_BODY_VALUES, recorder }: { max?: number; recorder?: JsonBodyRecorder } = {},
): JsonParser<Request, Done> {
  return (request, body, done) => {
    const routeMax = (request.routeOptions?.config as { bodyValues?: number } | undefined)?.bodyValues ?? max;
    if (exceedsJsonValues(body, routeMax)) {
      recorder?.body('over_budget');
      done(
        new TidingsError(
          'parameter_invalid',
          `The request body holds more than ${routeMax.toLocaleString('en-US')} values; no valid request needs that many.`,
        ),
      );
      return;
    }
    recorder?.body('parsed');
    parse(request, body, done);
  };
}
