import { EventEmitter } from "node:events";
import { Coalesced } from "../coalesced.ts";
import type { SqlClient } from "./client.ts";

/**
 * Issue 12: hints between the processes on one database, by channel (appends, read-model
 * commits, rebuilds). A listener hears this process's own hints at once and, on PostgreSQL,
 * other processes' through LISTEN, started with the channel's first listener. `notify` tells
 * the other processes after a commit, on its own and coalesced: one pg_notify for however many
 * commits this process makes while one is in flight. Inside the committing transaction it
 * would take PostgreSQL's one server-wide notification lock until that commit is flushed, so
 * every notifying commit on the server would wait for the one before it. Hints may be lost
 * (a dropped LISTEN connection, a failed pg_notify): listeners still look now and then.
 */
/** The least time between two notifications of one channel from this process while commits keep coming. */
const NOTIFY_GAP_MS = 5;

export class SqlHints {
  private readonly local = new EventEmitter();
  /** Each LISTEN started, by channel: its unlisten, or null when it failed (the next listener tries again). */
  private readonly listening = new Map<string, Promise<(() => Promise<void>) | null>>();
  private readonly notifying = new Map<string, Coalesced>();
  private closed = false;

  constructor(private readonly sql: SqlClient) {
    this.local.setMaxListeners(0);
  }

  on(channel: string, listener: () => void): () => void {
    this.local.on(channel, listener);
    if (this.sql.kind === "postgres" && !this.listening.has(channel) && !this.closed) {
      // The client reconnects a dropped LISTEN by itself and wakes us after it (see listen).
      const listening = this.sql
        .listen(channel, () => this.local.emit(channel))
        .catch(() => {
          this.listening.delete(channel);
          return null;
        });
      this.listening.set(channel, listening);
    }
    return () => this.local.off(channel, listener);
  }

  /** Tells this process's listeners. */
  emit(channel: string): void {
    this.local.emit(channel);
  }

  /** Tells the other processes' listeners (PGlite has none). */
  notify(channel: string): void {
    if (this.sql.kind !== "postgres") return;
    let notifying = this.notifying.get(channel);
    if (!notifying) {
      // Issue 13: under a steady stream of commits the next notification waits out the rest of
      // NOTIFY_GAP_MS: back to back they cost eight writers' appends a third of their rate.
      const coalesced: Coalesced = new Coalesced(async () => {
        const started = Date.now();
        await this.sql.query(`SELECT pg_notify('${channel}', '')`);
        if (coalesced.pending()) await new Promise((resolve) => setTimeout(resolve, Math.max(0, NOTIFY_GAP_MS - (Date.now() - started))));
      });
      this.notifying.set(channel, (notifying = coalesced));
    }
    notifying.run();
  }

  /** Sends what is in flight and stops listening, before the pool closes. */
  async close(): Promise<void> {
    this.closed = true;
    for (const notifying of this.notifying.values()) await notifying.settled();
    for (const listening of this.listening.values()) await (await listening)?.();
    this.listening.clear();
    this.local.removeAllListeners();
  }
}
