import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Collection, Db, Document, Filter } from "mongodb";
import type { PartitionLeases } from "../ports/partitionLeases.ts";
import { isDuplicateKey, mongoErrorOf } from "./unavailable.ts";

export const LEASES_COLLECTION = "bahi_leases";
export const LEASE_MEMBERS_COLLECTION = "bahi_lease_members";

/** One per partition unit: who works it, until when (the server's clock). */
export interface LeaseDocument {
  _id: number;
  holder: string;
  expiresAt: Date;
}

/** One per live projector process: what the advisory version's member locks are. */
export interface LeaseMemberDocument {
  _id: string;
  expiresAt: Date;
}

export interface MongoLeasesOptions {
  /** This process's name among the members (default: host, pid and a random suffix, unique per instance). */
  holder?: string;
  /** How long a lease and a membership last unless renewed (default 10 s): a dead process's units wait this long. */
  leaseMs?: number;
  /** How often membership is looked at and the units rebalanced and renewed (default 1 s, as AdvisoryLeases). */
  rebalanceMs?: number;
  log?: (message: string) => void;
}

export const DEFAULT_LEASE_MS = 10_000;
const DEFAULT_REBALANCE_MS = 1_000;

/** Times are the server's (`$$NOW`), so hosts whose clocks disagree still agree on who holds what. */
const LIVE = { $expr: { $gt: ["$expiresAt", "$$NOW"] } };
const EXPIRED = { $expr: { $lte: ["$expiresAt", "$$NOW"] } };

/** A pipeline update: `holder` holds the document until the server's now + leaseMs. */
export const leaseUpdate = (holder: string, leaseMs: number): Document[] => [{ $set: { holder, expiresAt: { $add: ["$$NOW", leaseMs] } } }];

/** A membership renewed until the server's now + leaseMs. */
export const memberUpdate = (leaseMs: number): Document[] => [{ $set: { expiresAt: { $add: ["$$NOW", leaseMs] } } }];

/** Ours already, or expired: what a process may (re)take without asking anyone (used without upsert: `$expr` is refused in an upsert's filter). */
export const takeableFilter = (unit: number, holder: string): Filter<LeaseDocument> => ({ _id: unit, $or: [{ holder }, EXPIRED] });

/** With upsert: inserts a unit nobody has a document for, renews ours, and collides (E11000) with anyone else's. */
export const freeOrOursFilter = (unit: number, holder: string): Filter<LeaseDocument> => ({ _id: unit, holder });

export const liveFilter: Filter<LeaseDocument> & Filter<LeaseMemberDocument> = LIVE;

export interface RebalanceInput {
  units: number;
  /** Live members' names, this one's among them. */
  members: readonly string[];
  holder: string;
  /** Units this member holds now. */
  ours: ReadonlySet<number>;
  /** Units other live members hold. */
  taken: ReadonlySet<number>;
}

export interface RebalancePlan {
  share: number;
  /** Ours to give back: beyond the unit count, then the highest beyond the share. */
  release: number[];
  /** Free units to try, in order, while fewer than `share` are held. */
  candidates: number[];
}

/**
 * AdvisoryLeases' rule: members ranked by name; each aims at units / members, the first
 * `units mod members` one more; gives back the highest units it holds beyond that and tries free
 * ones starting from its own place, so members do not all race for unit 0.
 */
export function rebalancePlan({ units, members, holder, ours, taken }: RebalanceInput): RebalancePlan {
  const ranked = [...members].sort();
  const rank = Math.max(0, ranked.indexOf(holder));
  const count = Math.max(1, ranked.length);
  const share = Math.floor(units / count) + (rank < units % count ? 1 : 0);
  const release: number[] = [];
  let kept = ours.size;
  for (const unit of [...ours].sort((a, b) => b - a)) {
    if (unit < units && kept <= share) break;
    release.push(unit);
    kept -= 1;
  }
  const candidates: number[] = [];
  for (let i = 0; i < units; i++) {
    const unit = (rank * Math.ceil(units / count) + i) % units;
    if (!ours.has(unit) && !taken.has(unit)) candidates.push(unit);
  }
  return { share, release, candidates };
}

/**
 * Issue 14: PartitionLeases over MongoDB, for deployments without PostgreSQL. The promise is
 * AdvisoryLeases': live members share the units fairly (rebalancePlan), and a process that gives
 * its leases back (close) lets the others take them over on their next look.
 *
 * Liveness is a lease here, not a session: each member has a document in bahi_lease_members
 * and each unit one in bahi_leases ({ _id: unit, holder, expiresAt }), renewed by `held`, which
 * the projector asks before every step (and so at least once per idle pause). A PostgreSQL
 * advisory lock is freed the moment its process dies; a process that dies here keeps its
 * membership and units until they expire, up to `leaseMs` (10 s) later, and the others take
 * them over on their first look after that. Units are taken by single-document writes: an
 * upsert for a unit without a document, a conditional update for an expired one; two
 * processes never both write the same unit, and should one work a unit it has just lost, every
 * commit compares and sets its partition's checkpoint, so it only meets a conflict.
 */
