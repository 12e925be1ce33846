/**
 * Issue 14: MongoReadStore's queries, proven without a server: mingo (MongoDB's query language in
 * JavaScript) runs each generated filter, sort, limit and pipeline over stored documents, and the
 * answer must be the reference's (readQuery.ts, what MemoryReadStore answers), with the
 * expectations of tests/contract/readQueries.contract.ts.
 */
import { createHash } from "node:crypto";
import { aggregate, find } from "mingo";
import { describe, expect, it } from "vitest";
import { READ_MODEL_INDEXES, type DocumentKeys } from "../../readModels/indexes.ts";
import type { PageQuery, PageRow, ReadDocument } from "../ports/readStore.ts";
import { countOf, pageOf, tallyOf } from "../readQuery.ts";
import { sampleInvoice, sampleQueries } from "../readQuery.testing.ts";
import { toStoredDocument, type StoredDocument } from "./mapping.ts";
import { countOptions, escapeRegex, findFilter, indexSpecs, matchFilter, pagePlan, pageSort, tallyFrom, tallyPipeline } from "./queries.ts";

const OWNER = "owner-1";
const OTHER = "owner-2";

/** Ids in no particular order (the id breaks ties), the same on every run. */
const idOf = (n: number): string => createHash("sha256").update(String(n)).digest("hex").slice(0, 12);

/** The contract suite's invoice (readQuery.testing.ts), with an id the same on every run. */
const invoice = (i: number, ownerId: string, invoiceNumber?: string) => sampleInvoice(i, ownerId, idOf(i + (ownerId === OWNER ? 0 : 1000)), invoiceNumber);

const written: ReadDocument[] = [
  ...Array.from({ length: 60 }, (_, i) => invoice(i, OWNER)).map((data) => ({ collection: "invoices", id: data.id, ownerId: OWNER, data, position: "1:1" })),
  ...Array.from({ length: 5 }, (_, i) => invoice(i, OTHER)).map((data) => ({ collection: "invoices", id: data.id, ownerId: OTHER, data, position: "1:1" })),
  // Search keys holding regular-expression and LIKE metacharacters, which a search must take literally.
  ...["INV_1", "INVx1", "50% OFF", "500 OFF", "A.B", "AXB", "(Q)+"].map((number, i) => {
    const data = invoice(100 + i, OWNER, number);
    return { collection: "invoices", id: data.id, ownerId: OWNER, data, position: "1:1" };
  }),
  // A tombstone of the owner's: never listed, counted or tallied.
  { collection: "invoices", id: idOf(999), ownerId: OWNER, data: null, position: "1:2" },
];
const stored: StoredDocument[] = written.map(toStoredDocument);
const rows: PageRow<unknown>[] = written
  .filter((d) => d.ownerId === OWNER && d.data !== null)
  .map((d) => ({ id: d.id, data: d.data, keys: stored.find((s) => s._id === d.id)!.keys as DocumentKeys }));

/** What the server answers a page with: the filter, then the sort, then the limit. */
function runPage(query: PageQuery, owner = OWNER): string[] {
  const plan = pagePlan("invoices", owner, query);
  if (plan.empty) return [];
  let cursor = find(stored, plan.filter).sort(plan.sort);
  if (plan.limit !== undefined) cursor = cursor.limit(plan.limit);
  return cursor.all().map((doc) => doc._id as string);
}

/** countDocuments' pipeline: $match, then $limit when capped, then a count. */
function runCount(query: Omit<PageQuery, "order" | "after" | "limit">, cap?: number): number {
  const { limit } = countOptions(cap);
  const [row] = aggregate(stored, [{ $match: matchFilter("invoices", OWNER, query) }, ...(limit === undefined ? [] : [{ $limit: limit }]), { $group: { _id: 1, n: { $sum: 1 } } }]);
  return Number(row?.n ?? 0);
}

const ids = (page: readonly { id: string }[]) => page.map((row) => row.id);

