import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export interface RunningApp {
  baseUrl: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** `bahi start` serves client/dist; build it once if a fresh checkout has none. */
export function ensureClientBuilt(): void {
  if (existsSync(join(repoRoot, "client/dist/index.html"))) return;
  execFileSync("npm", ["run", "build", "-w", "client"], { cwd: repoRoot, stdio: "inherit" });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bahi start exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bahi start was not healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the whole product (`node bin/bahi.mjs start`) on a free port with a fresh data directory.
 * BAHI_E2E_BASE_URL points the suite at a server that is already running instead.
 */
export async function startApp(): Promise<RunningApp> {
  const external = process.env.BAHI_E2E_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/$/, ""), output: () => "", stop: async () => {} };

  ensureClientBuilt();
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "bahi-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  let printed = "";
  const child = spawn(process.execPath, ["bin/bahi.mjs", "start"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), BAHI_DATA_DIR: dataDir, BAHI_SESSION_SECRET: randomBytes(32).toString("hex") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const output = () => printed;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const killTimer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killTimer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output, stop };
}
