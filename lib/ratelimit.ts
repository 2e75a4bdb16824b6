/** Fixed one-minute windows per caller (key or IP), on an injectable clock. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (for Retry-After). */
  retryAfter: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private sweepAt = 0;

  constructor(
    readonly limit: number,
    private readonly now: () => number,
    private readonly windowMs = 60_000,
  ) {}

  /** `now`: when the request arrived, if the caller knows better than this limiter's clock. */
  hit(caller: string, now = this.now()): RateDecision {
    const start = now - (now % this.windowMs);
    if (now >= this.sweepAt) this.sweep(start);
    let w = this.windows.get(caller);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      this.windows.set(caller, w);
    }
    const retryAfter = Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
    if (w.count >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, retryAfter };
    w.count++;
    return { allowed: true, limit: this.limit, remaining: this.limit - w.count, retryAfter };
  }

  /** Forget callers whose window has passed, so memory stays bounded by active callers. */
  private sweep(currentStart: number): void {
    for (const [caller, w] of this.windows) if (w.start !== currentStart) this.windows.delete(caller);
    this.sweepAt = currentStart + this.windowMs;
  }
}
