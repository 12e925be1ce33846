import { DomainError } from "@bahi/shared/server";

/**
 * A fixed-window counter per key, in this process's memory. Behind several command-api
 * replicas each keeps its own window, so the effective limit is per replica; a shared
 * store (Redis) would make it global when one is configured.
 */
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
    if (window.count > this.limit) {
      throw new DomainError("RATE_LIMITED", "Too many attempts. Please wait a minute and try again.");
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

export interface AuthRateLimits {
  perIp: number;
  perEmail: number;
  windowMs: number;
}

export function authRateLimitsFromEnv(env: NodeJS.ProcessEnv): AuthRateLimits {
  return {
    perIp: Number(env.BAHI_AUTH_LIMIT_PER_IP ?? 30),
    perEmail: Number(env.BAHI_AUTH_LIMIT_PER_EMAIL ?? 10),
    windowMs: 60_000,
  };
}
