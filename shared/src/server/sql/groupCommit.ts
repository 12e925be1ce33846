import type { SqlClient } from "./client.ts";

interface Waiting<Row> {
  params: readonly unknown[];
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Issue 13: group commit for a store with one connection (PGlite), where every commit pays its
 * own WAL fsync. One statement runs at once; the statements asked for while it runs wait and
 * then run together in one transaction, so they share one commit and one fsync. Each caller
 * still hears of its own statement only after the commit that holds it. A statement that fails
 * fails its whole group, so the group is run again one statement at a time: only the failing
 * statement's caller gets the error, and no caller gets an answer its transaction did not keep.
 */
export class GroupCommit<Row> {
  private readonly waiting: Waiting<Row>[] = [];
  private draining = false;

  constructor(
    private readonly sql: SqlClient,
    private readonly statement: string,
  ) {}

  /** The statement's first row with these parameters, once its transaction has committed. */
  run(params: readonly unknown[]): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ params, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        // Callers just answered ask again within this turn of the event loop: let them join.
        await new Promise((resolve) => setImmediate(resolve));
        const group = this.waiting.splice(0);
        if (group.length > 1) {
          const rows = await this.sql
            .transaction(async (tx) => {
              const firstRows: (Row | undefined)[] = [];
              for (const { params } of group) firstRows.push((await tx.query<Row>(this.statement, params))[0]);
              return firstRows;
            })
            .catch(() => null);
          if (rows) {
            group.forEach((waiting, i) => waiting.resolve(rows[i]));
            continue;
          }
        }
        for (const waiting of group) {
          await this.sql.query<Row>(this.statement, waiting.params).then(([row]) => waiting.resolve(row), waiting.reject);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
