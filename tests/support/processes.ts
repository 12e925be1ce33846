import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface BahiProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Runs `bahi <args>` from the repository as a child process. */
export function runBahi(args: string[], env: Record<string, string>): BahiProcess {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, "bin/bahi.mjs"), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  return { child, output: () => output, exited };
}

export async function waitForHealth(url: string, process: BahiProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`process exited early:\n${process.output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no health at ${url} within ${timeoutMs} ms:\n${process.output()}`);
}

export async function stop(process: BahiProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill(signal);
  await process.exited;
}

export interface StartedRole {
  process: BahiProcess;
  url: string;
}

/**
 * Starts `bahi <role>` on a free port, adds it to `started` (for the suite's clean-up) and
 * waits until it answers /api/health.
 */
export async function startRole(role: string, env: Record<string, string>, started: BahiProcess[], timeoutMs?: number): Promise<StartedRole> {
  const port = await freePort();
  const child = runBahi([role], { ...env, PORT: String(port) });
  started.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, timeoutMs);
  return { process: child, url };
}
