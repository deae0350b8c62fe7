/**
 * The small rules the facade's reading of a send shares (send-mapping.ts, send-mapping-types.ts):
 * what a read send is, and how a parameter is refused in Meta's envelope with Tidings' code in
 * `error_data.details` (docs/api.md §D34).
 */
import type { ErrorCode } from '../errors.js';
import { graphError } from '../lib/graph-errors.js';
import { GraphFailure } from './graph-error.js';

/** The first Graph major version whose sends may name a BSUID alone (docs/platform.md §0.2). */
export const BSUID_SINCE_MAJOR = 25;

/** A send read from a Graph body: the native send body, and what the answer's `contacts[]` echoes. */
export interface FacadeSend {
  /** A native send body (docs/api.md §4.6), checked by the native schema before it is sent. */
  body: Record<string, unknown>;
  /** `to` (or `recipient`) as the client wrote it: the answer's `contacts[0].input`. */
  input: string;
  /** The recipient is a BSUID (`recipient`): the answer names `user_id`, not `wa_id`. */
  bsuid: boolean;
  /** A media message's Graph type (`image`…): the file must be of that kind. */
  mediaKind?: string;
}

/** A mark as read read from a Graph body. */
export interface MarkRead {
  /** The customer's message: its wamid (or `in_` id). */
  messageId: string;
  typingIndicator: boolean;
}

/** Refuses with Meta's `code`, `"<tidings code>: <message>"` in `error_data.details`. @throws GraphFailure */
export function refuse(code: number, tidingsCode: ErrorCode, message: string): never {
  throw new GraphFailure(graphError(code, `${tidingsCode}: ${message}`));
}

/** A required parameter missing: Meta's 131008 (docs/platform.md §6.2). @throws GraphFailure */
export function missing(param: string): never {
  refuse(131008, 'parameter_missing', `The parameter ${param} is required.`);
}

export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * `v` must be an object whose keys are all in `allowed` (`path` names it in the refusal).
 * @throws GraphFailure 100 for a value that is not an object or a key not allowed.
 */
export function only(v: unknown, allowed: readonly string[], path: string): asserts v is Record<string, any> {
  if (!isObject(v)) refuse(100, 'parameter_invalid', `${path} must be an object.`);
  for (const key of Object.keys(v))
    if (!allowed.includes(key))
      refuse(
        100,
        'parameter_unknown',
        `${path}.${key} is not a parameter Tidings takes here (it takes ${allowed.join(', ')}).`,
      );
}

/** `v` as a list (`path` names it). @throws GraphFailure 100 */
export function list(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) refuse(100, 'parameter_invalid', `${path} must be an array.`);
  return v;
}

/** A string parameter, or undefined when absent. @throws GraphFailure 100 for another type */
export function text(v: unknown, path: string): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') refuse(100, 'parameter_invalid', `${path} must be a string.`);
  return v;
}

/** A required string parameter. @throws GraphFailure 131008 when absent, 100 for another type */
export function required(v: unknown, path: string): string {
  const s = text(v, path);
  if (s === undefined || s === '') missing(path);
  return s;
}
