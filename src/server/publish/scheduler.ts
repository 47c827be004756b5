/** How often publishes may run (see {@link PublishScheduler}). */
export interface ScheduleOptions {
  /** Quiet period after the last change before a publish starts. */
  debounceMs: number;
  /** Least time between the starts of two publishes, however many changes arrive. */
  minIntervalMs: number;
  /** A stream of changes never quiet for `debounceMs` still publishes this long after its first change. */
  maxWaitMs: number;
  now?: () => number;
}

/**
 * Turns content changes into publishes, bounded against rebuild storms (one user saving a profile
 * twenty times a minute, a bulk admin edit): changes are debounced, coalesced (changes that
 * arrive during a publish make exactly one more publish after it), and two publishes never start
 * closer than `minIntervalMs`, so one person's edits cannot make the publisher build back to back.
 * A steady stream still publishes within `maxWaitMs` of its first change.
 */
export class PublishScheduler {
  private readonly run: () => Promise<void>;
  private readonly o: Required<ScheduleOptions>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private firstChange: number | null = null;
  private lastChange = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private stopped = false;
  /** How many publishes started, and how many changes they covered (for logs and tests). */
  readonly stats = { runs: 0, changes: 0 };
  private pendingChanges = 0;

  constructor(run: () => Promise<void>, options: ScheduleOptions) {
    this.run = run;
    this.o = { now: () => performance.now(), ...options };
  }

  /** A change arrived: publish after the quiet period (or after the running publish). */
  poke(): void {
    if (this.stopped) return;
    const now = this.o.now();
    this.firstChange ??= now;
    this.lastChange = now;
    this.pendingChanges++;
    if (!this.running) this.arm();
  }

  /** When the next publish may start, given the changes so far. */
  private dueAt(): number {
    const quiet = this.lastChange + this.o.debounceMs;
    const capped = Math.min(quiet, (this.firstChange ?? quiet) + this.o.maxWaitMs);
    return Math.max(capped, this.lastStart + this.o.minIntervalMs);
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), Math.max(0, this.dueAt() - this.o.now()));
  }

  private fire(): void {
    this.timer = null;
    if (this.stopped || this.running || this.firstChange === null) return;
    this.firstChange = null;
    this.lastStart = this.o.now();
    this.stats.runs++;
    this.stats.changes += this.pendingChanges;
    this.pendingChanges = 0;
    this.running = this.run()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        // Changes during the publish: one more, after the quiet period and the minimum interval.
        if (this.firstChange !== null) this.arm();
      });
  }

  /** Whether a publish is running or due. */
  busy(): boolean {
    return this.running !== null || this.timer !== null;
  }

  /** Resolves when no publish is running or due. */
  async idle(): Promise<void> {
    while (this.running || this.timer) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Stops scheduling; a running publish finishes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
