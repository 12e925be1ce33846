/**
 * Issue 14: the MongoDB read store's upkeep at connect, proven without a server: the writes that
 * work keys out again run in mingo (MongoDB's query and update language in JavaScript) over
 * stored documents as the store writes them.
 */
import { find } from "mingo";
import { update } from "mingo/updater";
import type { Document, IndexDescriptionInfo } from "mongodb";
import { describe, expect, it } from "vitest";
import { sampleInvoice } from "../readQuery.testing.ts";
import { toStoredDocument, type StoredDocument } from "./mapping.ts";
import { indexSpecs } from "./queries.ts";
import { rekeyWrites, undeclaredIndexes } from "./upkeep.ts";

const stored = (i: number, position = `1:${i}`): StoredDocument =>
  toStoredDocument({ collection: "invoices", id: `inv-${i}`, ownerId: "u-1", data: sampleInvoice(i, "u-1", `inv-${i}`), position, revision: null });

/** Runs bulk updateOne writes as the server would: each on the first document its filter matches. */
function apply(docs: StoredDocument[], writes: ReturnType<typeof rekeyWrites>): number {
  let modified = 0;
  for (const write of writes) {
    if (!("updateOne" in write)) throw new Error("only updateOne is expected");
    const [match] = find(docs, write.updateOne.filter as Document).all() as StoredDocument[];
    if (match) {
      update(match, write.updateOne.update as Document);
      modified++;
    }
  }
  return modified;
}

describe("MongoDB upkeep at connect", () => {
  it("works out again the keys of documents keyed under other declarations, and leaves the rest alone", () => {
    const fresh = Array.from({ length: 12 }, (_, i) => stored(i));
    // As an older release left them: no keys at all, or one key missing.
    const old = fresh.map((doc, i) => {
      if (i % 3 === 0) return { ...doc, keys: {} };
      if (i % 3 === 1) {
        const { status: _dropped, ...rest } = doc.keys!;
        return { ...doc, keys: rest };
      }
      return structuredClone(doc);
    });
    const tombstone: StoredDocument = { _id: "gone", owner: "u-1", live: false, data: null, position: "1:99", revision: null, keys: null };
    const writes = rekeyWrites("invoices", [...old, tombstone]);
    expect(writes).toHaveLength(8);
    expect(apply(old, writes)).toBe(8);
    expect(old.map((doc) => doc.keys)).toEqual(fresh.map((doc) => doc.keys));
    expect(rekeyWrites("invoices", old)).toEqual([]);
  });

  it("does not overwrite a document written since it was read: that write worked out its own keys", () => {
    const read = { ...stored(1), keys: {} };
    const writes = rekeyWrites("invoices", [read]);
    const since = [{ ...stored(1, "2:1"), keys: { status: "written since" } as StoredDocument["keys"] }];
    expect(apply(since, writes)).toBe(0);
    expect(since[0]!.keys).toEqual({ status: "written since" });
  });

  it("drops only the indexes no declaration asks for", () => {
    const wanted = indexSpecs("invoices");
    const existing: IndexDescriptionInfo[] = [
      { name: "_id_", key: { _id: 1 }, v: 2 },
      ...wanted.map((spec, i) => ({ name: `declared_${i}`, key: spec.key as Record<string, 1 | -1>, v: 2 })),
      { name: "an_order_since_removed", key: { owner: 1, "keys.oldOrder": -1, _id: -1 }, v: 2 },
      // The same fields in another order is another index.
      { name: "reordered", key: Object.fromEntries(Object.entries(wanted[1]!.key).reverse()) as Record<string, 1 | -1>, v: 2 },
    ];
    expect(wanted.length).toBeGreaterThan(2);
    expect(undeclaredIndexes(existing, wanted)).toEqual(["an_order_since_removed", "reordered"]);
  });
});
