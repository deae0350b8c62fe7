/**
 * What the process is doing right now, as a name that follows the work through its async calls
 * (AsyncLocalStorage): an HTTP route (`POST /v1/messages/`), the dispatcher (`dispatch`), a job
 * type (`job:events.deliver`), housekeeping. The database statements a piece of work makes are
 * counted under its name (`tidings_db_statements_total{work}`), so what a message costs at each
 * step of its life can be read off the metrics.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `fn` as the work named `name` (until it and everything it starts are done). */
export function withWork<T>(name: string, fn: () => T): T {
  return current.run(name, fn);
}

/** The name of the work running now, or `other` outside any. */
export function currentWork(): string {
  return current.getStore() ?? 'other';
}
