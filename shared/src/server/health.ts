/**
 * What a process knows about its own health, from the parts it runs. `/api/health` reports
 * every check (200 while the process serves, status "ok" or "degraded"); `/api/ready` answers
 * 503 while any check is "down", so a balancer or supervisor keeps traffic away until it is back.
 */
export type HealthStatus = "ok" | "degraded" | "down";

export interface HealthReport {
  status: HealthStatus;
  /** Shown as is under the check's name: counts, positions, what is wrong. */
  detail?: Record<string, unknown>;
}

export interface HealthCheck {
  name: string;
  check(): Promise<HealthReport>;
}

export interface HealthSummary {
  status: "ok" | "degraded";
  ready: boolean;
  checks: Record<string, HealthReport>;
}

const CHECK_TIMEOUT_MS = 2000;

/** Runs every check (each bounded, a throwing one counts as down) and sums them up. */
export async function summariseHealth(checks: readonly HealthCheck[]): Promise<HealthSummary> {
  const reports = await Promise.all(
    checks.map(async (check): Promise<[string, HealthReport]> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const report = await Promise.race([
          check.check(),
          new Promise<HealthReport>((resolve) => {
            timer = setTimeout(() => resolve({ status: "down", detail: { error: `no answer within ${CHECK_TIMEOUT_MS} ms` } }), CHECK_TIMEOUT_MS);
          }),
        ]);
        return [check.name, report];
      } catch (error) {
        return [check.name, { status: "down", detail: { error: (error as Error).message } }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const statuses = reports.map(([, report]) => report.status);
  return {
    status: statuses.every((status) => status === "ok") ? "ok" : "degraded",
    ready: !statuses.includes("down"),
    checks: Object.fromEntries(reports),
  };
}

/**
 * Work a process repeats while it runs (sweeps, recoveries): never two runs of one task at
 * once, and a failing run is logged and tried again next time instead of stopping the process.
 */
export interface BackgroundTask {
  name: string;
  everyMs: number;
  /** Also run once right after start-up. */
  runAtStart?: boolean;
  run(): Promise<unknown>;
}

export function startBackgroundTasks(tasks: readonly BackgroundTask[], log: (message: string) => void): () => Promise<void> {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  for (const task of tasks) {
    const tick = () => {
      if (stopped) return;
      const run = task
        .run()
        .catch((error: unknown) => log(`${task.name} failed: ${(error as Error).message}; it runs again in ${task.everyMs} ms`))
        .finally(() => {
          running.delete(run);
          schedule(task.everyMs);
        });
      running.add(run);
    };
    const schedule = (ms: number) => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, ms);
      timer.unref?.();
      timers.add(timer);
    };
    schedule(task.runAtStart ? 0 : task.everyMs);
  }
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...running]);
  };
}
