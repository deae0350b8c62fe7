/**
 * What a feature is to the composition root: each feature folder (`accounts/`, `messages/`…)
 * exports one module, a function from what the feature needs (narrow ports, named) to a `Feature`:
 * what it provides to the features after it, and what it contributes to the service (routes,
 * shared schemas, jobs, platform webhook consumers, metrics gauges, periodic work, start and stop).
 * The composition root (`composition/compose.ts`, listed in `deps.ts`) builds the modules in order,
 * so adding a feature is a folder and one line there; nothing else lists features.
 *
 * Constructor injection stays explicit and typed: a module names each service it needs, and the
 * compiler refuses a module listed before the features that provide its needs.
 */
import type { TSchema } from '@sinclair/typebox';
import type { IdempotencyGate } from './http/idempotency.js';
import type { Route } from './http/route.js';
import type { JobHandler, JobTypeOptions } from './jobs/job-queue.js';
import type { ScrapeSources } from './metrics/metrics.js';
import type { IntakeConsumers } from './platform/intake.js';

/** What the HTTP application hands the routes it registers (handles that live per application). */
export interface HttpContext {
  /** Claims an `Idempotency-Key` once a handler has read the body (uploads, `idempotency: 'content'`). */
  idempotency: IdempotencyGate;
}

/** A job type a feature runs (registered with the job queue before it starts). */
export interface JobDefinition {
  /** The queue's name (`message.test_status`, `event.deliver`…). */
  type: string;
  run: JobHandler;
  options?: JobTypeOptions;
}

/** How often the service's housekeeping runs (purges, sweeps, reconciliations), ms. */
export const HOURLY_MS = 60 * 60 * 1000;

/** Work a feature does on a timer in the service (never in the CLI or tests that do not start it). */
export interface PeriodicTask {
  /** What it does, in words: a failure is logged as `<name> failed`. */
  name: string;
  /** Between two runs, ms. A run never overlaps the one before it. */
  everyMs: number;
  /** Whether it also runs once when the service starts. */
  atStart: boolean;
  /** One run; `signal` is aborted when the service stops (a run that loops checks it). */
  run(signal: AbortSignal): Promise<unknown>;
}

/** One feature, as its module built it. `Provides` is what the features after it may use, by name. */
export interface Feature<Provides extends object = object> {
  /** The folder's name (`messages`, `templates`…): named in the composition's errors. */
  name: string;
  provides: Provides;
  /** Its `/v1` routes (registered in the order the features are listed). */
  routes?(http: HttpContext): Route<any>[];
  /** Schemas with an `$id` its routes refer to by `$ref`. */
  schemas?: TSchema[];
  jobs?: JobDefinition[];
  /** The platform webhook updates it takes (`platform/intake.ts`): each consumer has exactly one feature. */
  intake?: Partial<IntakeConsumers>;
  /** What its `/metrics` gauges read at scrape time: each source has exactly one feature. */
  scrape?: Partial<ScrapeSources>;
  periodic?: PeriodicTask[];
  /** Starts its own background work (after the job workers start). */
  start?(): void | Promise<void>;
  /** Stops its background work, awaiting what runs (before the job workers stop). */
  stop?(): Promise<void>;
  /** Releases what it holds (HTTP clients…), after every feature stopped. */
  close?(): Promise<void>;
}

/** A feature's module: what it needs, by name, to the feature. */
export type FeatureModule<Needs, Provides extends object> = (
  needs: Needs,
) => Feature<Provides> | Promise<Feature<Provides>>;

/**
 * A port a later feature fills: where a feature needs a service of a feature built after it (a
 * cycle between two features, such as contacts showing each contact's consent while consent reads
 * contacts), the earlier one provides an empty slot and the later one fills it. Calling through an
 * empty slot is a defect: it throws. The composition checks at the end that every slot is filled.
 */
export class Slot<T> {
  readonly name: string;
  #value: T | undefined;

  constructor(name: string) {
    this.name = name;
  }

  /** @throws Error when it is filled already (two features would provide it). */
  fill(value: T): void {
    if (this.#value !== undefined) throw new Error(`the slot ${this.name} is filled twice`);
    this.#value = value;
  }

  get filled(): boolean {
    return this.#value !== undefined;
  }

  /** @throws Error when no feature filled it (a defect in the composition root). */
  get(): T {
    if (this.#value === undefined) throw new Error(`the slot ${this.name} was never filled`);
    return this.#value;
  }
}