describe("page filters and sorts", () => {
  it("sorts by every declared order as the reference does, the id breaking ties, without tombstones or another business's documents", () => {
    for (const order of Object.keys(READ_MODEL_INDEXES.invoices!.orders)) {
      const page = runPage({ order });
      expect(page, order).toEqual(ids(pageOf("invoices", rows, { order })));
      expect(page).toHaveLength(67);
    }
    expect(runPage({})).toEqual([...rows.map((r) => r.id)].sort());
    expect(runPage({}, OTHER)).toHaveLength(5);
  });

  it("sorts text by code point and numbers numerically", () => {
    expect(pageSort("invoices", "amount-desc")).toEqual({ "keys.amount": -1, "keys.createdAt": -1, _id: -1 });
    const byAmount = runPage({ order: "amount-asc" }).map((id) => stored.find((s) => s._id === id)!.keys!.amount as number);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    expect(byAmount.at(-1)).toBe(99_999_999);
  });

  it("filters on keys (one value, a set, a range, the id) and searches, as the reference does", () => {
    const queries: PageQuery[] = [
      ...sampleQueries([rows[3]!.id, rows[7]!.id, idOf(1000), idOf(999)]),
      // A number key filtered with text (as a query string gives it) is compared as a number.
      { where: { amount: ["500"] }, range: { amount: { from: "100", to: "600" } } },
      { where: { status: [] } },
    ];
    for (const query of queries) {
      const expected = ids(pageOf("invoices", rows, query));
      expect(runPage(query), JSON.stringify(query)).toEqual(expected);
      expect(runCount(query), JSON.stringify(query)).toBe(countOf("invoices", rows, query));
    }
    expect(runPage({ where: { status: "paid" } })).toHaveLength(countOf("invoices", rows, { where: { status: "paid" } }));
    expect(runPage({ where: { amount: ["500"] } }).length).toBeGreaterThan(0);
  });

  it("takes a search literally: LIKE's and a regular expression's wildcards match only themselves", () => {
    const numbers = (search: string) => runPage({ search }).map((id) => (written.find((d) => d.id === id)!.data as { invoiceNumber: string }).invoiceNumber);
    expect(numbers("inv_1")).toEqual(["INV_1"]);
    expect(numbers("50%")).toEqual(["50% OFF"]);
    expect(numbers("a.b")).toEqual(["A.B"]);
    expect(numbers("(q)+")).toEqual(["(Q)+"]);
    expect(numbers(".*")).toEqual([]);
    for (const search of ["inv_1", "50%", "a.b", "(q)+", ".*", "inv-1"]) expect(runPage({ search })).toEqual(ids(pageOf("invoices", rows, { search })));
  });

  it("escapes every syntax and control character, and leaves other text (Devanagari, accents) alone", () => {
    const tricky = ["a\\b", "^x$", "a|b", "[x]", "{2}", "a?b*c+", "line\nbreak", "nul\u0000", "बाज़ार", "ágni"];
    for (const text of tricky) {
      const pattern = new RegExp(escapeRegex(text));
      expect(pattern.test(`before ${text} after`), text).toBe(true);
    }
    expect(new RegExp(escapeRegex("a|b")).test("a")).toBe(false);
    expect(new RegExp(escapeRegex("a?b")).test("b")).toBe(false);
    expect(escapeRegex("nul\u0000")).toBe("nul\\x00");
    expect(escapeRegex("बाज़ार")).toBe("बाज़ार");
  });

  it("pages with `after` give every row once, in order: strictly after the cursor's values and id", () => {
    for (const order of [...Object.keys(READ_MODEL_INDEXES.invoices!.orders), undefined]) {
      const all = runPage({ order });
      const seen: string[] = [];
      let after: PageQuery["after"];
      for (let page = 0; page < 20; page++) {
        const got = runPage({ order, limit: 7, after });
        expect(got, `${order} page ${page}`).toEqual(ids(pageOf("invoices", rows, { order, limit: 7, after })));
        if (got.length === 0) break;
        seen.push(...got);
        const last = stored.find((s) => s._id === got.at(-1))!;
        after = { values: (order ? READ_MODEL_INDEXES.invoices!.orders[order]! : []).map((column) => last.keys![column.key]!), id: last._id };
      }
      expect(seen, String(order)).toEqual(all);
    }
    // The cursor's own row is not repeated; the next is the one after it.
    const all = runPage({ order: "customer-asc" });
    const at = stored.find((s) => s._id === all[10])!;
    const cursor = { values: READ_MODEL_INDEXES.invoices!.orders["customer-asc"]!.map((c) => at.keys![c.key]!), id: at._id };
    expect(runPage({ order: "customer-asc", after: cursor, limit: 2 })).toEqual(all.slice(11, 13));
    expect(runPage({ order: "customer-asc", after: cursor })).toEqual(ids(pageOf("invoices", rows, { order: "customer-asc", after: cursor })));
  });

  it("asks for nothing with a limit of 0 (MongoDB's 0 would mean no limit)", () => {
    expect(pagePlan("invoices", OWNER, { limit: 0 }).empty).toBe(true);
    expect(runPage({ limit: 0 })).toEqual([]);
    expect(runPage({ limit: 3 })).toHaveLength(3);
  });

  it("stops counting one past the cap", () => {
    const paid = countOf("invoices", rows, { where: { status: "paid" } });
    expect(paid).toBe(14);
    expect(runCount({ where: { status: "paid" } }, 5)).toBe(6);
    expect(runCount({ where: { status: "paid" } }, 14)).toBe(14);
    expect(runCount({ where: { status: "paid" } }, 13)).toBe(14);
    expect(runCount({ where: { status: "paid" } }, 0)).toBe(1);
    expect(runCount({ search: "inv-" }, 3)).toBe(4);
    expect(runCount({})).toBe(67);
    expect(countOptions(undefined)).toEqual({});
  });

  it("refuses keys, orders and collections that are not declared", () => {
    expect(() => pagePlan("invoices", OWNER, { order: "nope" })).toThrow(RangeError);
    expect(() => pagePlan("invoices", OWNER, { where: { nope: "x" } })).toThrow(RangeError);
    expect(() => pagePlan("invoices", OWNER, { range: { nope: { from: "a" } } })).toThrow(RangeError);
    expect(() => pagePlan("vendors", OWNER, { search: "" })).not.toThrow();
    expect(() => pagePlan("salesNotes", OWNER, { search: "x" })).toThrow(RangeError);
    expect(() => pagePlan("undeclared", OWNER, { order: "newest" })).toThrow(RangeError);
    expect(() => pagePlan("invoices", OWNER, { range: { amount: { from: "many" } } })).toThrow(RangeError);
  });
});

