/**
 * Response serializers built once per test process for each schema, not once per route and per
 * service started. Fastify builds one with fast-json-stringify for every response schema of every
 * route when a service starts: 454 builds for 28 distinct schemas (the error envelope alone 386
 * times), seconds of CPU for each harness and each restart. The same schema with the same shared
 * schemas builds the same serializer, and a serializer keeps no state, so a built one is handed out
 * again. The service's own start (src/app.ts, `npm start`, the process tests) is unchanged.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The copy of fast-json-stringify that Fastify's default serializer compiler loads.
const compilerPath = createRequire(require.resolve('fastify')).resolve('@fastify/fast-json-stringify-compiler');
const fjsPath = createRequire(compilerPath).resolve('fast-json-stringify');

type Build = ((schema: object, options?: Record<string, unknown>) => unknown) & Record<string, unknown>;

if (require.cache[compilerPath]) {
  // Fastify's compiler took its reference to fast-json-stringify already: nothing to wrap.
  console.warn('test/serializers.ts: loaded after Fastify built a serializer; response serializers are not shared');
} else {
  const build = require(fjsPath) as Build;
  const built = new Map<string, unknown>();
  // Fastify hands every route of an application the same shared schemas (`options.schema`, one
  // object per encapsulation context): each object is turned into text once, not once per route,
  // and the key names its text by a number.
  const sharedIds = new WeakMap<object, number>();
  const idOfText = new Map<string, number>();
  const keyOf = (schema: object, options: Record<string, unknown>): string => {
    const { schema: shared, ...rest } = options;
    let id = -1;
    if (shared && typeof shared === 'object') {
      id = sharedIds.get(shared) ?? -1;
      if (id === -1) {
        const text = JSON.stringify(shared);
        id = idOfText.get(text) ?? idOfText.size;
        idOfText.set(text, id);
        sharedIds.set(shared, id);
      }
    }
    return `${id}\u0000${JSON.stringify(schema)}\u0000${JSON.stringify(rest)}`;
  };
  const cached = ((schema: object, options: Record<string, unknown> = {}) => {
    // Debug and standalone builds, and options a key cannot hold (functions), are built every time.
    if (options.mode !== undefined || Object.values(options).some((v) => typeof v === 'function'))
      return build(schema, options);
    const key = keyOf(schema, options);
    let serializer = built.get(key);
    if (serializer === undefined) {
      serializer = build(schema, options);
      built.set(key, serializer);
    }
    return serializer;
  }) as Build;
  Object.assign(cached, build, { default: cached, build: cached });
  require.cache[fjsPath]!.exports = cached;
}
