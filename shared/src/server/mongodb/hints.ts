import { EventEmitter } from "node:events";
import type { ChangeStream, Db, Document } from "mongodb";
import { hintOf, hintPipeline, type Hint } from "./mapping.ts";

/** How long a failed change stream waits before it is opened again. */
const REOPEN_MS = 1_000;

/**
 * Issue 14: commit and rebuild hints. A listener hears this process's own at once; on a replica
 * set (or through a mongos), one change stream over the metadata collections carries the other
 * processes' too, opened with the first listener. A standalone server has no change streams:
 * there only this process's hints arrive, and listeners rely on their periodic re-check (the
 * port allows hints to be lost). A stream that fails (the driver already resumes it across
 * network errors) is opened again after a pause while anyone listens.
 */
export class MongoHints {
  private readonly local = new EventEmitter();
  private stream: ChangeStream<Document, Document> | null = null;
  private reopening: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly db: Db | null) {
    this.local.setMaxListeners(0);
  }

  on(hint: Hint, listener: () => void): () => void {
    this.local.on(hint, listener);
    this.open();
    return () => this.local.off(hint, listener);
  }

  emit(hint: Hint): void {
    this.local.emit(hint);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reopening) clearTimeout(this.reopening);
    const stream = this.stream;
    this.stream = null;
    await stream?.close();
  }

  private listening(): boolean {
    return this.local.listenerCount("commit") + this.local.listenerCount("rebuild") > 0;
  }

  private open(): void {
    if (!this.db || this.stream || this.reopening || this.closed) return;
    const stream = this.db.watch<Document, Document>(hintPipeline());
    this.stream = stream;
    stream.on("change", (change) => {
      const hint = hintOf(change);
      if (hint) this.local.emit(hint);
    });
    stream.on("error", () => {
      // Safe to drop: a hint may be lost (listeners re-check on their own); the stream is opened
      // again, and meanwhile this process's own hints still arrive.
      this.stream = null;
      stream.close().catch(() => {
        // Already failed: nothing more to release than what close() tried.
      });
      if (this.closed || !this.listening()) return;
      this.reopening = setTimeout(() => {
        this.reopening = null;
        if (this.listening()) this.open();
      }, REOPEN_MS);
      this.reopening.unref();
    });
  }
}
