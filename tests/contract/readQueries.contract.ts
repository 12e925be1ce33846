import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryReadStore, type PageQuery, type ReadDocument, type ReadStore } from "@bahi/shared/server";
import { READ_MODEL_INDEXES } from "@bahi/shared/read-models";
import { sampleInvoice, sampleQueries } from "../../shared/src/server/readQuery.testing.ts";
import type { OpenedReadStore } from "./readStore.contract.ts";

/** A stored invoice as the projector writes it (readQuery.testing.ts), with an id of its own. */
const invoice = (i: number, ownerId: string) => sampleInvoice(i, ownerId, randomUUID());

/**
 * Issue 12: lists page, filter, sort and count in the store. Every adapter answers each query as
 * the in-memory reference (MemoryReadStore, what an "as of" replay serves) does, and pages put
 * together give every document once, in the order, even while documents are added between pages.
 */
export function readQueriesContract(name: string, open: () => Promise<OpenedReadStore>): void {
  describe(`ReadStore queries: ${name}`, () => {
    let opened: OpenedReadStore;
    let store: ReadStore;
    const owner = `owner-${randomUUID()}`;
    const other = `owner-${randomUUID()}`;
    const written: ReadDocument[] = [];
    let position = 0;

    async function write(docs: { id: string; ownerId: string; data: unknown }[]): Promise<void> {
      const [state] = await store.activeProjections(["invoices"]);
      const documents = docs.map((d) => ({ collection: "invoices", id: d.id, ownerId: d.ownerId, data: d.data, position: `${++position}:${position}` }));
      const checkpoint = documents[documents.length - 1]!.position;
      await store.commit([{ projection: "invoices", generation: state!.generation, expectedCheckpoint: state!.checkpoint, checkpoint, documents }]);
      for (const d of documents) {
        const at = written.findIndex((w) => w.id === d.id);
        if (at >= 0) written.splice(at, 1);
        written.push(d);
      }
    }
    const reference = () => new MemoryReadStore(written.map((d) => ({ ...d })));

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
      const mine = Array.from({ length: 60 }, (_, i) => invoice(i, owner));
      await write(mine.map((data) => ({ id: data.id, ownerId: owner, data })));
      await write(Array.from({ length: 5 }, (_, i) => invoice(i, other)).map((data) => ({ id: data.id, ownerId: other, data })));
    });
    afterAll(async () => {
      await opened?.close();
    });

    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

    it("sorts by every declared order as the reference does, the id breaking ties, and never shows another business's documents", async () => {
      const memory = reference();
      for (const order of Object.keys(READ_MODEL_INDEXES.invoices!.orders)) {
        const rows = await store.page("invoices", owner, { order });
        expect(rows).toHaveLength(60);
        expect(ids(rows), order).toEqual(ids(await memory.page("invoices", owner, { order })));
      }
      const newest = await store.page<{ createdAt: string }>("invoices", owner, { order: "newest" });
      expect(newest.map((r) => r.data.createdAt)).toEqual(
        newest
          .map((r) => r.data.createdAt)
          .sort()
          .reverse(),
      );
      const byName = await store.page<{ customer: { name: string } }>("invoices", owner, { order: "customer-asc" });
      // As words, accents and case aside: "ágni stores" with "Agni Stores", "Ōm Foods" before "Zeta Traders".
      const names = byName.map((r) => r.data.customer.name);
      const plain = (name: string) => name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
      expect(names.map(plain)).toEqual(names.map(plain).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(names.lastIndexOf("ágni stores")).toBeLessThan(names.indexOf("mehta & sons"));
      expect(names.lastIndexOf("Ōm Foods")).toBeLessThan(names.indexOf("Zeta Traders"));
    });

    it("filters on keys (one value, a set, a range, the id) and searches, as the reference does", async () => {
      const memory = reference();
      const queries = sampleQueries([written[3]!.id, written[7]!.id, written[64]!.id]);
      for (const query of queries) {
        const rows = await store.page("invoices", owner, query);
        expect(ids(rows), JSON.stringify(query)).toEqual(ids(await memory.page("invoices", owner, query)));
        expect(await store.count("invoices", owner, query)).toBe(rows.length);
      }
      expect(await store.count("invoices", owner, { where: { status: "paid" } })).toBe(12);
      expect(await store.count("invoices", owner, {})).toBe(60);
    });

    it("stops counting a filter's matches one past the cap (issue 13: a list says 1000+ rather than recheck every match)", async () => {
      expect(await store.count("invoices", owner, { where: { status: "paid" } }, 5)).toBe(6);
      expect(await store.count("invoices", owner, { where: { status: "paid" } }, 12)).toBe(12);
      expect(await store.count("invoices", owner, { search: "inv-" }, 3)).toBe(4);
      expect(await reference().count("invoices", owner, { where: { status: "paid" } }, 5)).toBe(6);
    });

    it("pages give every document exactly once, in order, while documents are added and changed between pages", async () => {
      for (const order of ["newest", "amount-asc", "customer-asc", "due-asc"]) {
        const before = new Set(ids(await store.page("invoices", owner, { order })));
        const seen: string[] = [];
        let after: PageQuery["after"];
        for (let page = 0; page < 100; page++) {
          const rows = await store.page<unknown>("invoices", owner, { order, limit: 7, after });
          if (rows.length === 0) break;
          seen.push(...ids(rows));
          const last = rows[rows.length - 1]!;
          after = { values: READ_MODEL_INDEXES.invoices!.orders[order]!.map((column) => last.keys[column.key]!), id: last.id };
          // Someone creates an invoice between two pages.
          const data = invoice(page, owner);
          await write([{ id: data.id, ownerId: owner, data }]);
        }
        expect(new Set(seen).size, order).toBe(seen.length);
        for (const id of before) expect(seen, order).toContain(id);
      }
    });

    it("keeps tallies per business and bucket with the documents: counted when written, moved when changed, gone when deleted", async () => {
      const expectMatch = async () => {
        for (const tally of ["byStatus", "byIssueMonth", "byPaidMonth"]) {
          expect(await store.tally("invoices", owner, tally), tally).toEqual(await reference().tally("invoices", owner, tally));
          expect(await store.tally("invoices", other, tally), tally).toEqual(await reference().tally("invoices", other, tally));
        }
      };
      await expectMatch();
      const target = written.find((d) => d.ownerId === owner && (d.data as { status: string }).status === "pending")!;
      const paidCount = (await store.tally("invoices", owner, "byStatus")).paid!.count;
      await write([{ id: target.id, ownerId: owner, data: { ...(target.data as object), status: "paid", paidAt: "2026-07-01T10:00:00.000Z" } }]);
      expect((await store.tally("invoices", owner, "byStatus")).paid!.count).toBe(paidCount + 1);
      await expectMatch();
      await write([{ id: target.id, ownerId: owner, data: null }]);
      expect((await store.tally("invoices", owner, "byStatus")).paid!.count).toBe(paidCount);
      await expectMatch();
      const outstanding = Object.values(await store.tally("invoices", owner, "byStatus")).reduce((sum, bucket) => sum + bucket.sums.balance!, 0);
      expect(Number.isInteger(outstanding)).toBe(true);
      expect(outstanding).toBeGreaterThan(0);
    });

    it("finds documents across businesses by a declared lookup", async () => {
      const found = await store.find<{ id: string; status: string }>("invoices", { status: "overdue" });
      const expected = written.filter((d) => d.data && (d.data as { status: string }).status === "overdue").map((d) => d.id);
      expect(found.map((f) => f.id).sort()).toEqual(expected.sort());
    });
  });
}
