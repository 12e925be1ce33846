/**
 * Issue 12: what each read model is indexed, filtered, sorted and tallied by, declared once for
 * every store. A document's keys are plain scalars worked out from its data when it is written;
 * SqlReadStore keeps them beside the document with a JSONB expression index per order and per
 * lookup, and MemoryReadStore (an "as of" replay) works them out the same way. A list's sort, its
 * filters, its search and its counters are all read off the keys, so a page costs the page and a
 * counter costs its buckets, however long the business's history.
 *
 * Tallies are per-business aggregates kept in the same transaction as the documents: a count and
 * integer sums per bucket (an invoice status, an Indian month), so the dashboard, the list
 * counters and the month report read a handful of rows instead of every document.
 */
import { createHash } from "node:crypto";
import {
  indianDateOf,
  roundHalfUp,
  toPaise,
  toThousandths,
  withBalance,
  type Customer,
  type CustomerAdvance,
  type DeliveryChallan,
  type Expense,
  type Invoice,
  type Product,
  type SalesNote,
  type Vendor,
} from "../contract/index.ts";
import { voidPeriodOf } from "../returns/documentSummary.ts";
import { noteReportingPeriod } from "../returns/notes.ts";
import { returnPeriodOf } from "../returns/period.ts";
import { collections } from "./collections.ts";

export type KeyValue = string | number;
export type DocumentKeys = Readonly<Record<string, KeyValue>>;

export interface KeyDefinition<T> {
  /** text: compared by code point ("C" collation); number: numerically (integers or decimals). */
  readonly type: "text" | "number";
  /** Never null: a missing value gets a sentinel that sorts where the list wants it. */
  readonly of: (doc: T) => KeyValue;
}

export interface OrderColumn {
  readonly key: string;
  readonly dir: "asc" | "desc";
}

export interface TallyDefinition {
  /** The text key whose value names the bucket. */
  readonly group: string;
  /** Number keys summed per bucket (integers: paise, days, flags). */
  readonly sums: readonly string[];
}

export interface CollectionIndex<T = never> {
  readonly keys: Readonly<Record<string, KeyDefinition<T>>>;
  /**
   * Named sorts. The document id breaks every tie in the direction of the last column, so the
   * order is total and, when every column runs one way, a keyset cursor is one index range.
   */
  readonly orders: Readonly<Record<string, readonly OrderColumn[]>>;
  /** Keys system jobs find documents by across businesses (each with an index). */
  readonly lookups?: readonly string[];
  /** Keys a business's documents are often picked by (each with an index under the owner). */
  readonly filters?: readonly string[];
  readonly tallies?: Readonly<Record<string, TallyDefinition>>;
}

/** A text key that sorts names as words: accents and case aside, its first 40 characters. */
export const TEXT_KEY_LENGTH = 40;
export function wordKey(value: string | null | undefined): string {
  const plain = (value ?? "").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
  return Array.from(plain).slice(0, TEXT_KEY_LENGTH).join("");
}

/** What a list's free-text search looks in: the fields, lower-cased, one per line. */
export function searchKey(...fields: (string | null | undefined)[]): string {
  return fields
    .filter((field): field is string => typeof field === "string" && field !== "")
    .map((field) => field.toLowerCase())
    .join("\n");
}

/** Sorts after every date ("null last"). */
export const LAST = "~";

export const dayOf = (date: string): string => {
  try {
    return indianDateOf(date);
  } catch {
    return date;
  }
};

export const paiseOf = (amount: string | null | undefined): number => {
  try {
    return toPaise(amount ?? "");
  } catch {
    return 0;
  }
};

const periodOf = (date: string): string => {
  try {
    return returnPeriodOf(date);
  } catch {
    return "";
  }
};

const flag = (value: boolean): string => (value ? "1" : "0");

/** A party's GSTIN as the GSTIN check finds the party by it ("" without one). */
export const gstinKey = (gstin: string | null | undefined): string => (gstin ?? "").trim().toUpperCase();

/** An instant as UTC ISO text, which sorts as time does ("" when it is not one). */
export function instantKey(value: string): string {
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : "";
}

const text = <T>(of: (doc: T) => KeyValue): KeyDefinition<T> => ({ type: "text", of });
const number = <T>(of: (doc: T) => KeyValue): KeyDefinition<T> => ({ type: "number", of });
const asc = (key: string): OrderColumn => ({ key, dir: "asc" });
const desc = (key: string): OrderColumn => ({ key, dir: "desc" });

