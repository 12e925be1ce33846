import { DomainError } from "@bahi/shared/server";

/**
 * Issue 12: the per-IP limits (registrations, failed logins) count through express-rate-limit
 * in ../auth/loginLimits.ts, in Redis when REDIS_URL is set so every replica shares them.
 *
 * The growing delays per account and per device below stay hand-written: express-rate-limit
 * counts hits in a fixed window and refuses until that window ends, which cannot say "each
 * further failure doubles the wait, up to 60 s, forgotten after a quiet spell"; and they run on
 * the command clock, which the suites drive. With Redis their counts are shared too
 * (loginLimits.ts keeps the same rules in a script); without it each process keeps its own.
 */

/** Thrown when a key must wait; the route sends `retryAfterSeconds` as Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", `Too many attempts. Please wait ${retryAfterSeconds} s and try again.`);
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

/** Failure counts wherever they live: this process (FailureBackoff) or Redis, shared. */
export interface Backoff {
  /** How long the key must still wait before its next attempt; 0 when it may try now. */
  waitMs(key: string, now: number): number | Promise<number>;
  fail(key: string, now: number): void | Promise<void>;
  forget(key: string): void | Promise<void>;
}

/**
 * Failed attempts per key (an account, an IP, a device). Past the free failures every further
 * failure makes the key wait, 1 s doubling to at most 60 s by default: guessing slows to a crawl
 * while the key is never locked out for good (OWASP Authentication Cheat Sheet).
 */
export class FailureBackoff implements Backoff {
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
export async function requireNoWait(now: number, ...waits: readonly [Backoff, string][]): Promise<void> {
  const wait = Math.max(0, ...(await Promise.all(waits.map(([backoff, key]) => backoff.waitMs(key, now)))));
  if (wait > 0) throw new RateLimitedError(Math.ceil(wait / 1000));
}

export interface AuthRateLimits {
  /** Failed logins per IP per login window; also registrations per IP per window. */
  perIp: number;
  /** Failed logins per account (and per trusted device) before delays start. */
  perEmail: number;
  /** The registration window. */
  windowMs: number;
  /** The window of failed logins per IP; default forgetAfterMs (15 minutes). */
  loginWindowMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  forgetAfterMs?: number;
  /**
   * Where the counts live: this Redis (keys under `{prefix}:auth-limit:`), shared by every
   * replica; without it each process counts alone.
   */
  redis?: { url: string; prefix: string };
}

/** A key with no failure for this long starts again from nothing; also the per-IP login window. */
export const DEFAULT_FORGET_AFTER_MS = 15 * 60_000;

export function backoffPolicy(limits: AuthRateLimits, freeFailures: number): BackoffPolicy {
  return {
    freeFailures,
    baseDelayMs: limits.baseDelayMs ?? 1_000,
    maxDelayMs: limits.maxDelayMs ?? 60_000,
    forgetAfterMs: limits.forgetAfterMs ?? DEFAULT_FORGET_AFTER_MS,
  };
}

/** REDIS_URL shares the counts, under the deployment's BAHI_QUEUE_PREFIX like its queues. */
export function authRateLimitsFromEnv(env: NodeJS.ProcessEnv): AuthRateLimits {
  return {
    perIp: Number(env.BAHI_AUTH_LIMIT_PER_IP ?? 30),
    perEmail: Number(env.BAHI_AUTH_LIMIT_PER_EMAIL ?? 10),
    windowMs: 60_000,
    ...(env.REDIS_URL ? { redis: { url: env.REDIS_URL, prefix: env.BAHI_QUEUE_PREFIX || "bahi" } } : {}),
  };
}
