import type { SqlClient } from "./client.ts";

/**
 * Issue 12: a pg_notify sent after a commit, on its own, and coalesced: one for however many
 * commits this process makes while one is in flight. Inside the committing transaction it
 * would take PostgreSQL's one server-wide notification lock until that transaction's commit
 * is flushed, so every notifying commit on the server would wait for the one before it.
 * A hint only: a lost one costs the listeners their idle pause, no more. PGlite has no other
 * process to tell.
 */
export class CoalescedNotify {
  private sending: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly sql: SqlClient,
    private readonly channel: string,
  ) {}

  send(): void {
    if (this.sql.kind !== "postgres") return;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = (async () => {
      do {
        this.again = false;
        // Lost hints are allowed (above); the pool may be closing under a late one.
        await this.sql.query(`SELECT pg_notify('${this.channel}', '')`).catch(() => undefined);
      } while (this.again);
    })().finally(() => {
      this.sending = null;
    });
  }

  /** Waits for the notification in flight, if any (before the pool closes). */
  async settled(): Promise<void> {
    await this.sending;
  }
}
