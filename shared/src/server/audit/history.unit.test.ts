import { describe, expect, it } from "vitest";
import type { EventMetadata, RecordedEvent } from "../ports/eventStore.ts";
import { historyEntries, indianDateTime } from "./history.ts";

const business = "11111111-1111-4111-8111-111111111111";
const customerId = "22222222-2222-4222-8222-222222222222";
let position = 0;

function recorded(type: string, data: unknown, metadata: Partial<EventMetadata> = {}, streamId = `customer-${customerId}`): RecordedEvent {
  position += 1;
  return {
    id: `e-${position}`,
    type,
    data,
    streamId,
    revision: position,
    position: `${100 + position}:${position}`,
    recordedAt: new Date(Date.UTC(2026, 10, 24, 9, 34 + position)).toISOString(),
    metadata: { userId: business, actor: `user:${business}`, causationId: null, correlationId: "c", occurredAt: "2026-11-24T09:34:00.000Z", schemaVersion: 1, ...metadata },
  };
}

const customer = { customerId, ownerId: business, name: "Rao Traders", email: null, phone: null, address: null, gstNumber: null, stateCode: "27", creditLimitPaise: 0 };

describe("a record's history from its events", () => {
  it("an edit lists each changed field with its old and new value, in words; unchanged fields are left out", () => {
    const { entries, label } = historyEntries(
      [
        recorded("CustomerAdded", { ...customer, addedAt: "2026-11-24" }),
        recorded("CustomerUpdated", { ...customer, name: "Rao & Sons", creditLimitPaise: 12345600, updatedAt: "2026-11-25" }),
      ],
      business,
      new Map([[business, "Asha Rao"]]),
    );
    expect(label).toBe("Customer Rao & Sons");
    expect(entries.map((e) => e.summary)).toEqual(["Added customer Rao Traders", "Edited the customer"]);
    expect(entries[0]!.changes).toEqual([]);
    expect(entries[1]!.changes).toEqual([
      { field: "name", label: "Name", from: "Rao Traders", to: "Rao & Sons" },
      { field: "creditLimitPaise", label: "Credit limit", from: null, to: "₹1,23,456.00" },
    ]);
  });

  it("orders events of several streams by log position, oldest first", () => {
    const later = recorded("CustomerArchived", { customerId, ownerId: business, archivedAt: "x" });
    const earlier = { ...recorded("CustomerAdded", { ...customer, addedAt: "x" }), position: "1:1" };
    expect(historyEntries([later, earlier], business).entries.map((e) => e.type)).toEqual(["CustomerAdded", "CustomerArchived"]);
  });

  it("who: a member's recorded name and role, the owner by the users read model, a job by its name", () => {
    const member = "33333333-3333-4333-8333-333333333333";
    const { entries } = historyEntries(
      [
        recorded("CustomerAdded", { ...customer, addedAt: "x" }),
        recorded(
          "CustomerArchived",
          { customerId, ownerId: business, archivedAt: "x" },
          { actor: `user:${member}`, businessId: business, actorName: "Meena Iyer", actorRole: "accountant" },
        ),
        recorded("CustomerUnarchived", { customerId, ownerId: business, unarchivedAt: "x" }, { actor: "system:overdue-sweep" }),
        recorded("CustomerDeleted", { customerId, ownerId: business, deletedAt: "x" }, { actor: "system:nightly-tidy-up" }),
      ],
      business,
      new Map([[business, "Asha Rao"]]),
    );
    expect(entries.map((e) => e.actor)).toEqual([
      { kind: "member", id: business, name: "Asha Rao", role: "owner" },
      { kind: "member", id: member, name: "Meena Iyer", role: "accountant" },
      { kind: "system", id: "overdue-sweep", name: "Overdue check" },
      { kind: "system", id: "nightly-tidy-up", name: "Nightly tidy up" },
    ]);
  });

  it("a process's first step shows only when nothing finished it; an unknown event still gets a line", () => {
    const stream = "product-44444444-4444-4444-8444-444444444444";
    const started = recorded("ProductCreationStarted", { productId: "p", ownerId: business, sku: "OIL-1", startedAt: "x" }, {}, stream);
    const added = recorded(
      "ProductAdded",
      {
        productId: "p",
        ownerId: business,
        name: "Hair oil",
        description: null,
        sku: "OIL-1",
        category: "Other",
        pricePaise: 100000,
        minStock: 0,
        gstRateBasisPoints: 1800,
        hsnCode: null,
        openingStock: 3,
        isActive: true,
        addedAt: "x",
      },
      {},
      stream,
    );
    const unknown = recorded("ProductPhotographed", { at: "x" }, {}, stream);
    expect(historyEntries([started, added, unknown], business).entries.map((e) => e.summary)).toEqual([
      "Added product Hair oil (SKU OIL-1) at ₹1,000.00, opening stock 3",
      "Product photographed",
    ]);
    expect(historyEntries([started], business).entries.map((e) => e.summary)).toEqual(["Started adding product SKU OIL-1"]);
  });

  it("when is India time", () => {
    expect(indianDateTime("2026-11-24T09:34:00.000Z")).toBe("24 Nov 2026, 3:04 pm");
  });
});
