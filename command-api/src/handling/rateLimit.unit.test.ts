import { describe, expect, it } from "vitest";
import { FailureBackoff, RateLimitedError, requireNoWait } from "./rateLimit.ts";

const policy = { freeFailures: 3, baseDelayMs: 1_000, maxDelayMs: 60_000, forgetAfterMs: 15 * 60_000 };

describe("failure backoff", () => {
  it("lets the free failures through, then doubles the wait from 1 s up to 60 s", () => {
    const backoff = new FailureBackoff(policy);
    let now = 0;
    backoff.fail("k", now);
    backoff.fail("k", now);
    expect(backoff.waitMs("k", now)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      backoff.fail("k", now);
      waits.push(backoff.waitMs("k", now));
      now += backoff.waitMs("k", now);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("keeps keys apart, and forgets a key after a quiet spell or on request", () => {
    const backoff = new FailureBackoff({ ...policy, freeFailures: 1 });
    backoff.fail("a", 0);
    expect(backoff.waitMs("a", 0)).toBe(1_000);
    expect(backoff.waitMs("b", 0)).toBe(0);
    backoff.fail("a", 16 * 60_000);
    expect(backoff.waitMs("a", 16 * 60_000)).toBe(1_000);
    backoff.forget("a");
    expect(backoff.waitMs("a", 16 * 60_000)).toBe(0);
  });

  it("refuses with the longest wait, rounded up to whole seconds for Retry-After", async () => {
    const account = new FailureBackoff({ ...policy, freeFailures: 1 });
    const ip = new FailureBackoff({ ...policy, freeFailures: 1, baseDelayMs: 2_500 });
    account.fail("asha", 0);
    ip.fail("203.0.113.9", 0);
    const refusal = await requireNoWait(100, [account, "asha"], [ip, "203.0.113.9"]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterSeconds).toBe(3);
    expect((refusal as RateLimitedError).code).toBe("RATE_LIMITED");
    await expect(requireNoWait(2_500, [account, "asha"], [ip, "203.0.113.9"])).resolves.toBeUndefined();
  });
});
