/**
 * The issue-7 fuzz suite: generated requests over every endpoint of both APIs, signed in as
 * real users with real records so handlers go deep. Two promises are checked, request by
 * request and sequentially: no response is a 5xx, and a refused request (4xx) appends nothing
 * to the log. Seeded: a fixed seed by default; BAHI_FUZZ_SEED picks another or replays a failure (the seed is in the message).
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_HEADER, compareWirePositions, POSITION_HEADER } from "@bahi/shared/contract";
import { previousPeriod, returnPeriodOf } from "@bahi/shared/returns";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type TestApp } from "../support/app.ts";

// A fixed seed by default, so `npm test` is repeatable; set BAHI_FUZZ_SEED to explore others
// (e.g. BAHI_FUZZ_SEED=$RANDOM) or to replay a failure.
const SEED = Number(process.env.BAHI_FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.BAHI_FUZZ_RUNS ?? 2_000);
// Last month: a month's returns can be filed once it has ended; the business is registered since then.
const period = previousPeriod(returnPeriodOf(new Date())).fp;
const registeredSince = `${period.slice(2)}-${period.slice(0, 2)}-01`;
const today = new Date().toISOString().slice(0, 10);

/** One business's records, by kind; `null` where it has none yet. */
interface Business {
  client: ApiClient;
  userId: string;
  email: string;
  customer: string;
  vendor: string;
  product: string;
  invoice: string;
  expense: string;
  ewayBill: string;
  gstReturn: string;
  /** The GSTIN it was seeded with (a GSTR-2B is accepted only for the business's own). */
  gstin: string;
}

type RecordKind = "customer" | "vendor" | "product" | "invoice" | "expense" | "ewayBill" | "gstReturn" | "period";

let sequence = 0;
const unique = (prefix: string) => `${prefix}${(++sequence).toString(36).toUpperCase()}${randomBytes(2).toString("hex").toUpperCase()}`;

