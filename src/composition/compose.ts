/**
 * The composition's chain: the ground (`base.ts`), then each feature's module in turn, each given
 * everything the ground and the features before it provide. The chain is typed: `add(module)`
 * compiles only when what the module needs is provided by then, and what it provides is added to
 * what the next one is given. `build()` runs the modules in order and checks what the types cannot:
 * no name is provided twice, every platform webhook consumer and every metrics source has exactly
 * one feature, and every slot a feature left for a later one was filled.
 */
import type { Feature, FeatureModule } from '../feature.js';
import { Slot } from '../feature.js';
import type { ScrapeSources } from '../metrics/metrics.js';
import type { IntakeConsumers } from '../platform/intake.js';

/** The consumers `platform/intake.ts` hands a webhook's updates to, each of which one feature must provide. */
const INTAKE_CONSUMERS: (keyof IntakeConsumers)[] = [
  'numberOwners',
  'contacts',
  'statuses',
  'inbound',
  'templates',
  'numbers',
  'pricingTiers',
  'signals',
  'echoes',
  'coexistence',
  'consent',
  'handovers',
];

/** The sources the `/metrics` gauges read, each of which one feature (or the ground) must provide. */
const SCRAPE_SOURCES: (keyof ScrapeSources)[] = [
  'lanes',
  'jobDepths',
  'pool',
  'oldestMediaDownload',
  'mediaUsage',
  'analyticsChangeLog',
];

/** The features built, in order, and everything they (and the ground) provide. */
export interface Composed<Have> {
  provides: Have;
  features: Feature[];
  intake: IntakeConsumers;
  scrape: ScrapeSources;
}

export class Composition<Have extends object> {
  readonly #ground: Feature<Have>;
  readonly #modules: FeatureModule<any, object>[];

  private constructor(ground: Feature<Have>, modules: FeatureModule<any, object>[]) {
    this.#ground = ground;
    this.#modules = modules;
  }

  /** Starts the chain on the ground: the shared handles every feature may need. */
  static on<G extends object>(ground: Feature<G>): Composition<G> {
    return new Composition(ground, []);
  }

  /** Adds a feature after those listed so far. Compiles only when `Have` holds everything the module needs. */
  add<P extends object>(module: FeatureModule<Have, P>): Composition<Have & P> {
    return new Composition<Have & P>(this.#ground as unknown as Feature<Have & P>, [...this.#modules, module]);
  }

  /**
   * Builds every feature in order.
   * @throws Error naming the features at fault: a name provided twice, a webhook consumer or metrics
   *   source provided by none or by two, a slot never filled.
   */
  async build(): Promise<Composed<Have>> {
    const have: Record<string, unknown> = { ...(this.#ground.provides as Record<string, unknown>) };
    const by = new Map<string, string>(Object.keys(have).map((k) => [k, this.#ground.name]));
    const features: Feature[] = [this.#ground];
    for (const module of this.#modules) {
      const feature = await module(have);
      for (const [name, value] of Object.entries(feature.provides)) {
        if (by.has(name)) throw new Error(`${feature.name} provides ${name}, which ${by.get(name)} provides already`);
        by.set(name, feature.name);
        have[name] = value;
      }
      features.push(feature);
    }
    const unfilled = Object.entries(have).filter(([, v]) => v instanceof Slot && !v.filled);
    if (unfilled.length > 0)
      throw new Error(`no feature filled the slots ${unfilled.map(([k]) => `${k} (${by.get(k)})`).join(', ')}`);
    return {
      provides: have as unknown as Have,
      features,
      intake: exactlyOnce(features, 'intake', INTAKE_CONSUMERS) as unknown as IntakeConsumers,
      scrape: exactlyOnce(features, 'scrape', SCRAPE_SOURCES) as unknown as ScrapeSources,
    };
  }
}

/** The entries of each feature's `part`, checking that each of `names` comes from exactly one feature. */
function exactlyOnce(features: Feature[], part: 'intake' | 'scrape', names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const from = new Map<string, string>();
  for (const f of features) {
    for (const [name, value] of Object.entries(f[part] ?? {})) {
      if (!names.includes(name)) throw new Error(`${f.name} provides an unknown ${part} entry ${name}`);
      if (from.has(name)) throw new Error(`${f.name} and ${from.get(name)} both provide the ${part} entry ${name}`);
      from.set(name, f.name);
      out[name] = value;
    }
  }
  const missing = names.filter((n) => !from.has(n));
  if (missing.length > 0) throw new Error(`no feature provides the ${part} entries ${missing.join(', ')}`);
  return out;
}
