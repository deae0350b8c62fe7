/**
 * The model the consent walk (property.ts) checks the service against: a few customers, each with a
 * phone, a BSUID and sometimes a parent BSUID that their contact learns one by one, and every
 * suppression the walk made or saw made, per mode. A customer is suppressed in a mode when an
 * active suppression of that mode names any address their contact of that mode is known by
 * (docs/api.md §D23: a suppression covers the person, not the address; docs/api.md §5.3: per
 * mode).
 */

export type Mode = 'live' | 'test';
export const MODES: readonly Mode[] = ['live', 'test'];

/** One customer: their identifiers, what their live contact has learnt, and their contacts' ids. */
export interface Customer {
  phone: string;
  userId: string;
  parentUserId: string | null;
  /** How many of [userId, parentUserId] the platform has shown so far (live only: test contacts know a phone). */
  learned: number;
  contactId: Record<Mode, string>;
}

/** A suppression as the model knows it. */
export interface ModelSuppression {
  id: string;
  mode: Mode;
  customer: number;
  /** The address it was made by (a keyword's: the phone; a block's: the contact). */
  address: string;
  reason: 'api' | 'opt_out_keyword' | 'blocked';
  active: boolean;
}

/** A small seeded generator (mulberry32): the same seed, the same walk. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  /** One of the weighted choices. */
  const weighted = <T extends string>(w: Record<T, number>): T => {
    const entries = Object.entries(w) as [T, number][];
    let r = next() * entries.reduce((s, [, n]) => s + n, 0);
    for (const [k, n] of entries) if ((r -= n) < 0) return k;
    return entries[entries.length - 1]![0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}

/** The customers of a walk: `n` of them, every second one with a parent BSUID; `userIdOf` gives a phone's BSUID. */
export function customers(n: number, userIdOf: (phone: string) => string): Customer[] {
  return Array.from({ length: n }, (_, i) => ({
    phone: `+165055842${i}5`,
    userId: userIdOf(`165055842${i}5`),
    parentUserId: i % 2 === 0 ? `US.ENT.${`842${i}`.padEnd(15, '0')}${i}` : null,
    learned: 0,
    contactId: { live: '', test: '' },
  }));
}

export class ConsentModel {
  readonly suppressions = new Map<string, ModelSuppression>();
  constructor(readonly people: Customer[]) {}

  /** The identifiers the platform would show in a webhook of the customer now. */
  shown(c: Customer): string[] {
    return [c.userId, c.parentUserId].filter((a): a is string => a !== null).slice(0, c.learned);
  }

  /** Every address a contact of the mode is known by: the ones a send may use. */
  known(mode: Mode, i: number): string[] {
    const c = this.people[i]!;
    return mode === 'test' ? [c.contactId.test, c.phone] : [c.contactId.live, c.phone, ...this.shown(c)];
  }

  /** Every address a suppression may be made by (a BSUID not learnt yet included). */
  nameable(mode: Mode, i: number): string[] {
    const c = this.people[i]!;
    const ids = [c.userId, c.parentUserId].filter((a): a is string => a !== null);
    return [c.contactId[mode], c.phone, ...ids];
  }

  /** The active suppressions of the mode that cover customer `i` now. */
  covering(mode: Mode, i: number): ModelSuppression[] {
    const known = new Set(this.known(mode, i));
    return [...this.suppressions.values()].filter(
      (s) => s.active && s.mode === mode && s.customer === i && known.has(s.address),
    );
  }

  suppressed(mode: Mode, i: number): boolean {
    return this.covering(mode, i).length > 0;
  }

  blocked(mode: Mode, i: number): boolean {
    return this.covering(mode, i).some((s) => s.reason === 'blocked');
  }

  add(s: Omit<ModelSuppression, 'active'>): void {
    this.suppressions.set(s.id, { ...s, active: true });
  }

  /** The ids of the active suppressions of a mode. */
  activeIds(mode: Mode): string[] {
    return [...this.suppressions.values()].filter((s) => s.active && s.mode === mode).map((s) => s.id);
  }

  /** A START from customer `i`: their live keyword and API suppressions are lifted, never a block. */
  optIn(i: number): void {
    for (const s of this.covering('live', i)) if (s.reason !== 'blocked') s.active = false;
  }

  /** An unblock: the customer's block suppressions of the mode are lifted. */
  unblock(mode: Mode, i: number): void {
    for (const s of this.covering(mode, i)) if (s.reason === 'blocked') s.active = false;
  }
}