describe("tallies", () => {
  it("groups a business's live documents into the reference's buckets, counts and sums", () => {
    for (const tally of Object.keys(READ_MODEL_INDEXES.invoices!.tallies!)) {
      const got = tallyFrom("invoices", tally, aggregate(stored, tallyPipeline("invoices", OWNER, tally)));
      expect(got, tally).toEqual(tallyOf("invoices", rows, tally));
    }
    const byStatus = tallyFrom("invoices", "byStatus", aggregate(stored, tallyPipeline("invoices", OTHER, "byStatus")));
    expect(Object.values(byStatus).reduce((n, bucket) => n + bucket.count, 0)).toBe(5);
    expect(tallyFrom("invoices", "byStatus", aggregate(stored, tallyPipeline("invoices", "nobody", "byStatus")))).toEqual({});
    expect(() => tallyPipeline("invoices", OWNER, "nope")).toThrow(RangeError);
  });
});

describe("find", () => {
  const live = (id: string, data: unknown, collection = "invoices"): StoredDocument => toStoredDocument({ collection, id, ownerId: "o", data, position: "1:1" });
  const found = (docs: StoredDocument[], collection: string, where: Record<string, string | number | boolean | null>) =>
    find(docs, findFilter(collection, where))
      .sort({ _id: 1 })
      .all()
      .map((doc) => doc._id);

  it("finds by a declared lookup's key, across owners, live documents only", () => {
    expect(findFilter("invoices", { status: "overdue" })).toEqual({ live: true, "keys.status": "overdue" });
    const overdue = written.filter((d) => (d.data as { status?: string } | null)?.status === "overdue").map((d) => d.id);
    expect(found(stored, "invoices", { status: "overdue" })).toEqual(overdue.sort());
  });

  it("finds by top-level data fields as JSON containment does: equal values, not arrays holding them, null only when present", () => {
    const docs = [
      live("a", { status: "pending", name: "Asha", n: 1 }, "customers"),
      live("b", { status: ["pending"], name: "Bala" }, "customers"),
      live("c", { status: null, name: "Chitra" }, "customers"),
      live("d", { name: "Dev" }, "customers"),
      live("e", null, "customers"),
      live("f", { status: "pending", name: "Bala", n: 1.0 }, "customers"),
    ];
    expect(found(docs, "customers", { status: "pending" })).toEqual(["a", "f"]);
    expect(found(docs, "customers", { status: "pending", name: "Bala" })).toEqual(["f"]);
    expect(found(docs, "customers", { status: null })).toEqual(["c"]);
    expect(found(docs, "customers", { n: 1 })).toEqual(["a", "f"]);
    expect(found(docs, "customers", {})).toEqual(["a", "b", "c", "d", "f"]);
    expect(() => findFilter("customers", { "a.b": 1 })).toThrow(RangeError);
    expect(() => findFilter("customers", { $where: 1 })).toThrow(RangeError);
  });
});

