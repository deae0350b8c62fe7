/**
 * The service's background work, started by `main.ts` through `Deps.startBackground` (never by the
 * CLI or the tests that do not ask for it): the job workers, each feature's own work (the
 * dispatcher), and the features' periodic tasks (housekeeping every hour, the aggregates' fold
 * every second, PostgreSQL's table upkeep), each named in the feature that does it.
 */
import type { Logger } from 'pino';
import type { Feature, PeriodicTask } from './feature.js';
import type { JobQueue } from './jobs/job-queue.js';
import { withWork } from './lib/work.js';

export interface BackgroundOptions {
  logger: Logger;
  jobs: JobQueue;
  /** In the composition's order: started in it, stopped in reverse. */
  features: readonly Feature[];
}

export class Background {
  readonly #o: BackgroundOptions;
  readonly #timers: NodeJS.Timeout[] = [];
  #stopping = new AbortController();

  constructor(options: BackgroundOptions) {
    this.#o = options;
  }

  /** Starts the job workers, then each feature's own work, then the periodic tasks (those `atStart` run at once). */
  async start(): Promise<void> {
    this.#stopping = new AbortController();
    await this.#o.jobs.start();
    for (const feature of this.#o.features) await feature.start?.();
    for (const task of this.#o.features.flatMap((f) => f.periodic ?? [])) this.#schedule(task);
  }

  /**
   * Stops the periodic tasks (a run under way is told by its signal), then each feature's work in
   * reverse order (the dispatcher: entries waiting for their slot go back to the queue at once;
   * calls under way finish), then the job workers (running jobs are awaited).
   */
  async stop(): Promise<void> {
    this.#stopping.abort();
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    for (const feature of [...this.#o.features].reverse()) await feature.stop?.();
    await this.#o.jobs.stop();
  }

  /** Runs `task` every `everyMs` (and now, if `atStart`), never two runs at once; a failure is logged. */
  #schedule(task: PeriodicTask): void {
    const signal = this.#stopping.signal;
    let running = false;
    const run = async (): Promise<void> => {
      if (running || signal.aborted) return;
      running = true;
      try {
        await withWork('housekeeping', () => task.run(signal));
      } catch (err) {
        this.#o.logger.warn({ err }, `${task.name} failed`);
      } finally {
        running = false;
      }
    };
    if (task.atStart) void run();
    const timer = setInterval(run, task.everyMs);
    timer.unref();
    this.#timers.push(timer);
  }
}
