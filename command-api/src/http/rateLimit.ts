import { DomainError } from "@bahi/shared/server";

/**
 * Counters live in this process's memory. Behind several command-api replicas each keeps its
 * own, so the effective limits are per replica; sharing them through Redis is a later step.
 *
 * Hand-written rather than rate-limiter-flexible: its memory limiter reads the wall clock
 * (our tests drive the command clock instead), and its blocks reset the count when they end,
 * which would undo the growing delays below.
 */

/** Thrown when a key must wait; the route sends `retryAfterSeconds` as Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", `Too many attempts. Please wait ${retryAfterSeconds} s and try again.`);
  }
}

/** A fixed-window counter per key (registrations per IP). */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now: number): void {
    if (this.windows.size > 10_000) this.sweep(now);
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.set(key, { startedAt: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > this.limit) throw new RateLimitedError(Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)));
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

export interface BackoffPolicy {
  /** Failures allowed before any delay. */
  freeFailures: number;
  /** The first delay; each further failure doubles it... */
  baseDelayMs: number;
  /** ...up to this bound. */
  maxDelayMs: number;
  /** A key with no failure for this long starts again from nothing. */
  forgetAfterMs: number;
}

/**
 * Failed attempts per key (an account, an IP, a device). Past the free failures every further
 * failure makes the key wait, 1 s doubling to at most 60 s by default: guessing slows to a crawl
 * while the key is never locked out for good (OWASP Authentication Cheat Sheet).
 */
export class FailureBackoff {
  private readonly entries = new Map<string, { failures: number; lastFailureAt: number; blockedUntil: number }>();

  constructor(private readonly policy: BackoffPolicy) {}

  /** How long the key must still wait before its next attempt; 0 when it may try now. */
  waitMs(key: string, now: number): number {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.blockedUntil - now) : 0;
  }

  fail(key: string, now: number): void {
    if (this.entries.size > 10_000) this.sweep(now);
    let entry = this.entries.get(key);
    if (!entry || now - entry.lastFailureAt > this.policy.forgetAfterMs) {
      entry = { failures: 0, lastFailureAt: now, blockedUntil: 0 };
      this.entries.set(key, entry);
    }
    entry.failures += 1;
    entry.lastFailureAt = now;
    const over = entry.failures - this.policy.freeFailures;
    if (over >= 0) entry.blockedUntil = now + Math.min(this.policy.baseDelayMs * 2 ** Math.min(over, 30), this.policy.maxDelayMs);
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.lastFailureAt > this.policy.forgetAfterMs && entry.blockedUntil <= now) this.entries.delete(key);
    }
  }
}

/** Throws RateLimitedError for the longest wait among the given backoffs. */
export function requireNoWait(now: number, ...waits: readonly [FailureBackoff, string][]): void {
  const wait = Math.max(0, ...waits.map(([backoff, key]) => backoff.waitMs(key, now)));
  if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000));
}

export interface AuthRateLimits {
  /** Failed logins per IP before delays start; also registrations per IP per window. */
  perIp: number;
  /** Failed logins per account (and per trusted device) before delays start. */
  perEmail: number;
  /** The registration window. */
  windowMs: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  forgetAfterMs?: number;
}

export function backoffPolicy(limits: AuthRateLimits, freeFailures: number): BackoffPolicy {
  return {
    freeFailures,
    baseDelayMs: limits.baseDelayMs ?? 1_000,
    maxDelayMs: limits.maxDelayMs ?? 60_000,
    forgetAfterMs: limits.forgetAfterMs ?? 15 * 60_000,
  };
}

export function authRateLimitsFromEnv(env: NodeJS.ProcessEnv): AuthRateLimits {
  return {
    perIp: Number(env.BAHI_AUTH_LIMIT_PER_IP ?? 30),
    perEmail: Number(env.BAHI_AUTH_LIMIT_PER_EMAIL ?? 10),
    windowMs: 60_000,
  };
}
