import { closeSync, fsyncSync, openSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Fsyncs each file (and directory) of a data directory that changed since the last sync (all
 * of them the first time). Issue 13: PostgreSQL's own fsyncs reach the disk now (SyncingNodeFS);
 * this runs once when a data directory is opened, for what initdb wrote and what an earlier
 * release, whose fsyncs reached nothing, left only in the page cache.
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