describe("indexes", () => {
  const keyOf = (spec: { key: unknown }) => JSON.stringify(Object.entries(spec.key as Record<string, number>));
  const reversed = (sort: Record<string, number>) => Object.fromEntries(Object.entries(sort).map(([k, d]) => [k, -d]));

  it("serve every declared order forwards or backwards behind the owner, and every filter, lookup, search and tally", () => {
    for (const [collection, index] of Object.entries(READ_MODEL_INDEXES)) {
      const specs = indexSpecs(collection);
      const keys = new Set(specs.map(keyOf));
      expect(
        specs.every((spec) => JSON.stringify(spec.partialFilterExpression) === '{"live":true}'),
        collection,
      ).toBe(true);
      expect(keys.size).toBe(specs.length);
      expect(specs.length).toBeLessThan(64);
      for (const order of Object.keys(index.orders)) {
        const sort = pageSort(collection, order);
        const served = [
          { owner: 1, ...sort },
          { owner: 1, ...reversed(sort) },
        ].some((key) => keys.has(keyOf({ key })));
        expect(served, `${collection} ${order}`).toBe(true);
      }
      expect(keys.has(keyOf({ key: { owner: 1, _id: 1 } }))).toBe(true);
      for (const key of index.lookups ?? []) expect(keys.has(keyOf({ key: { [`keys.${key}`]: 1, _id: 1 } })), key).toBe(true);
      for (const key of index.filters ?? []) expect(keys.has(keyOf({ key: { owner: 1, [`keys.${key}`]: 1, _id: 1 } })), key).toBe(true);
      if (index.keys.search) expect(keys.has(keyOf({ key: { owner: 1, "keys.search": 1 } }))).toBe(true);
      for (const tally of Object.values(index.tallies ?? {})) {
        expect(
          [...keys].some((key) =>
            key.startsWith(
              JSON.stringify([
                ["owner", 1],
                [`keys.${tally.group}`, 1],
              ]).slice(0, -1),
            ),
          ),
        ).toBe(true);
      }
    }
    // "newest" and "oldest" (and "date-desc" and "date-asc") are read off one index each way.
    const invoices = indexSpecs("invoices").map((spec) => spec.key as Record<string, number>);
    const sameBackwards = (a: Record<string, number>, b: Record<string, number>) => keyOf({ key: { owner: 1, ...reversed(a) } }) === keyOf({ key: { owner: 1, ...b } });
    expect(invoices.some((a, i) => invoices.some((b, j) => i !== j && sameBackwards(a, b)))).toBe(false);
    expect(invoices.filter((key) => Object.keys(key).join() === "owner,keys.createdAt,_id")).toHaveLength(1);
    expect(indexSpecs("undeclared").map(keyOf)).toEqual([keyOf({ key: { owner: 1, _id: 1 } })]);
  });

  it("every query names the owner and `live: true`, which the partial indexes need", () => {
    const plan = pagePlan("invoices", OWNER, { order: "newest", where: { status: "paid" }, search: "x", after: { values: ["2026"], id: "a" } });
    expect(plan.filter).toMatchObject({ owner: OWNER, live: true });
    expect(matchFilter("invoices", OWNER, {})).toEqual({ owner: OWNER, live: true });
    expect(tallyPipeline("invoices", OWNER, "byStatus")[0]).toEqual({ $match: { owner: OWNER, live: true } });
    expect(findFilter("customers", { a: 1 })).toMatchObject({ live: true });
  });
});