/** Days from an invoice's issue to its payment (Indian dates), as the report averages them. */
function paymentDays(invoice: Invoice): number {
  if (!invoice.paidAt) return 0;
  return Math.round((Date.parse(dayOf(invoice.paidAt)) - Date.parse(dayOf(invoice.issueDate))) / 86_400_000) || 0;
}

/** An expense's amount with its sign: a supplier's credit note takes its amount back (s.34). */
export const expensePaiseOf = (expense: Pick<Expense, "documentType">, amount: string | null | undefined): number =>
  expense.documentType === "credit_note" ? -paiseOf(amount) : paiseOf(amount);

/** What GET /products/low-stock lists: an active product at or below its minimum. */
export const isLowStock = (product: Product): boolean => product.isActive && product.stock <= product.minStock;

/** The Inventory page's stock value of one product: price × stock in thousandths, rounded half up. */
export const stockValuePaise = (product: Product): number => roundHalfUp(paiseOf(product.price) * (toThousandths(product.stock) ?? 0), 1000);

const invoiceIndex: CollectionIndex<Invoice> = {
  keys: {
    createdAt: text((i) => i.createdAt),
    issueDay: text((i) => dayOf(i.issueDate)),
    // No due date (due on receipt): after every dated one.
    dueDay: text((i) => (i.dueDate ? dayOf(i.dueDate) : LAST)),
    amount: number((i) => paiseOf(i.total)),
    customer: text((i) => wordKey(i.customer?.name)),
    customerId: text((i) => (i.customerId ?? "").toLowerCase()),
    status: text((i) => i.status),
    search: text((i) => searchKey(i.invoiceNumber, i.customer?.name, i.customer?.gstNumber)),
    balance: number((i) => paiseOf(withBalance(i).balanceDue)),
    issueMonth: text((i) => dayOf(i.issueDate).slice(0, 7)),
    /** The GST period the sale is reported in (MMYYYY): the one it was moved to, else its issue date's. */
    reportingPeriod: text((i) => i.reportingPeriod || periodOf(i.issueDate)),
    taxable: number((i) => paiseOf(i.subtotal)),
    gst: number((i) => paiseOf(i.gstAmount)),
    paidMonth: text((i) => (i.paidAt ? dayOf(i.paidAt).slice(0, 7) : "")),
    paymentDays: number(paymentDays),
  },
  orders: {
    newest: [desc("createdAt")],
    oldest: [asc("createdAt")],
    "date-desc": [desc("issueDay"), desc("createdAt")],
    "date-asc": [asc("issueDay"), asc("createdAt")],
    "due-asc": [asc("dueDay"), asc("issueDay"), asc("createdAt")],
    "amount-desc": [desc("amount"), desc("createdAt")],
    "amount-asc": [asc("amount"), desc("createdAt")],
    "customer-asc": [asc("customer"), desc("issueDay"), desc("createdAt")],
  },
  lookups: ["status"],
  filters: ["status", "reportingPeriod", "customerId"],
  tallies: {
    /** The list's counters and the dashboard's outstanding. */
    byStatus: { group: "status", sums: ["balance"] },
    /** The month report's income and invoice count, and last year's turnover for the late fee. */
    byIssueMonth: { group: "issueMonth", sums: ["taxable", "gst"] },
    /** The month report's average payment days. */
    byPaidMonth: { group: "paidMonth", sums: ["paymentDays"] },
  },
};

const expenseIndex: CollectionIndex<Expense> = {
  keys: {
    day: text((e) => dayOf(e.date)),
    createdAt: text((e) => e.createdAt),
    amount: number((e) => expensePaiseOf(e, e.amount)),
    gst: number((e) => expensePaiseOf(e, e.gstAmount)),
    /** The tax on the purchase that can be credited, as the report without a GSTIN sums it. */
    itcGst: number((e) => (e.eligibleForItc ? expensePaiseOf(e, e.gstAmount) : 0)),
    category: text((e) => e.category),
    vendorId: text((e) => (e.vendorId ?? "").toLowerCase()),
    month: text((e) => dayOf(e.date).slice(0, 7)),
    /** The GST period the purchase is reported in (MMYYYY), as CMP-08 reads a quarter's. */
    reportingPeriod: text((e) => e.reportingPeriod ?? ""),
    search: text((e) => searchKey(e.description, e.vendor?.name, e.category, e.vendorInvoiceNumber, e.selfInvoiceNumber)),
  },
  orders: {
    "date-desc": [desc("day"), desc("createdAt")],
    "date-asc": [asc("day"), asc("createdAt")],
    "amount-desc": [desc("amount"), desc("day"), desc("createdAt")],
    "amount-asc": [asc("amount"), desc("day"), desc("createdAt")],
    newest: [desc("createdAt")],
  },
  filters: ["vendorId", "reportingPeriod"],
  tallies: {
    byCategory: { group: "category", sums: ["amount"] },
    byMonth: { group: "month", sums: ["amount", "gst", "itcGst"] },
  },
};

