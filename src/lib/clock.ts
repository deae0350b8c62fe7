/** The clock, behind an interface so tests can move time (the 24-hour window, retention). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private current = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}

/** ISO 8601 in UTC with milliseconds (`2026-11-21T10:00:00.000Z`); sorts as text. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
