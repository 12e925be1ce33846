import { createHash } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator, MemoryStore, rateLimit, type RateLimitInfo, type Store } from "express-rate-limit";
import { Redis } from "ioredis";
import { RedisStore, type RedisReply } from "rate-limit-redis";
import { DEFAULT_FORGET_AFTER_MS, FailureBackoff, RateLimitedError, type AuthRateLimits, type Backoff, type BackoffPolicy } from "../handling/rateLimit.ts";

/**
 * Issue 12: the per-IP limits on registration and login, through express-rate-limit, and the
 * growing delays per account and device. With `limits.redis` (REDIS_URL) the counts live in
 * Redis, so replicas behind one address share them; otherwise each process counts in its own
 * memory.
 *
 * The per-IP windows run on the wall clock (Redis's key expiry); the delays on the command
 * clock, as before. Nothing here decides what a command records, it only refuses to try.
 */
export interface AuthLimitStores {
  /** A store for one limiter: express-rate-limit refuses a store shared by two limiters. */
  store(name: string): Store;
  /** Growing delays per key, under this name. */
  backoff(name: string, policy: BackoffPolicy): Backoff;
  close(): Promise<void>;
}

export function authLimitStores(limits: AuthRateLimits): AuthLimitStores {
  if (!limits.redis) {
    const stores: MemoryStore[] = [];
    return {
      store() {
        const store = new MemoryStore();
        stores.push(store);
        return store;
      },
      backoff: (_name, policy) => new FailureBackoff(policy),
      async close() {
        for (const store of stores) store.shutdown();
      },
    };
  }
  const { url, prefix } = limits.redis;
  // A login waits at most a second on a Redis that stops answering, and not at all while the
  // connection is being made again (assertConnected); the limits then fall back (passOnStoreError
  // below, RedisBackoff's own counts). ioredis keeps reconnecting meanwhile.
  const client = new Redis(url, { commandTimeout: 1000, maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(times * 100, 2000) });
  // Without a listener every failed reconnect would end the process; the calls that need Redis
  // report its absence themselves.
  client.on("error", () => undefined);

  async function sendCommand(...command: string[]): Promise<RedisReply> {
    try {
      assertConnected(client);
      return (await client.call(command[0]!, ...command.slice(1))) as RedisReply;
    } catch (error) {
      // rate-limit-redis loads its scripts once, at start-up, and keeps that answer for good: from
      // a Redis not up yet it would keep a failure. A script's SHA1 is what Redis would answer,
      // and an EVALSHA that meets NOSCRIPT makes the store load the script again.
      if (command[0] === "SCRIPT" && command[1] === "LOAD") return createHash("sha1").update(command[2]!).digest("hex");
      throw error;
    }
  }

  return {
    store: (name) => new RedisStore({ sendCommand, prefix: `${prefix}:auth-limit:${name}:` }),
    backoff: (name, policy) => new RedisBackoff(client, `${prefix}:auth-limit:${name}:`, policy),
    async close() {
      // A Redis that is away has nothing to flush: its quit fails like the connection did, and the socket is cut either way.
      if (client.status === "ready") await client.quit().catch(() => undefined);
      client.disconnect();
    },
  };
}

/** While ioredis reconnects a command would only wait in its queue: give up at once instead. */
function assertConnected(client: Redis): void {
  if (client.status === "reconnecting" || client.status === "close" || client.status === "end") throw new Error(`Redis is away (the connection is ${client.status})`);
}

/** FailureBackoff's rules (rateLimit.ts) on one hash per key, applied in Redis so replicas cannot race. */
const FAIL_SCRIPT = `
local now, free, base, max, forget = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local entry = redis.call("HMGET", KEYS[1], "failures", "last", "blockedUntil")
local failures, last, blockedUntil = tonumber(entry[1]) or 0, tonumber(entry[2]), tonumber(entry[3]) or 0
if last == nil or now - last > forget then
  failures, blockedUntil = 0, 0
end
failures = failures + 1
if failures >= free then
  blockedUntil = now + math.min(base * 2 ^ math.min(failures - free, 30), max)
end
redis.call("HSET", KEYS[1], "failures", failures, "last", string.format("%.0f", now), "blockedUntil", string.format("%.0f", blockedUntil))
redis.call("PEXPIRE", KEYS[1], forget + max)
return failures`;