const productIndex: CollectionIndex<Product> = {
  keys: {
    createdAt: text((p) => p.createdAt),
    name: text((p) => wordKey(p.name)),
    stock: number((p) => (Number.isFinite(p.stock) ? p.stock : 0)),
    price: number((p) => paiseOf(p.price)),
    active: text((p) => flag(p.isActive)),
    lowStock: text((p) => flag(isLowStock(p))),
    outOfStock: text((p) => flag(p.stock <= 0)),
    category: text((p) => p.category ?? ""),
    search: text((p) => searchKey(p.name, p.sku, p.hsnCode, p.barcode, p.category)),
    stockValue: number(stockValuePaise),
    lowStockCount: number((p) => (isLowStock(p) ? 1 : 0)),
  },
  orders: {
    newest: [desc("createdAt")],
    "name-asc": [asc("name")],
    "stock-asc": [asc("stock"), asc("name")],
    "price-desc": [desc("price"), asc("name")],
    "price-asc": [asc("price"), asc("name")],
  },
  filters: ["lowStock"],
  tallies: { all: { group: "lowStock", sums: ["stockValue"] } },
};

const creditLimitPaise = (customer: Customer): number => Math.max(0, paiseOf(customer.creditLimit));

const customerIndex: CollectionIndex<Customer> = {
  keys: {
    createdAt: text((c) => c.createdAt),
    name: text((c) => wordKey(c.name)),
    archived: text((c) => flag(c.archived === true)),
    search: text((c) => searchKey(c.name, c.email, c.phone, c.gstNumber)),
    gstin: text((c) => gstinKey(c.gstNumber)),
    createdMonth: text((c) => dayOf(c.createdAt).slice(0, 7)),
    creditLimit: number(creditLimitPaise),
    withCreditLimit: number((c) => (creditLimitPaise(c) > 0 ? 1 : 0)),
  },
  orders: { newest: [desc("createdAt")], "name-asc": [asc("name")] },
  filters: ["gstin"],
  tallies: {
    byArchived: { group: "archived", sums: ["creditLimit", "withCreditLimit"] },
    /** The report's new customers. */
    byCreatedMonth: { group: "createdMonth", sums: [] },
  },
};

const vendorIndex: CollectionIndex<Vendor> = {
  keys: {
    createdAt: text((v) => v.createdAt),
    name: text((v) => wordKey(v.name)),
    archived: text((v) => flag(v.archived === true)),
    search: text((v) => searchKey(v.name, v.email, v.phone, v.gstNumber)),
    gstin: text((v) => gstinKey(v.gstNumber)),
    gstRegistered: number((v) => ((v.gstNumber ?? "").trim() !== "" ? 1 : 0)),
  },
  orders: { newest: [desc("createdAt")], "name-asc": [asc("name")] },
  filters: ["gstin"],
  tallies: { byArchived: { group: "archived", sums: ["gstRegistered"] } },
};

/** Issue 9: credit and debit notes, listed per kind and read per customer and per return period. */
const salesNoteIndex: CollectionIndex<SalesNote> = {
  keys: {
    createdAt: text((n) => n.createdAt),
    kind: text((n) => n.kind),
    customerId: text((n) => (n.customer?.id ?? "").toLowerCase()),
    /** The period a return reports the note in (MMYYYY), as the return engine works it out. */
    reportingPeriod: text((n) => noteReportingPeriod(n)),
  },
  orders: { newest: [desc("createdAt")] },
  filters: ["kind", "customerId", "reportingPeriod"],
};

/** Issue 9: delivery challans, listed newest first and read per customer and per return period (Table 13). */
const challanIndex: CollectionIndex<DeliveryChallan> = {
  keys: {
    createdAt: text((c) => c.createdAt),
    number: text((c) => c.number),
    customerId: text((c) => (c.customer?.id ?? "").toLowerCase()),
    period: text((c) => periodOf(c.issueDate)),
  },
  orders: { newest: [desc("createdAt"), desc("number")] },
  filters: ["customerId", "period"],
};

