import ipaddr from "ipaddr.js";
import { ApiError, type ErrorDetail } from "./errors.ts";

/** Fixed windows (one minute unless told) per caller (key or IP), on an injectable clock. */
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
    return this.decide(caller, now, true);
  }

  /** What `hit` would answer, without counting the request. */
  peek(caller: string, now = this.now()): RateDecision {
    return this.decide(caller, now, false);
  }

  private decide(caller: string, now: number, count: boolean): RateDecision {
    const start = now - (now % this.windowMs);
    if (now >= this.sweepAt) this.sweep(start);
    let w = this.windows.get(caller);
    if (!w || w.start !== start) {
      w = { start, count: 0 };
      this.windows.set(caller, w);
    }
    const retryAfter = Math.max(1, Math.ceil((start + this.windowMs - now) / 1000));
    if (w.count >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, retryAfter };
    if (count) w.count++;
    return { allowed: true, limit: this.limit, remaining: this.limit - w.count - (count ? 0 : 1), retryAfter };
  }

  /** Forget callers whose window has passed, so memory stays bounded by active callers. */
  private sweep(currentStart: number): void {
    for (const [caller, w] of this.windows) if (w.start !== currentStart) this.windows.delete(caller);
    this.sweepAt = currentStart + this.windowMs;
  }
}

/**
 * The unit a client is counted by when what it gets is scarce: an IPv4 address, or the /64 an
 * IPv6 address is in (one subscriber's network hands out any address of its /64 for free).
 * Text that is not an address (a proxy's odd X-Forwarded-For) is counted as it is.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  return `${(address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(":")}::/64`;
}

/** The 429 of a refused decision: Retry-After and the window's allowance, `message` ending in the wait. */
export function rateLimited(decision: RateDecision, message: string, details: ErrorDetail[] = []): ApiError {
  return new ApiError("RATE_LIMITED", `${message}: try again in ${decision.retryAfter} s`, details, {
    "retry-after": String(decision.retryAfter),
    "x-ratelimit-limit": String(decision.limit),
  });
}
