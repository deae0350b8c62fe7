/**
 * Schemas compiled when a route is first used, not when it is registered.
 *
 * Fastify compiles every route's request validators (Ajv) and response serializers
 * (fast-json-stringify) as the route is added. For Tidings' few hundred routes that was about 8 s
 * of CPU at every start, almost all of it fast-json-stringify (profiled 2026-12-02 with
 * `node --cpu-prof dist/main.js`: `validate10`, `build`, `assertObjectDepth`), while a process
 * serves perhaps a dozen routes in its first minute. Here each compilation is put off to the first
 * request that needs it, and done once; the compiled function is then called directly.
 *
 * A broken schema would then fail at its first request, not at start: `compileAll()` compiles
 * every one put off so far, and the tests call it on the whole application (test/schemas-lazy.test.ts).
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

// biome-ignore lint/suspicious/noExplicitAny: a validator's or serializer's own parameters, passed on unchanged
type AnyFn = (...args: any[]) => unknown;
/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;

/** The compilations put off, per application. */
export class LazySchemas {
  readonly #pending = new Set<() => void>();

  /**
   * `compile` run at the first call of the function returned, whose calls then go to what it
   * compiled. The validator's `errors` (Ajv sets them on the function after a failed call, and
   * Fastify reads them from the function it was given) are copied after each call.
   */
  defer<F extends AnyFn>(compile: () => F): F {
    let compiled: F | undefined;
    const force = () => {
      compiled ??= compile();
      this.#pending.delete(force);
      return compiled;
    };
    this.#pending.add(force);
    const wrapper = function (this: unknown, ...args: Parameters<F>) {
      const fn = compiled ?? force();
      const result = fn.apply(this, args);
      (wrapper as unknown as { errors: unknown }).errors = (fn as unknown as { errors: unknown }).errors;
      return result;
    };
    return wrapper as unknown as F;
  }

  /** Compiles every schema not compiled yet (throws the first compilation error). Returns how many. */
  compileAll(): number {
    const all = [...this.#pending];
    for (const force of all) force();
    return all.length;
  }

  /**
   * A `schemaController.compilersFactory.buildSerializer` for Fastify's options: Fastify's own
   * fast-json-stringify compiler (with the application's shared schemas, for `$ref`s), each
   * response schema compiled at its first reply.
   */
  serializerBuilder(): SerializerFactory {
    // Fastify's own copy of its compiler, loaded when an application is built (test/serializers.ts
    // wraps the fast-json-stringify it loads, for the test processes' many applications).
    const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
    const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as {
      SerializerSelector: () => SerializerFactory;
    };
    const build = SerializerSelector();
    // A compiler per route, not one per context: Fastify's drops a schema's own `$id` from the
    // shared schemas it holds (to compile that schema), for good, so once `GET /v1/me` (whose
    // response is `Me`) was compiled, a route compiled later whose response refers to `Me`
    // (`POST /v1/auth/sign_in`) failed to compile. Compiled in registration order, that never
    // happened to the routes then; compiled at first use, it did.
    return (externalSchemas, options) => (route) => this.defer(() => build(externalSchemas, options)(route));
  }
}
