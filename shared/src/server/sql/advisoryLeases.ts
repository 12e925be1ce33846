import { randomInt } from "node:crypto";
import pg from "pg";
import type { PartitionLeases } from "../ports/partitionLeases.ts";

/** Advisory-lock classes (the first key of the two-key form): members, and partition units. */
export const MEMBER_CLASS = 74_290_101;
export const UNIT_CLASS = 74_290_102;

export interface AdvisoryLeasesOptions {
  /** How often membership is looked at and the units rebalanced (default 1 s). */
  rebalanceMs?: number;
  log?: (message: string) => void;
}

interface LockRow {
  class: string;
  key: string;
}

/**
 * Issue 12: projector shards share the read models' partitions through PostgreSQL session
 * advisory locks on one connection of their own. Each process holds a member lock; the live
 * members are the holders of member locks, so a killed process drops out the moment its
 * connection closes, with no heartbeat to wait out. Every process aims at its share of the
 * units (members ranked by their lock key; the first `units mod members` take one more),
 * gives back the highest units it holds beyond that and tries free ones below it.
 *
 * Correctness never rests on this: every commit compares and sets its partition's
 * checkpoint, so a process that still works a unit it just lost only meets a conflict.
 */
export class AdvisoryLeases implements PartitionLeases {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private member = randomInt(0, 2 ** 31 - 1);
  private readonly units = new Set<number>();
  private lastRebalance = 0;

  constructor(
    private readonly connectionString: string,
    private readonly options: AdvisoryLeasesOptions = {},
  ) {}

  async held(units: number): Promise<ReadonlySet<number>> {
    const now = Date.now();
    if (this.client && now - this.lastRebalance < (this.options.rebalanceMs ?? 1_000)) return new Set(this.units);
    this.lastRebalance = now;
    try {
      await this.rebalance(await this.connection(), units);
    } catch (error) {
      // The session (and with it every lock) is gone or going: hold nothing until it is back.
      this.options.log?.(`projector leases: ${(error as Error).message}; holding no partitions until reconnected`);
      this.drop();
    }
    return new Set(this.units);
  }

  /** Ends the session, releasing every lock; a later `held` starts a new one. */
  async close(): Promise<void> {
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    this.units.clear();
    // Ending the session releases every advisory lock it held.
    await client?.end().catch(() => undefined);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
      client.on("error", () => this.drop());
      await client.connect();
      // A key another member holds already (a random clash) is skipped for a fresh one.
      for (;;) {
        const [row] = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [MEMBER_CLASS, this.member])).rows;
        if (row?.ok) break;
        this.member = randomInt(0, 2 ** 31 - 1);
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    this.units.clear();
    client?.end().catch(() => undefined);
  }

  private async rebalance(client: pg.Client, units: number): Promise<void> {
    const { rows } = await client.query<LockRow>(
      `SELECT classid::bigint::text AS class, objid::bigint::text AS key FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid::bigint IN ($1, $2)
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [MEMBER_CLASS, UNIT_CLASS],
    );
    const members = rows
      .filter((row) => Number(row.class) === MEMBER_CLASS)
      .map((row) => Number(row.key))
      .sort((a, b) => a - b);
    const taken = new Set(rows.filter((row) => Number(row.class) === UNIT_CLASS).map((row) => Number(row.key)));
    const rank = Math.max(0, members.indexOf(this.member));
    const count = Math.max(1, members.length);
    const share = Math.floor(units / count) + (rank < units % count ? 1 : 0);

    // Units beyond the partition count (it was lowered) and beyond the share go back first.
    for (const unit of [...this.units].sort((a, b) => b - a)) {
      if (unit < units && this.units.size <= share) break;
      await client.query("SELECT pg_advisory_unlock($1, $2)", [UNIT_CLASS, unit]);
      this.units.delete(unit);
    }
    // Free units, starting from this member's own place so members do not all race for unit 0.
    for (let i = 0; i < units && this.units.size < share; i++) {
      const unit = (rank * Math.ceil(units / count) + i) % units;
      if (this.units.has(unit) || taken.has(unit)) continue;
      const [row] = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [UNIT_CLASS, unit])).rows;
      if (row?.ok) this.units.add(unit);
    }
  }
}