/**
 * Growing delays counted in Redis. This process keeps its own counts all along and answers
 * from them while Redis is away, so an outage falls back to per-process limits, not to none.
 */
class RedisBackoff implements Backoff {
  private readonly local: FailureBackoff;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
    private readonly policy: BackoffPolicy,
  ) {
    this.local = new FailureBackoff(policy);
  }

  /** Hashed: the keys name accounts (emails) and device tokens, which Redis need not hold. */
  private redisKey(key: string): string {
    return this.prefix + createHash("sha256").update(key).digest("base64url");
  }

  async waitMs(key: string, now: number): Promise<number> {
    try {
      assertConnected(this.client);
      const blockedUntil = Number((await this.client.hget(this.redisKey(key), "blockedUntil")) ?? 0);
      return Math.max(0, blockedUntil - now);
    } catch {
      // Redis away: this process's own counts answer until it is back.
      return this.local.waitMs(key, now);
    }
  }

  async fail(key: string, now: number): Promise<void> {
    this.local.fail(key, now);
    const { freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs } = this.policy;
    try {
      assertConnected(this.client);
      await this.client.eval(FAIL_SCRIPT, 1, this.redisKey(key), now, freeFailures, baseDelayMs, maxDelayMs, forgetAfterMs);
    } catch {
      // Redis away: the local count above holds for this process until it is back.
    }
  }

  async forget(key: string): Promise<void> {
    this.local.forget(key);
    try {
      assertConnected(this.client);
      await this.client.del(this.redisKey(key));
    } catch {
      // Redis away: the shared count runs out on its own (PEXPIRE); this one is gone.
    }
  }
}

interface PerIpLimit {
  name: string;
  limit: number;
  windowMs: number;
  clientIp: (req: Request) => string;
}

/** Refuses with RATE_LIMITED and Retry-After, the answer every auth limit gives. */
function perIpLimit(stores: AuthLimitStores, { name, limit, windowMs, clientIp }: PerIpLimit, extra: Parameters<typeof rateLimit>[0] = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    store: stores.store(name),
    // IPv6 clients are counted per /56, the block one subscriber usually holds.
    keyGenerator: (req) => ipKeyGenerator(clientIp(req)),
    // No RateLimit headers on every answer: they would tell a guesser how many tries are left.
    legacyHeaders: false,
    standardHeaders: false,
    // With Redis away logins go on unlimited per IP rather than all failing; the per-account
    // delays (in each process) still hold.
    passOnStoreError: true,
    handler(req, res, next) {
      const { resetTime } = (req as Request & { rateLimit: RateLimitInfo }).rateLimit;
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      res.setHeader("Retry-After", String(seconds));
      next(new RateLimitedError(seconds));
    },
    ...extra,
  });
}

/** Registrations per IP per window (`limits.windowMs`): every attempt counts. */
export function registrationLimit(limits: AuthRateLimits, stores: AuthLimitStores, clientIp: (req: Request) => string): RequestHandler {
  return perIpLimit(stores, { name: "register-ip", limit: limits.perIp, windowMs: limits.windowMs, clientIp });
}

/**
 * Failed logins per IP per window (`limits.loginWindowMs`, default 15 minutes). Only a wrong
 * email or password (401) counts: an attempt refused before any password was tried, a
 * malformed one or a success is taken back. `exempt` attempts (a trusted device's, which
 * answer for their own failures) neither count nor wait.
 */
export function failedLoginLimit(limits: AuthRateLimits, stores: AuthLimitStores, clientIp: (req: Request) => string, exempt: (req: Request) => boolean): RequestHandler {
  const windowMs = limits.loginWindowMs ?? limits.forgetAfterMs ?? DEFAULT_FORGET_AFTER_MS;
  return perIpLimit(
    stores,
    { name: "login-ip", limit: limits.perIp, windowMs, clientIp },
    { skip: exempt, skipSuccessfulRequests: true, requestWasSuccessful: (_req, res) => res.statusCode !== 401 },
  );
}
