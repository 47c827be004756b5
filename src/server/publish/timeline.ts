/**
 * The steps of one publish, from the content change that asked for it to the swap that makes it
 * live, as the publisher logs them (`Timeline: …`) and `npm run bench:publish` prints them:
 * the debounce, the wait for the operation running before it (a settle or the siblings, given
 * up), the next copy, the render worker, the seal and the swap. Times are `performance.now()`.
 */
export class PublishTimeline {
  private readonly steps: string[] = [];
  private readonly changeAt: number;
  private last: number;

  /**
   * `changeAt`: when the oldest change this publish carries arrived (the publish's own start when
   * it was asked for directly); `askedAt`: when the scheduler asked for the publish.
   */
  constructor(changeAt: number | null, askedAt: number) {
    this.changeAt = changeAt ?? askedAt;
    this.last = this.changeAt;
    this.mark('debounce', askedAt);
  }

  /** Ends a step now (or at `at`); `detail` says what it was. */
  mark(step: string, at = performance.now(), detail = ''): void {
    this.steps.push(`${step} ${seconds(at - this.last)}${detail ? ` (${detail})` : ''}`);
    this.last = at;
  }

  /** The log line: every step, then the time from the change to now. */
  line(now = performance.now()): string {
    return `Timeline: change → ${this.steps.join(' → ')}; live ${seconds(now - this.changeAt)} after the change.`;
  }
}

const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
