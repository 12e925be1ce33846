import { existsSync, readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const HZ = 100;

/** CPU seconds (user + system) a process has used so far (Linux), or 0 once it is gone. */
function processSeconds(pid: number): number {
  try {
    // The command name in field 2 may hold spaces: the fields after its closing ")" are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / HZ;
  } catch {
    return 0;
  }
}

/** The pids of every running process whose command name is `name`. */
function pidsNamed(name: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === name;
      } catch {
        return false;
      }
    });
}

/**
 * Where a measured stretch's CPU went, per named process and for PostgreSQL's server as a
 * whole (every `postgres` process: the backends of each role's connections and its own
 * writers), as a share of one core over the stretch. Backends that come and go within the
 * stretch are missed: the roles keep pooled connections, so those that matter are there.
 */
export class CpuShares {
  private readonly start = new Map<string, number>();
  private readonly startedAt = performance.now();

  private constructor(private readonly processes: Readonly<Record<string, number>>) {
    for (const [name, seconds] of Object.entries(this.sample())) this.start.set(name, seconds);
  }

  /** Starts counting now; null where /proc is not there to count from. */
  static begin(processes: Readonly<Record<string, number>>): CpuShares | null {
    return existsSync("/proc/self/stat") ? new CpuShares(processes) : null;
  }

  private sample(): Record<string, number> {
    const seconds: Record<string, number> = {};
    for (const [name, pid] of Object.entries(this.processes)) seconds[name] = processSeconds(pid);
    seconds.PostgreSQL = pidsNamed("postgres").reduce((sum, pid) => sum + processSeconds(pid), 0);
    return seconds;
  }

  /** "command-api 95%, PostgreSQL 60%, …" (100% is one core), busiest first. */
  end(): string {
    const wall = (performance.now() - this.startedAt) / 1000;
    return Object.entries(this.sample())
      .map(([name, seconds]) => [name, (seconds - (this.start.get(name) ?? 0)) / wall] as const)
      .sort((a, b) => b[1] - a[1])
      .map(([name, share]) => `${name} ${Math.round(share * 100)}%`)
      .join(", ");
  }
}

/** A process's peak and current resident memory in MB (Linux; 0 elsewhere). */
export function residentMb(pid: number): { peakMb: number; endMb: number } {
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, "utf8") : "";
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: Math.round(kb("VmHWM") / 1024), endMb: Math.round(kb("VmRSS") / 1024) };
}
