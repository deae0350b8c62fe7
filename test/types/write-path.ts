/**
 * Type tests, checked by `npm run typecheck` (never run): each `@ts-expect-error` line must fail
 * to compile. If a misuse compiled, its directive would be unused, which is itself a compile error.
 */
import { Type } from '@sinclair/typebox';
import type { Store } from '../../src/db/store.js';
import { defineRoute } from '../../src/http/route.js';
import { updateMessage } from '../../src/messages/record/message.repository.js';

/** A repository write takes only a unit of work's transaction, never the root handle. */
export async function writePathMisuse(store: Store): Promise<void> {
  await store.write(async (tx) => {
    await updateMessage(tx, 'msg_x', { text: 'fine' });
    // @ts-expect-error the root handle is not a unit of work: a write through it would run outside the transaction
    await updateMessage(store.read, 'msg_x', { text: 'outside the unit' });
  });
  // @ts-expect-error outside any unit of work, a write has no transaction to join
  await updateMessage(store.read, 'msg_x', { text: 'no unit at all' });
}

/** A route says which errors it answers and who may call it. */
export const routeWithoutErrors = defineRoute(
  // @ts-expect-error a route must list the error codes it answers (`errors`)
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    summary: 'x',
    tags: ['Messages'],
    access: { scope: 'messages:read', permission: 'messages:read', modes: 'any' },
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);

export const routeWithoutScope = defineRoute(
  // @ts-expect-error a route must say who may call it (`access`: a scope and the modes, or public)
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    summary: 'x',
    tags: ['Messages'],
    errors: [],
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);

export const routeWithoutPermission = defineRoute(
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    summary: 'x',
    tags: ['Messages'],
    errors: [],
    // @ts-expect-error a route must say which permission a person needs beside the key's scope (docs/api.md §D26)
    access: { scope: 'messages:read', modes: 'any' },
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);

/** A route names itself and its resource, so the OpenAPI document and the generated client can. */
export const routeWithoutSummary = defineRoute(
  // @ts-expect-error a route must have a summary (the operation's name in the docs and the client)
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    tags: ['Messages'],
    access: { scope: 'messages:read', permission: 'messages:read', modes: 'any' },
    errors: [],
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);

export const routeWithoutTag = defineRoute(
  // @ts-expect-error a route must name its resource's tag
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    summary: 'x',
    access: { scope: 'messages:read', permission: 'messages:read', modes: 'any' },
    errors: [],
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);

export const routeWithUndeclaredTag = defineRoute(
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    summary: 'x',
    // @ts-expect-error a route's tag must be one declared in http/tags.ts (with its description)
    tags: ['Widgets'],
    access: { scope: 'messages:read', permission: 'messages:read', modes: 'any' },
    errors: [],
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);

export const routeWithTwoTags = defineRoute(
  {
    method: 'GET',
    url: '/x',
    operationId: 'x',
    summary: 'x',
    // @ts-expect-error a route belongs to exactly one resource
    tags: ['Messages', 'Events'],
    access: { scope: 'messages:read', permission: 'messages:read', modes: 'any' },
    errors: [],
    idempotency: 'none',
    response: { status: 200, schema: Type.Object({}) },
  },
  async () => ({}),
);
