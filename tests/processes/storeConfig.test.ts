/**
 * Issue 14: `bahi <role>` opens the stores its environment names (storeConfigFromEnv), and
 * refuses before anything starts, in words an operator can act on, when they cannot be opened.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const BAHI = resolve(import.meta.dirname, "../../bin/bahi.mjs");

/** Runs `bahi args` with only `env` (and PATH) set; the exit code and what it wrote to stderr. */
async function bahi(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  try {
    await promisify(execFile)(process.execPath, [BAHI, ...args], { env: { PATH: process.env.PATH ?? "", BAHI_SESSION_SECRET: "s".repeat(32), ...env }, timeout: 30_000 });
    return { code: 0, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe("bahi <role> and its stores (issue 14)", () => {
  it("refuses to start a server role that names no stores, or stores it cannot open, naming what to set", async () => {
    expect(await bahi(["command-api"], {})).toEqual({
      code: 1,
      stderr: expect.stringContaining("bahi: name the stores: DATABASE_URL (PostgreSQL for both sides), or EVENTSTORE_URL and MONGODB_URL"),
    });
    expect(await bahi(["projector"], { DATABASE_URL: "postgres://x@127.0.0.1/x", BAHI_READ_STORE: "redis" })).toEqual({
      code: 1,
      stderr: expect.stringContaining('bahi: BAHI_READ_STORE="redis" is not one of embedded, postgres, mongodb.'),
    });
    expect(await bahi(["worker"], { REDIS_URL: "redis://127.0.0.1:6379", EVENTSTORE_URL: "esdb://127.0.0.1:2113?tls=false" })).toEqual({
      code: 1,
      stderr: expect.stringContaining("bahi: no read store: set BAHI_READ_STORE"),
    });
  });
});
