import type { PageQuery } from "./ports/readStore.ts";

/**
 * The invoice the read-query tests store (tests/contract/readQueries.contract.ts on every
 * adapter, mongodb/queries.unit.test.ts through mingo): a stored invoice as the projector writes
 * it, varied on every key the lists sort, filter and count by. Every third shares its creation
 * instant with the one before, so the id breaks the tie.
 */
export const SAMPLE_NAMES = ["Zeta Traders", "ágni stores", "Agni Stores", "बाज़ार", "mehta & sons", "Mehta & Sons", "", "Ōm Foods"];
export const SAMPLE_STATUSES = ["pending", "paid", "partially_paid", "overdue", "cancelled"];

export function sampleInvoice(i: number, ownerId: string, id: string, invoiceNumber = `INV-${i}`) {
  const paise = [11800, 500, 99_999_999, 11800, 0][i % 5]!;
  const status = SAMPLE_STATUSES[i % SAMPLE_STATUSES.length]!;
  const day = 1 + ((i * 7) % 28);
  return {
    id,
    userId: ownerId,
    customerId: `C-${i % 3}`,
    invoiceNumber,
    createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(),
    issueDate: `2026-${String(1 + (i % 4)).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    dueDate: i % 4 === 0 ? null : `2026-06-${String(day).padStart(2, "0")}`,
    status,
    subtotal: `${Math.round(paise / 118)}.00`,
    gstAmount: "0.00",
    total: `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`,
    paidAt: status === "paid" ? `2026-05-${String(day).padStart(2, "0")}T10:00:00.000Z` : null,
    customer: { name: SAMPLE_NAMES[i % SAMPLE_NAMES.length]!, gstNumber: i % 2 ? "29AABCR1718E1ZL" : null },
    items: [],
  };
}

/**
 * The lists' queries both read-query suites compare with the reference, on keys, sets, ranges
 * and searches; `ids` are documents to filter by id (each suite knows its own).
 */
export function sampleQueries(ids: readonly string[]): PageQuery[] {
  return [
    { order: "newest", where: { status: "paid" } },
    { order: "date-asc", where: { status: ["pending", "overdue"] }, range: { issueDay: { from: "2026-02-01", to: "2026-03-15" } } },
    { order: "amount-desc", where: { customerId: "c-1" } },
    { order: "due-asc", search: "inv-1" },
    { order: "customer-asc", search: "बाज़ार" },
    { where: { id: [...ids] } },
    { order: "amount-asc", range: { amount: { from: 500, to: 11800 } } },
  ];
}
