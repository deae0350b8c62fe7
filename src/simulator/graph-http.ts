/**
 * What every Graph route of the simulator shares: reading parameters the way the Graph API does
 * (query string and body merged; JSON or form-encoded bodies), checking the access token, and
 * answering errors in Meta's envelope.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { expiredToken, invalidToken, missingToken, objectNotFound, type GraphError } from '../lib/graph-errors.js';
import { graphParams, presentedToken } from '../lib/graph-request.js';
import { wabaOfSimulatorToken } from '../lib/simulated-identity.js';
import type { SimNumber, SimulatorState } from './state.js';

/** A body that was sent as JSON but did not parse (the route answers 100 for it). */
export const BAD_JSON = Symbol('bad json');

/** The request's parameters as the Graph API reads them (lib/graph-request.ts). */
export const params = graphParams;

/** The WABAs a presented token may act for. */
export interface Grant {
  token: string;
  wabaIds: string[];
}

export { isGraphError } from '../lib/graph-errors.js';

export function fail(reply: FastifyReply, e: GraphError): FastifyReply {
  return reply
    .code(e.status)
    .header('www-authenticate', e.body.error.code === 190 ? 'OAuth "Facebook Platform" "invalid_token"' : undefined)
    .send(e.body);
}

/** Whether the body was JSON that did not parse. */
export function badJson(request: FastifyRequest): boolean {
  return request.body === BAD_JSON;
}

/**
 * Checks a request's token: a simulator-derived token (identity.ts) or one registered through the
 * control API. Anything else is 190, as the platform answers a token it did not issue.
 */
export function authenticate(state: SimulatorState, appSecret: string, request: FastifyRequest): Grant | GraphError {
  const token = presentedToken(request);
  if (token === null) return missingToken();
  const derived = wabaOfSimulatorToken(appSecret, token);
  if (derived) return { token, wabaIds: [derived] };
  const registered = state.tokens.get(token);
  if (!registered) return invalidToken();
  if (registered.expiresAt !== null && registered.expiresAt <= Date.now()) return expiredToken(registered.expiresAt);
  return { token, wabaIds: registered.wabaIds };
}

/**
 * The business number `phoneNumberId` if the grant covers its WABA. A number the simulator has not
 * seen is created under the token's WABA; one made up by the control API before any token named
 * its WABA is bound to this one. Otherwise 100/33, as the platform hides objects a token may not see.
 */
export function authorizeNumber(
  state: SimulatorState,
  grant: Grant,
  phoneNumberId: string,
  method: string,
): SimNumber | GraphError {
  if (!/^\d+$/.test(phoneNumberId)) return objectNotFound(phoneNumberId, method);
  const known = state.numbers.get(phoneNumberId);
  const number = known ?? state.number(phoneNumberId, grant.wabaIds[0]);
  if (number.provisional && grant.wabaIds.length > 0) {
    number.wabaId = grant.wabaIds[0]!;
    delete number.provisional;
    state.changed();
  }
  return grant.wabaIds.includes(number.wabaId) ? number : objectNotFound(phoneNumberId, method);
}

/** Whether the grant covers `wabaId` (templates, phone number lists). */
export function authorizeWaba(grant: Grant, wabaId: string, method: string): true | GraphError {
  return /^\d+$/.test(wabaId) && grant.wabaIds.includes(wabaId) ? true : objectNotFound(wabaId, method);
}