export class MongoLeases implements PartitionLeases {
  readonly holder: string;
  private readonly leases: Collection<LeaseDocument>;
  private readonly members: Collection<LeaseMemberDocument>;
  private readonly leaseMs: number;
  private readonly rebalanceMs: number;
  private readonly units = new Set<number>();
  private lastRebalance = 0;
  private looking = false;
  private indexed: Promise<void> | null = null;

  constructor(
    db: Db,
    private readonly options: MongoLeasesOptions = {},
  ) {
    this.leases = db.collection<LeaseDocument>(LEASES_COLLECTION);
    this.members = db.collection<LeaseMemberDocument>(LEASE_MEMBERS_COLLECTION);
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.rebalanceMs = options.rebalanceMs ?? DEFAULT_REBALANCE_MS;
    // A lease must outlive a few looks, or a process that is merely between looks loses its units.
    if (this.leaseMs < 3 * this.rebalanceMs || this.leaseMs < 100) {
      throw new RangeError(`A lease (${this.leaseMs} ms) must last at least 100 ms and three rebalances (${this.rebalanceMs} ms)`);
    }
  }

  /** The members' TTL index: a dead process's membership document is deleted by the server after it expires. */
  ensureIndexes(): Promise<void> {
    this.indexed ??= this.members.createIndexes([{ key: { expiresAt: 1 }, name: "bahi_lease_members_ttl", expireAfterSeconds: 0 }]).then(
      () => undefined,
      (error: unknown) => {
        this.indexed = null;
        throw mongoErrorOf(error);
      },
    );
    return this.indexed;
  }

  async held(units: number): Promise<ReadonlySet<number>> {
    const now = Date.now();
    if (this.looking && now - this.lastRebalance < this.rebalanceMs) return new Set(this.units);
    this.lastRebalance = now;
    try {
      await this.ensureIndexes();
      await this.rebalance(units);
      this.looking = true;
    } catch (error) {
      // Whatever we hold runs out by itself: hold nothing until the server answers again.
      this.options.log?.(`projector leases: ${(error as Error).message}; holding no partitions until MongoDB answers`);
      this.units.clear();
      this.looking = false;
    }
    return new Set(this.units);
  }

  /** Gives every unit and the membership back at once; a later `held` joins again. */
  async close(): Promise<void> {
    this.units.clear();
    this.looking = false;
    try {
      await this.leases.deleteMany({ holder: this.holder });
      await this.members.deleteOne({ _id: this.holder });
    } catch (error) {
      // Safe to drop: what could not be deleted expires within leaseMs, and the others take it over then.
      this.options.log?.(`projector leases: giving back failed (${(error as Error).message}); they expire within ${this.leaseMs} ms`);
    }
  }

  private async rebalance(units: number): Promise<void> {
    await this.members.updateOne({ _id: this.holder }, memberUpdate(this.leaseMs), { upsert: true });
    // Renew whatever is still ours; a unit taken over after our lease ran out is someone else's now.
    await this.leases.updateMany({ holder: this.holder }, leaseUpdate(this.holder, this.leaseMs));
    const members = await this.members.find(liveFilter, { projection: { _id: 1 } }).toArray();
    const live = await this.leases.find(liveFilter).toArray();
    const ours = new Set(live.filter((lease) => lease.holder === this.holder).map((lease) => lease._id));
    const taken = new Set(live.filter((lease) => lease.holder !== this.holder).map((lease) => lease._id));
    const plan = rebalancePlan({ units, members: members.map((member) => member._id), holder: this.holder, ours, taken });

    if (plan.release.length > 0) {
      await this.leases.deleteMany({ _id: { $in: plan.release }, holder: this.holder });
      for (const unit of plan.release) ours.delete(unit);
    }
    for (const unit of plan.candidates) {
      if (ours.size >= plan.share) break;
      if (await this.take(unit)) ours.add(unit);
    }
    this.units.clear();
    for (const unit of ours) this.units.add(unit);
  }

  /** Takes a free unit: an expired lease by a conditional update, one nobody has a document for by an upsert. */
  private async take(unit: number): Promise<boolean> {
    const update = leaseUpdate(this.holder, this.leaseMs);
    if ((await this.leases.updateOne(takeableFilter(unit, this.holder), update)).matchedCount === 1) return true;
    try {
      await this.leases.updateOne(freeOrOursFilter(unit, this.holder), update, { upsert: true });
      return true;
    } catch (error) {
      // Another member's, live: it holds the unit's document, which this insert collided with.
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