async function ok<T = any>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await response;
  if (status >= 300) throw new Error(`fixture ${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

const invoiceBody = (b: Pick<Business, "customer" | "product">) => ({
  customerId: b.customer,
  invoiceNumber: unique("FZ-"),
  issueDate: today,
  dueDate: today,
  subtotal: "1000",
  gstAmount: "180",
  total: "1180",
  notes: "Fuzz",
  items: [{ productId: b.product, quantity: 1, price: "1000", gstRate: "18", amount: "1180.00" }],
});
/** Issue 9 (s.34): a note against the seeded invoice; the seed's ₹1,000 is credited a rupee at a time. */
const creditNoteBody = (b: Pick<Business, "invoice" | "product">) => ({
  invoiceId: b.invoice,
  reason: "post_sale_discount",
  items: [{ productId: b.product, quantity: 1, price: "1" }],
});
const productBody = () => ({
  name: "Hair oil",
  sku: unique("SKU-"),
  category: "Other",
  price: "1000",
  stock: 1_000_000,
  minStock: 1,
  gstRate: 18,
  hsnCode: "3305",
  description: "Fuzz",
});
const partyBody = () => ({
  name: "Reddy Retail",
  email: "reddy@example.com",
  phone: "9876543210",
  address: "Bengaluru",
  gstNumber: "29AABCR1718E1ZL",
  stateCode: "29",
  shippingAddress: "Whitefield, Bengaluru",
  isSez: false,
  creditLimit: "5000",
});
const vendorBody = () => ({ name: "Shah Supplies", email: "shah@example.com", phone: "9876543210", address: "Mumbai", gstNumber: "29AABCR1718E1ZL" });
const expenseBody = (b: Pick<Business, "vendor">) => ({
  vendorId: b.vendor,
  category: "Supplies",
  description: "Bottles",
  amount: "500",
  date: today,
  vendorInvoiceNumber: unique("V"),
  vendorInvoiceDate: today,
  placeOfSupply: "27",
  hsnCode: "3305",
  eligibleForItc: true,
});
const ewayBillBody = (b: Pick<Business, "invoice">) => ({
  invoiceId: b.invoice,
  dispatchPincode: "411001",
  deliveryPincode: "560001",
  distanceKm: 850,
  vehicleNumber: "MH12AB1234",
  reasonCode: 1,
  transportMode: "road",
  vehicleType: "regular",
  transporterName: "Fast Movers",
});
const gstr2bBody = (b?: Pick<Business, "gstin">) => {
  const dt = `01-${period.slice(0, 2)}-${period.slice(2)}`;
  return {
    period,
    data: {
      gstin: b?.gstin ?? "27AAPFU0939F1ZV",
      rtnprd: period,
      docdata: {
        b2b: [
          {
            ctin: "29AABCR1718E1ZL",
            trdnm: "Reddy Supplies",
            inv: [{ inum: "RS-42", dt, val: 1180, pos: "27", rev: "N", itcavl: "Y", items: [{ num: 1, rt: 18, txval: 1000, igst: 180, cgst: 0, sgst: 0, cess: 0 }] }],
          },
        ],
      },
    },
  };
};

const PROFILE = {
  companyName: "Rao Stores",
  phone: "98",
  gstNumber: "27AAPFU0939F1ZV",
  businessAddress: "Pune",
  businessType: "Proprietorship",
  gstCategory: "Regular",
  stateCode: "27",
  gstRegistrationDate: registeredSince,
};

/** A registered business with one record of every kind, on the Professional plan (no quota). */
async function seedBusiness(app: TestApp, gstin: string): Promise<Business> {
  const client = new ApiClient(app.baseUrl);
  const email = `fuzz-${randomBytes(4).toString("hex")}@example.com`;
  const user = await client.register({ email });
  await ok(client.put("/api/profile", { ...PROFILE, gstNumber: gstin, stateCode: gstin.slice(0, 2) }), "profile");
  await ok(client.post("/api/profile/plan", { plan: "professional" }), "plan");
  const b: Partial<Business> = { client, userId: user.id, email, gstin };
  b.customer = (await ok(client.post("/api/customers", partyBody()), "customer")).id;
  b.vendor = (await ok(client.post("/api/vendors", vendorBody()), "vendor")).id;
  b.product = (await ok(client.post("/api/products", productBody()), "product")).id;
  b.invoice = (await ok(client.post("/api/invoices", invoiceBody(b as Business)), "invoice")).id;
  b.expense = (await ok(client.post("/api/expenses", expenseBody(b as Business)), "expense")).id;
  b.ewayBill = (await ok(client.post("/api/ewaybills", ewayBillBody(b as Business)), "e-way bill")).id;
  await ok(client.post("/api/gst/file-gstr1", { period }), "GSTR-1");
  await ok(client.post("/api/gst/gstr2b", gstr2bBody({ gstin })), "GSTR-2B");
  b.gstReturn = `${user.id}-GSTR1-${period}`;
  return b as Business;
}

interface Endpoint {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** `:id` is replaced by a generated id of `idKind`. */
  path: string;
  idKind?: RecordKind;
  body?: (b: Business) => unknown;
  /** The record a 2xx answer removes or changes, to be put back so later cases still go deep. */
  restores?: "customer" | "vendor" | "product" | "invoice" | "expense" | "ewayBill" | "profile";
  /** Sent from a session of its own, so that whatever it does to a session does not end the owner's. */
  ownSession?: boolean;
}

/** Every route of command-api/src/**\/routes.ts and read-api/src/**\/routes.ts. */
const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: "/api/auth/register",
    body: () => ({ email: `fz-${randomBytes(4).toString("hex")}@example.com`, password: "secret123", firstName: "Asha", lastName: "Rao", companyName: "Rao", phone: "98" }),
  },
  { method: "POST", path: "/api/auth/login", body: (b) => ({ email: b.email, password: "secret123" }) },
  { method: "POST", path: "/api/auth/logout", ownSession: true },
  { method: "GET", path: "/api/auth/me" },
  { method: "GET", path: "/api/profile" },
  { method: "PUT", path: "/api/profile", restores: "profile", body: () => PROFILE },
  { method: "POST", path: "/api/profile/plan", body: () => ({ plan: "professional" }) },
  { method: "GET", path: "/api/customers" },
  { method: "GET", path: "/api/customers/:id", idKind: "customer" },
  { method: "POST", path: "/api/customers", body: partyBody },
  { method: "PUT", path: "/api/customers/:id", idKind: "customer", body: partyBody },
  { method: "DELETE", path: "/api/customers/:id", idKind: "customer", restores: "customer" },
  { method: "GET", path: "/api/vendors" },
  { method: "GET", path: "/api/vendors/:id", idKind: "vendor" },
  { method: "POST", path: "/api/vendors", body: vendorBody },
  { method: "PUT", path: "/api/vendors/:id", idKind: "vendor", body: vendorBody },
  { method: "DELETE", path: "/api/vendors/:id", idKind: "vendor", restores: "vendor" },
  { method: "GET", path: "/api/products" },
  { method: "GET", path: "/api/products/low-stock" },
  { method: "GET", path: "/api/products/:id", idKind: "product" },
  { method: "POST", path: "/api/products", body: productBody },
  { method: "PUT", path: "/api/products/:id", idKind: "product", body: productBody },
  { method: "PATCH", path: "/api/products/:id/active", idKind: "product", restores: "product", body: () => ({ isActive: true }) },
  { method: "DELETE", path: "/api/products/:id", idKind: "product", restores: "product" },
  { method: "POST", path: "/api/products/:id/stock", idKind: "product", body: () => ({ quantity: 5, note: "Received" }) },
  { method: "POST", path: "/api/products/:id/stock-adjustments", idKind: "product", body: () => ({ quantityDelta: -1, reason: "Damaged" }) },
  { method: "GET", path: "/api/invoices" },
  { method: "GET", path: "/api/invoices/:id", idKind: "invoice" },
  { method: "GET", path: "/api/invoices/:id/einvoice", idKind: "invoice" },
  { method: "GET", path: "/api/invoices/:id/pdf", idKind: "invoice" },
  { method: "POST", path: "/api/invoices", body: invoiceBody },
  { method: "PATCH", path: "/api/invoices/:id/status", idKind: "invoice", body: () => ({ status: "pending" }) },
  { method: "PUT", path: "/api/invoices/:id", idKind: "invoice", body: (b) => ({ ...invoiceBody(b), invoiceNumber: "" }) },
  { method: "POST", path: "/api/invoices/:id/cancel", idKind: "invoice", restores: "invoice", body: () => ({ reason: "Raised twice" }) },
  { method: "POST", path: "/api/credit-notes", body: creditNoteBody },
  { method: "POST", path: "/api/debit-notes", body: creditNoteBody },
  { method: "GET", path: "/api/credit-notes" },
  { method: "GET", path: "/api/debit-notes" },
  { method: "GET", path: "/api/credit-notes/:id", idKind: "invoice" },
  { method: "GET", path: "/api/debit-notes/:id", idKind: "invoice" },
  { method: "GET", path: "/api/expenses" },
  { method: "GET", path: "/api/expenses/:id", idKind: "expense" },
  { method: "POST", path: "/api/expenses", body: expenseBody },
  { method: "PUT", path: "/api/expenses/:id", idKind: "expense", body: expenseBody },
  { method: "DELETE", path: "/api/expenses/:id", idKind: "expense", restores: "expense" },
  { method: "GET", path: "/api/dashboard/stats" },
  { method: "GET", path: "/api/reports" },
  { method: "GET", path: "/api/reports/pdf" },
  { method: "GET", path: "/api/reports/aging" },
  { method: "GET", path: "/api/search" },
  { method: "GET", path: "/api/gst/returns" },
  { method: "GET", path: "/api/gst/returns/:id/json", idKind: "gstReturn" },
  { method: "GET", path: "/api/gst/overview" },
  { method: "GET", path: "/api/gst/returns/preview" },
  { method: "GET", path: "/api/gst/reconciliations/:id", idKind: "period" },
  { method: "GET", path: "/api/gst/hsn-codes" },
  { method: "GET", path: "/api/gst/ewaybills" },
  { method: "POST", path: "/api/gst/validate-gstin", body: () => ({ gstin: "27AAPFU0939F1ZV" }) },
  { method: "POST", path: "/api/gst/gstr2b", body: gstr2bBody },
  { method: "POST", path: "/api/gst/reconcile-purchases", body: () => ({ period }) },
  {
    method: "POST",
    path: "/api/gst/reconciliations/:id/decisions",
    idKind: "period",
    body: () => ({ expenseId: "00000000-0000-4000-8000-000000000000", portalKey: "b2b:27AAPFU0939F1ZV:X-1:2026-10-01", decision: "accept" }),
  },
  { method: "POST", path: "/api/gst/file-gstr1", body: () => ({ period }) },
  { method: "POST", path: "/api/gst/file-gstr3b", body: () => ({ period }) },
  { method: "POST", path: "/api/ewaybills", body: ewayBillBody },
  { method: "POST", path: "/api/ewaybills/:id/cancel", idKind: "ewayBill", restores: "ewayBill", body: () => ({ reason: "Order cancelled" }) },
  // Issue 9: delivery challans, note PDFs, the logo, the HSN master, CMP-08.
  { method: "POST", path: "/api/delivery-challans", body: (b) => ({ customerId: b.customer, purpose: "job_work", items: [{ productId: b.product, quantity: 1 }] }) },
  { method: "GET", path: "/api/delivery-challans" },
  { method: "GET", path: "/api/delivery-challans/:id", idKind: "invoice" },
  { method: "GET", path: "/api/delivery-challans/:id/pdf", idKind: "invoice" },
  { method: "POST", path: "/api/delivery-challans/:id/cancel", idKind: "invoice", body: () => ({ reason: "Not sent" }) },
  { method: "GET", path: "/api/credit-notes/:id/pdf", idKind: "invoice" },
  { method: "GET", path: "/api/debit-notes/:id/pdf", idKind: "invoice" },
  {
    method: "PUT",
    path: "/api/profile/logo",
    body: () => ({ image: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" }),
  },
  { method: "DELETE", path: "/api/profile/logo" },
  { method: "GET", path: "/api/profile/logo" },
  { method: "GET", path: "/api/gst/hsn" },
  { method: "GET", path: "/api/gst/hsn/:id", idKind: "period" },
  { method: "GET", path: "/api/gst/cmp08" },
];

const deepJunk = (depth: number): unknown => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nested: value };
  return value;
};

/** Values that have broken, or could break, an edge: types, text no store can hold, dates, sizes. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0.001,
      1e308,
      -1e308,
      2 ** 53 + 2,
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\uD800",
      "x\uDFFF",
      "\uDE00\uD83D",
      "\u0007",
      "\u001b[2J",
      "\t\n",
      "2025-02-30",
      "2025-01-01 GMT",
      "0000-01-01",
      "2025-13-01",
      "2025-01-01T25:00Z",
      "9999-12-31",
      "1999-12-31",
      "2025-02-29T10:00:00+05:30",
      "2025-10-14T09:30:00+05:30",
      "+002025-01-01",
      "-1",
      "NaN",
      "Infinity",
      "1e309",
      "0x10",
      "१२३",
      "1,000.50",
      "1.005",
      "18.000000001",
      "00000000-0000-0000-0000-000000000000",
      "__proto__",
      "constructor",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "%00",
      "😀",
      "ठीक",
      "x".repeat(10_000),
      "0".repeat(400),
      [],
      {},
      [null],
      { $gt: "" },
      deepJunk(40),
      deepJunk(5),
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Mutation =
  | { kind: "none" }
  | { kind: "drop"; at: number }
  | { kind: "set"; at: number; value: unknown }
  | { kind: "add"; key: string; value: unknown }
  | { kind: "replace"; value: unknown }
  | { kind: "date"; at: number; value: string }
  | { kind: "raw"; text: string; contentType: string | null };

/** Dates that are not dates, or not sane ones: each once got past the edge and froze a projection. */
const oddDate = fc.oneof(
  fc.constantFrom(
    "2025-02-30",
    "2025-01-01 GMT",
    "0000-01-01",
    "2025-13-01",
    "2025-01-01T25:00Z",
    "2025-04-31",
    "2023-02-29",
    "9999-12-31",
    "1900-01-01",
    "2025-01-01T10:00",
    "2025-01-01Z",
    "2025-01-01T00:00:00+24:00",
    "+275760-09-13",
    "2025-1-1",
    "2025-01-01T10:00:00.000+05:30junk",
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("date" as const), at: fc.nat(), value: oddDate }) },
  { weight: 2, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 2, arbitrary: fc.nat().map((at) => ({ kind: "drop" as const, at })) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value: junk }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      key: fc.oneof(fc.constantFrom("__proto__", "constructor", "id", "userId", "ownerId", "status", "k\u0000", "\uD800"), fc.string({ maxLength: 8 })),
      value: junk,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replace" as const), value: junk }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      text: fc.constantFrom(
        "{",
        "null",
        "[]",
        '"text"',
        '{"a":',
        "\u0000",
        "{}",
        '{"email":"a@b.co"}',
        "a=1&b=2",
        "[".repeat(5_000),
        `{"x":"${"y".repeat(200_000)}"}`,
        '{"name":"\\u0000"}',
        '{"name":"\\ud800"}',
      ),
      contentType: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-16",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        null,
      ),
    }),
  },
);

type IdChoice = "own" | "foreign" | "random" | "upper" | { raw: string };
const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("own" as const) },
  { weight: 1, arbitrary: fc.constantFrom("foreign" as const, "random" as const, "upper" as const) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          "abc",
          "%00",
          "%ZZ",
          "%",
          "x".repeat(10_000),
          "..",
          "%2e%2e",
          "00000000-0000-0000-0000-000000000000%00",
          "%F0%9F",
          "%ED%A0%80",
          "%C0%80",
          "%0A",
          "1",
          "-1",
          "null",
          "012025",
          "132025",
          "undefined",
          "%20",
        ),
        fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
      )
      .map((raw) => ({ raw })),
  },
);

const queryString = fc.oneof(
  { weight: 4, arbitrary: fc.constant("") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "?period=this-month",
      "?period=last-year",
      "?period=%00",
      `?type=GSTR1&period=${period}`,
      `?type=GSTR3B&period=${period}`,
      "?type=GSTR3B&period=012099",
      "?type=gstr1&period=062017",
      "?type[]=GSTR1&period=1",
      "?period=a&period=b",
      "?q=oil",
      "?q=%00",
      "?q=%uD800",
      "?q=%ED%A0%80",
      `?q=${"x".repeat(5_000)}`,
      "?q[a]=1",
      "?q[]=1&q[]=2",
      "?%E0%A4%A=1",
      "?=&&=",
      "?__proto__=1",
      "?constructor[prototype]=1",
      "?sellerLocation=Pune&sellerPincode=411001&buyerLocation=Bengaluru&buyerPincode=560001",
      "?sellerLocation=%00&sellerPincode=411001&buyerLocation=Bengaluru&buyerPincode=560001",
      "?sellerLocation=Pune&sellerPincode=1&buyerLocation=B&buyerPincode=x&sellerPincode=2",
    ),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 12 }), { maxKeys: 3 }).map((params) => `?${new URLSearchParams(params).toString()}`) },
);

/** X-Bahi-After values that are not positions, or positions already passed: none may hold a read. */
const headers = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { "x-bahi-after": "garbage" },
      { "x-bahi-after": "0:0" },
      { "x-bahi-after": "1:2:3" },
      { "x-bahi-after": "-1:0" },
      { "x-bahi-after": ":" },
      { "x-bahi-after": "1e5:1" },
      { "x-bahi-after": "x".repeat(4_000) },
      { "x-bahi-after": "00000000000000000000000:0" },
      { "content-type": "text/plain" },
      { "content-type": "application/json; charset=latin1" },
      { accept: "text/html" },
      { "x-forwarded-for": "1.2.3.4, ::1" },
      { cookie: "bahi_session=forged.value" },
      { "if-match": '"junk"' },
    ),
  },
);

interface FuzzCase {
  endpoint: number;
  id: IdChoice;
  mutation: Mutation;
  query: string;
  headers: Record<string, string>;
  anonymous: boolean;
}

const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record({
  endpoint: fc.nat({ max: ENDPOINTS.length - 1 }),
  id: idChoice,
  mutation,
  query: queryString,
  headers,
  anonymous: fc.nat({ max: 9 }).map((n) => n === 0),
});

/** Paths to every field of a body, nested ones included, for a mutation to pick from. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return prefix.length > 0 ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [...(prefix.length > 0 ? [prefix] : []), ...entries.flatMap(([key, child]) => fieldPaths(child, [...prefix, key]))];
}

function mutate(body: unknown, m: Mutation): unknown {
  if (m.kind === "none" || m.kind === "raw") return body;
  if (m.kind === "replace") return m.value;
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  if (m.kind === "add") {
    Object.defineProperty(copy, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  const paths = fieldPaths(copy).filter((path) => m.kind !== "date" || /date/i.test(String(path.at(-1))));
  if (paths.length === 0) return m.kind === "set" ? { ...copy, field: m.value } : copy;
  const path = paths[m.at % paths.length]!;
  let parent: any = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  const last = path.at(-1)!;
  if (m.kind === "drop") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = m.value;
  return copy;
}

describe("fuzz: bad input never answers 5xx and never reaches the log", () => {
  let app: TestApp;
  let owner: Business;
  let stranger: Business;
  /** The highest position any fuzz response reported: the projector must reach it. */
  let highestPosition: string | null = null;

  beforeAll(async () => {
    app = await startTestApp("pglite");
    owner = await seedBusiness(app, "27AAPFU0939F1ZV");
    stranger = await seedBusiness(app, "29AABCR1718E1ZL");
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  function idFor(kind: RecordKind, choice: IdChoice): string {
    if (typeof choice === "object") return choice.raw;
    if (kind === "period") return choice === "own" ? period : choice === "foreign" ? "072017" : choice === "random" ? "122099" : period.toLowerCase();
    const id = choice === "foreign" ? stranger[kind] : choice === "random" ? crypto.randomUUID() : owner[kind];
    return choice === "upper" ? id.toUpperCase() : id;
  }

  async function restore(kind: NonNullable<Endpoint["restores"]>): Promise<void> {
    const client = owner.client;
    if (kind === "customer") owner.customer = (await ok(client.post("/api/customers", partyBody()), "customer")).id;
    if (kind === "vendor") owner.vendor = (await ok(client.post("/api/vendors", vendorBody()), "vendor")).id;
    if (kind === "product") owner.product = (await ok(client.post("/api/products", productBody()), "product")).id;
    if (kind === "invoice") owner.invoice = (await ok(client.post("/api/invoices", invoiceBody(owner)), "invoice")).id;
    if (kind === "expense") owner.expense = (await ok(client.post("/api/expenses", expenseBody(owner)), "expense")).id;
    if (kind === "ewayBill") owner.ewayBill = (await ok(client.post("/api/ewaybills", ewayBillBody(owner)), "e-way bill")).id;
    if (kind === "profile") await ok(client.put("/api/profile", PROFILE), "profile");
  }

  /** A fresh session of the owner, for endpoints that may end the session they are sent with. */
  async function throwawayCookie(): Promise<string | null> {
    const session = new ApiClient(app.baseUrl);
    await session.post("/api/auth/login", { email: owner.email, password: "secret123" });
    return session.cookie;
  }

  async function send(c: FuzzCase): Promise<{ status: number; body: string; request: string }> {
    const endpoint = ENDPOINTS[c.endpoint]!;
    const path = endpoint.path.replace(":id", endpoint.idKind ? idFor(endpoint.idKind, c.id) : "");
    const requestHeaders: Record<string, string> = { ...c.headers };
    const cookie = c.anonymous ? null : endpoint.ownSession ? await throwawayCookie() : owner.client.cookie;
    if (cookie && !requestHeaders.cookie) requestHeaders.cookie = cookie;
    let body: string | undefined;
    if (c.mutation.kind === "raw") {
      body = c.mutation.text;
      if (c.mutation.contentType) requestHeaders["content-type"] ??= c.mutation.contentType;
    } else if (endpoint.body || c.mutation.kind === "replace" || c.mutation.kind === "set") {
      const mutated = mutate(endpoint.body?.(owner), c.mutation);
      if (mutated !== undefined) {
        body = JSON.stringify(mutated);
        requestHeaders["content-type"] ??= "application/json";
      }
    }
    const method = endpoint.method;
    const response = await fetch(`${app.baseUrl}${path}${c.query}`, { method, headers: requestHeaders, body: method === "GET" ? undefined : body });
    const text = await response.text();
    const position = response.headers.get(POSITION_HEADER);
    if (position && compareWirePositions(position, highestPosition) > 0) highestPosition = position;
    const shown = (value: string | undefined) => (value && value.length > 300 ? `${value.slice(0, 300)}… (${value.length} chars)` : value);
    return { status: response.status, body: text, request: `${method} ${shown(path)}${shown(c.query)} headers=${JSON.stringify(c.headers)} body=${shown(body)}` };
  }

  it(`answers ${RUNS} generated requests over ${ENDPOINTS.length} endpoints with no 5xx, and refused ones append nothing (seed ${SEED})`, async () => {
    const cases = fc.sample(fuzzCase, { seed: SEED, numRuns: RUNS });
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const spent = new Map<string, number>();
    // Sequential, so the count after one request is the count before the next.
    let before = await countEvents(app.sql);
    for (const c of cases) {
      const endpoint = ENDPOINTS[c.endpoint]!;
      const started = performance.now();
      const { status, body, request } = await send(c);
      const key = `${endpoint.method} ${endpoint.path}`;
      spent.set(key, (spent.get(key) ?? 0) + performance.now() - started);
      const after = await countEvents(app.sql);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`${status} for ${request}\n    → ${body.slice(0, 300)}`);
      else if (status >= 400 && after !== before) failures.push(`${status} appended ${after - before} event(s) for ${request}\n    → ${body.slice(0, 300)}`);
      before = after;
      if (status < 300 && endpoint.restores && (!endpoint.idKind || c.id === "own" || c.id === "upper")) {
        await restore(endpoint.restores);
        before = await countEvents(app.sql);
      }
      if (failures.length >= 25) break;
    }
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(" ");
    console.info(`fuzz seed ${SEED}: ${cases.length} requests, statuses ${summary}`);
    if (process.env.BAHI_FUZZ_PROFILE)
      console.info(
        [...spent]
          .sort(([, a], [, b]) => b - a)
          .slice(0, 12)
          .map(([k, ms]) => `${k} ${Math.round(ms)} ms`)
          .join("\n"),
      );
    expect(failures, `seed ${SEED} (replay with BAHI_FUZZ_SEED=${SEED}); statuses ${summary}\n${failures.join("\n")}`).toEqual([]);
    // The run went deep: successes and refusals both, on most endpoints.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(RUNS / 10);

    // Everything accepted can be projected: the read side reaches the last write, nothing is
    // parked, and health says so (an accepted "2025-02-30" once froze every read model).
    const read = await fetch(`${app.baseUrl}/api/dashboard/stats`, { headers: { cookie: owner.client.cookie!, ...(highestPosition ? { [AFTER_HEADER]: highestPosition } : {}) } });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-bahi-stale"), "the projector did not reach the last accepted write").toBeNull();
    const health = await (await fetch(`${app.baseUrl}/api/health`)).json();
    expect(health.status, JSON.stringify(health)).toBe("ok");
  }, 600_000);

  it("refuses odd dates, NUL and lone surrogates anywhere, and ids that are not ids, before anything is recorded", async () => {
    const client = owner.client;
    const before = await countEvents(app.sql);
    const refused = async (response: Promise<{ status: number; body: any }>, status: number, errors?: unknown) => {
      const { status: actual, body } = await response;
      expect(actual, JSON.stringify(body)).toBe(status);
      expect(body.code).toBe(status === 404 ? "NOT_FOUND" : "VALIDATION_FAILED");
      if (errors) expect(body.errors).toEqual(errors);
    };
    for (const date of ["2025-02-30", "2025-01-01 GMT", "0000-01-01", "2025-13-01", "2025-01-01T25:00Z"]) {
      const named = (path: string) => [
        { path, message: expect.stringMatching(new RegExp(`^${path === "date" ? "Date" : path === "dueDate" ? "Due date" : "Transport document date"} `)) },
      ];
      await refused(client.post("/api/expenses", { ...expenseBody(owner), date }), 400, named("date"));
      await refused(client.post("/api/invoices", { ...invoiceBody(owner), dueDate: date }), 400, named("dueDate"));
      await refused(
        client.post("/api/ewaybills", { ...ewayBillBody(owner), transportMode: "rail", vehicleNumber: null, transportDocumentNumber: "RR-1", transportDocumentDate: date }),
        400,
        named("transportDocumentDate"),
      );
    }
    await refused(client.post("/api/customers", { ...partyBody(), address: "Pune\u0000" }), 400, [{ path: "address", message: expect.stringContaining("control character") }]);
    await refused(client.put(`/api/products/${owner.product}`, { ...productBody(), name: "Oil\uD800" }), 400, [
      { path: "name", message: expect.stringContaining("broken Unicode") },
    ]);
    const upload = gstr2bBody();
    upload.data.docdata.b2b[0]!.trdnm = "Reddy\u0000";
    await refused(client.post("/api/gst/gstr2b", upload), 400, [{ path: "data.docdata.b2b.0.trdnm", message: expect.stringContaining("control character") }]);
    await refused(client.post("/api/customers", { ...partyBody(), ["note\u0000"]: 1 }), 400);
    await refused(client.post("/api/customers", { ...partyBody(), junk: deepJunk(100) }), 400);
    await refused(client.get("/api/search?q=oil%00"), 400, [{ path: "query.q", message: expect.stringContaining("control character") }]);
    for (const id of ["%00", "abc", "x".repeat(10_000), "%ZZ", `${owner.customer}%00`]) {
      await refused(client.get(`/api/customers/${id}`), 404);
      await refused(client.put(`/api/customers/${id}`, partyBody()), 404);
      await refused(client.delete(`/api/products/${id}`), 404);
      await refused(client.get(`/api/invoices/${id}/pdf`), 404);
      await refused(client.get(`/api/gst/returns/${id}/json`), 404);
      await refused(client.get(`/api/gst/reconciliations/${id}`), 404);
      await refused(client.post(`/api/ewaybills/${id}/cancel`, { reason: "x" }), 404);
    }
    expect(await countEvents(app.sql)).toBe(before);
  });

  // Kept apart from the run above: until invoice creation is a process manager (issue 7,
  // invoices helper), a refused invoice may still reserve and release its number.
  it("a plan-limit 403 and a duplicate-number 409 on invoice creation append nothing", async () => {
    const free = new ApiClient(app.baseUrl);
    await free.register({ email: `free-${randomBytes(4).toString("hex")}@example.com` });
    await ok(free.put("/api/profile", PROFILE), "profile");
    const records = {
      customer: (await ok(free.post("/api/customers", partyBody()), "customer")).id,
      product: (await ok(free.post("/api/products", productBody()), "product")).id,
    };
    const first = invoiceBody(records);
    await ok(free.post("/api/invoices", first), "first invoice");

    const before = await countEvents(app.sql);
    const duplicate = await free.post("/api/invoices", { ...invoiceBody(records), invoiceNumber: first.invoiceNumber });
    expect(duplicate.status).toBe(409);
    expect(await countEvents(app.sql)).toBe(before);

    // Issue 10: the fixture customer's ₹5,000 credit limit is confirmed past, leaving the plan limit to refuse.
    for (let n = 2; n <= 10; n++) await ok(free.post("/api/invoices", { ...invoiceBody(records), overCreditLimit: true }), `invoice ${n}`);
    const full = await countEvents(app.sql);
    const overLimit = await free.post("/api/invoices", { ...invoiceBody(records), overCreditLimit: true });
    expect(overLimit.status).toBe(403);
    expect(overLimit.body.code).toBe("PLAN_LIMIT");
    expect(await countEvents(app.sql)).toBe(full);
  });
});