/** Issue 9: voided document numbers, read per return period (Table 13). */
const voidedNumberIndex: CollectionIndex<{ documentDate: string | null }> = {
  keys: { period: text((v) => (v.documentDate ? voidPeriodOf(v.documentDate) : "")) },
  orders: {},
  filters: ["period"],
};

/** Issue 10: customer advances, read per customer, oldest first. */
const advanceIndex: CollectionIndex<CustomerAdvance> = {
  keys: {
    day: text((a) => a.date),
    receivedAt: text((a) => a.receivedAt),
    customerId: text((a) => a.customerId.toLowerCase()),
  },
  orders: { oldest: [asc("day"), asc("receivedAt")] },
  filters: ["customerId"],
};

/** E-way bills, listed newest first; `activeUntil` counts the ones still valid (cancelled ones: ""). */
const ewayBillIndex: CollectionIndex<{ createdAt: string; status: string; validUpto: string }> = {
  keys: {
    createdAt: text((b) => b.createdAt),
    activeUntil: text((b) => (b.status === "active" ? instantKey(b.validUpto) : "")),
  },
  orders: { newest: [desc("createdAt")] },
};

/** Collections only system jobs search across businesses. */
const lookupOnly = (field: string): CollectionIndex<Record<string, unknown>> => ({
  keys: { [field]: text((doc) => String(doc[field] ?? "")) },
  orders: {},
  lookups: [field],
});

export const READ_MODEL_INDEXES: Readonly<Record<string, CollectionIndex<never>>> = {
  [collections.invoices]: invoiceIndex as CollectionIndex<never>,
  [collections.expenses]: expenseIndex as CollectionIndex<never>,
  [collections.products]: productIndex as CollectionIndex<never>,
  [collections.customers]: customerIndex as CollectionIndex<never>,
  [collections.vendors]: vendorIndex as CollectionIndex<never>,
  [collections.salesNotes]: salesNoteIndex as CollectionIndex<never>,
  [collections.deliveryChallans]: challanIndex as CollectionIndex<never>,
  [collections.voidedNumbers]: voidedNumberIndex as CollectionIndex<never>,
  [collections.advances]: advanceIndex as CollectionIndex<never>,
  [collections.ewayBills]: ewayBillIndex as CollectionIndex<never>,
  [collections.processes]: lookupOnly("phase") as CollectionIndex<never>,
  [collections.gstReturns]: lookupOnly("status") as CollectionIndex<never>,
};

export function indexOf(collection: string): CollectionIndex<never> | undefined {
  return Object.hasOwn(READ_MODEL_INDEXES, collection) ? READ_MODEL_INDEXES[collection] : undefined;
}

/** A document's keys ({} for a collection with none declared), or null for a tombstone. */
export function keysOf(collection: string, data: unknown): DocumentKeys | null {
  if (data === null || data === undefined) return null;
  const index = indexOf(collection);
  if (!index) return {};
  const keys: Record<string, KeyValue> = {};
  for (const [name, key] of Object.entries(index.keys) as [string, KeyDefinition<unknown>][]) {
    let value: KeyValue;
    try {
      value = key.of(data);
    } catch {
      // A document the read model wrote but a key cannot read (an old shape): it sorts first.
      value = key.type === "number" ? 0 : "";
    }
    keys[name] = key.type === "number" ? (Number.isFinite(value) ? value : 0) : String(value);
  }
  return keys;
}

/**
 * Changes whenever a declaration does (its source included): stores compare it with the version
 * each generation's keys were worked out under and work them out again when it differs.
 */
export const KEYS_VERSION = createHash("sha256")
  .update(
    JSON.stringify(READ_MODEL_INDEXES, (_name, value: unknown) => (typeof value === "function" ? value.toString() : value)) +
      [
        dayOf,
        paiseOf,
        periodOf,
        paymentDays,
        wordKey,
        searchKey,
        expensePaiseOf,
        isLowStock,
        stockValuePaise,
        creditLimitPaise,
        gstinKey,
        instantKey,
        noteReportingPeriod,
        voidPeriodOf,
      ]
        .map(String)
        .join("\n"),
  )
  .digest("hex")
  .slice(0, 16);
