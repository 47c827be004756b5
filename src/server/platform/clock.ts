/** Where the server reads the time, so anything time-bound (retries, holds, expiries) can be tested at a set time. */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test sets or advances it. */
export class TestClock implements Clock {
  private ms: number;
  constructor(start: Date | string | number = '2030-01-01T00:00:00.000Z') {
    this.ms = new Date(start).getTime();
    if (Number.isNaN(this.ms)) throw new Error(`TestClock: ${String(start)} is not a time.`);
  }
  /** The current test time (a fresh Date, safe to mutate). */
  now(): Date {
    return new Date(this.ms);
  }
  /** Moves the clock to the given time. */
  set(time: Date | string | number): void {
    this.ms = new Date(time).getTime();
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** The clock of a set of dependencies: the one given, else the system clock. */
export const clockOf = (deps: { clock?: Clock | undefined }): Clock => deps.clock ?? systemClock;
