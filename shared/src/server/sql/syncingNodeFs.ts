import { fsyncSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** The part of Emscripten's NODEFS this reaches into: its streams' operations and their host descriptors. */
interface NodeFsModule {
  FS: { filesystems: { NODEFS: { stream_ops: { fsync?: (stream: { nfd: number }) => number } } } };
}

/**
 * Issue 13: PGlite's data directory on Emscripten's NODEFS, with fsync. NODEFS gives its
 * streams no `fsync` operation, so PostgreSQL's fsync calls (the WAL at every commit, the data
 * files and directories at every checkpoint, the directory of a new WAL segment) reached
 * nothing and no write was ever forced to disk. With the operation added they are real
 * fsyncs of the host file, and PGlite keeps PostgreSQL's own durability contract: a commit is
 * acknowledged once its WAL is on disk, and a checkpoint lets WAL go only after the data files
 * it covered are. (`wal_sync_method` must be `fsync`: Emscripten's fdatasync does nothing.)
 */
export class SyncingNodeFS extends NodeFS {
  /** `fsync`: what syncs a host descriptor (tests watch which files are synced through it). */
  constructor(
    dataDir: string,
    private readonly fsync: (fd: number) => void = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: Parameters<NodeFS["init"]>[1]): ReturnType<NodeFS["init"]> {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (module: unknown) => {
      (module as NodeFsModule).FS.filesystems.NODEFS.stream_ops.fsync = (stream) => {
        this.fsync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [addFsync, ...(emscriptenOpts.preRun ?? [])] } };
  }
}
