import { closeSync, fsyncSync, openSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Fsyncs every file and directory under `root`; returns how many. Issue 13: PostgreSQL's own
 * fsyncs reach the disk now (SyncingNodeFS); this runs once when a data directory is opened,
 * for what initdb wrote and what an earlier release, whose fsyncs reached nothing, left only in
 * the page cache.
 */
export function fsyncTree(root: string): number {
  let synced = 0;
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) synced += fsyncTree(path);
    else if (entry.isFile()) synced += fsyncPath(path, "r+");
  }
  return synced + fsyncPath(root, "r");
}

/** Fsyncs one directory's own entries (a file renamed into it, say). */
export function fsyncDirectory(path: string): void {
  fsyncPath(path, "r");
}

function fsyncPath(path: string, flags: "r" | "r+"): number {
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
