import { closeSync, fsyncSync, openSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite's PostgreSQL runs on Emscripten's NODEFS, whose fsync is a no-op: with or without
 * `-F`, nothing it writes is forced to disk. So after every write transaction we fsync,
 * ourselves, each file (and directory) in the data directory that changed since the last
 * sync, before the commit is acknowledged. A power cut then cannot take back an
 * acknowledged commit, nor the data files of a checkpoint whose WAL has been recycled.
 */
export class DurableDir {
  private lastSyncStartedAt = 0;

  constructor(private readonly root: string) {}

  sync(): number {
    const startedAt = Date.now();
    // Compare against when the previous sync began, with a margin for timestamp granularity.
    const since = this.lastSyncStartedAt - 50;
    let synced = 0;
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) visit(path);
        else if (entry.isFile() && statSync(path).mtimeMs >= since) synced += this.fsync(path, "r+");
      }
      if (statSync(dir).mtimeMs >= since) synced += this.fsync(dir, "r");
    };
    visit(this.root);
    this.lastSyncStartedAt = startedAt;
    return synced;
  }

  private fsync(path: string, flags: "r" | "r+"): number {
    let fd: number;
    try {
      fd = openSync(path, flags);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0; // removed meanwhile
      throw error;
    }
    try {
      fsyncSync(fd);
      return 1;
    } finally {
      closeSync(fd);
    }
  }
}
