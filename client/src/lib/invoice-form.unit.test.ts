import { describe, expect, it } from "vitest";
import {
  buildInvoiceBody,
  draftTotals,
  emptyInvoiceRow,
  invoiceDateOrToday,
  invoiceFormSchema,
  productCess,
  readQuantity,
  seriesExample,
  todayInIndia,
  type InvoiceFormValues,
} from "./invoice-form.ts";

const interState = { supplierState: "27", placeOfSupply: "29" };
const intraState = { supplierState: "27", placeOfSupply: "27" };
/** 11:30 in India on 15 July 2026. */
const now = new Date("2026-07-15T06:00:00Z");

function values(overrides: Partial<InvoiceFormValues> = {}): InvoiceFormValues {
  return {
    customerId: "cust-1",
    invoiceNumber: "INV-202607-042",
    issueDate: "2026-07-15",
    dueDate: "",
    placeOfSupply: "29",
    notes: "",
    items: [
      { productId: "prod-1", quantity: 2, price: "1000", gstRate: "18", discount: "", discountType: "percentage" },
      { productId: "prod-2", quantity: 1, price: "500.00", gstRate: "18", discount: "", discountType: "percentage" },
    ],
    ...overrides,
  };
}

describe("the invoice form's schema", () => {
  it("says what is missing in the shared schema's words", () => {
    const result = invoiceFormSchema().safeParse(values({ customerId: "", issueDate: "", items: [{ ...emptyInvoiceRow(), quantity: 0, price: "" }] }));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      customerId: "Customer is required",
      issueDate: "Invoice date is required",
      "items.0.productId": "Product is required",
      "items.0.quantity": "Quantity must be more than 0",
      "items.0.price": "Price is required",
      "items.0.gstRate": "GST rate is required",
    });
  });

  it("needs at least one item", () => {
    const result = invoiceFormSchema().safeParse(values({ items: [] }));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["At least one item is required"]);
  });

  it("refuses a rate not in force on the issue date, and a discount larger than the line", () => {
    const result = invoiceFormSchema().safeParse(
      values({
        items: [
          { productId: "p", quantity: 1, price: "100", gstRate: "12", discount: "", discountType: "percentage" },
          { productId: "p", quantity: 1, price: "100", gstRate: "18", discount: "150", discountType: "amount" },
          { productId: "p", quantity: 1, price: "100", gstRate: "18", discount: "abc", discountType: "percentage" },
        ],
      }),
    );
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      "items.0.gstRate": "GST rate 12% is not in force on the invoice date",
      "items.1.discount": "Discount cannot exceed the line value (₹100.00)",
      "items.2.discount": "Discount must be a percentage from 0 to 100",
    });
    // 12% was a slab before GST 2.0 (22 Sep 2025).
    expect(invoiceFormSchema().safeParse(values({ issueDate: "2025-09-01", items: [{ ...values().items[0]!, gstRate: "12" }] })).success).toBe(true);
  });

  it("Rule 46(b): an empty number is allowed (the series gives the next one); a typed one is checked", () => {
    expect(invoiceFormSchema().parse(values({ invoiceNumber: "  " })).invoiceNumber).toBe("");
    const result = invoiceFormSchema().safeParse(values({ invoiceNumber: "/INV-1" }));
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["invoiceNumber", "Invoice number must start with a letter or a digit"]]);
    expect(invoiceFormSchema().safeParse(values({ invoiceNumber: "INV/26-27/000001X" })).error?.issues[0]?.message).toBe("Invoice number must be at most 16 characters");
  });

  it("refuses a due date before the invoice date, and takes one on the same day", () => {
    const result = invoiceFormSchema().safeParse(values({ issueDate: "2026-07-15", dueDate: "2026-07-14" }));
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["dueDate", "Due date cannot be before the invoice date"]]);
    expect(invoiceFormSchema().safeParse(values({ issueDate: "2026-07-15", dueDate: "2026-07-15" })).success).toBe(true);
  });

  it("starts the invoice date at today in India, and falls back to it while the date is unreadable", () => {
    // 20:00 UTC on 21 Sep is already 22 Sep in India.
    expect(todayInIndia(new Date("2025-09-21T20:00:00Z"))).toBe("2025-09-22");
    expect(invoiceDateOrToday("", new Date("2025-09-21T20:00:00Z"))).toBe("2025-09-22");
    expect(invoiceDateOrToday("2026-02-30", now)).toBe("2026-07-15");
    expect(invoiceDateOrToday("2026-03-31", now)).toBe("2026-03-31");
  });

  it("reads the quantity with its decimals (issue 9: 2.5 KGS), 0 when not numeric", () => {
    expect(readQuantity("3")).toBe(3);
    expect(readQuantity("2.7")).toBe(2.7);
    expect(readQuantity("")).toBe(0);
    expect(readQuantity("abc")).toBe(0);
  });
});

describe("live totals while typing", () => {
  it("computes IGST for an inter-state sale: 2 × 1000 + 1 × 500 at 18%", () => {
    const { lines, totals } = draftTotals(values().items, interState);
    expect(lines.map((line) => line?.amountPaise)).toEqual([236000, 59000]);
    expect(totals.subtotalPaise).toBe(250000);
    expect(totals.igstPaise).toBe(45000);
    expect(totals.cgstPaise).toBe(0);
    expect(totals.gstAmountPaise).toBe(45000);
    expect(totals.totalPaise).toBe(295000);
    expect(totals.taxKind).toBe("inter");
  });

  it("splits CGST and SGST for a local sale, and skips rows not yet complete", () => {
    const { lines, totals } = draftTotals([...values().items, emptyInvoiceRow()], intraState);
    expect(lines[2]).toBeNull();
    expect(totals.cgstPaise).toBe(22500);
    expect(totals.sgstPaise).toBe(22500);
    expect(totals.totalPaise).toBe(295000);
  });

  it("applies a percentage or amount discount before tax", () => {
    const { totals } = draftTotals(
      [
        { productId: "p", quantity: 2, price: "1000", gstRate: "18", discount: "10", discountType: "percentage" },
        { productId: "p", quantity: 1, price: "500", gstRate: "5", discount: "50", discountType: "amount" },
      ],
      interState,
    );
    expect(totals.discountPaise).toBe(25000);
    expect(totals.subtotalPaise).toBe(225000);
    expect(totals.igstPaise).toBe(32400 + 2250);
  });
});

describe("the create-invoice payload", () => {
  it("carries SPEC's fields with figures from the shared GST module", () => {
    const parsed = invoiceFormSchema().parse(values({ dueDate: "2026-08-10", notes: "Thank you" }));
    const body = buildInvoiceBody(parsed, interState, now);
    expect(body).toEqual({
      customerId: "cust-1",
      invoiceNumber: "INV-202607-042",
      issueDate: "2026-07-15T06:00:00.000Z",
      dueDate: "2026-08-10",
      placeOfSupply: "29",
      subtotal: "2500.00",
      gstAmount: "450.00",
      total: "2950.00",
      status: "pending",
      notes: "Thank you",
      items: [
        { productId: "prod-1", quantity: 2, price: "1000.00", gstRate: "18", amount: "2360.00" },
        { productId: "prod-2", quantity: 1, price: "500.00", gstRate: "18", amount: "590.00" },
      ],
    });
  });

  it("sends discounts in their normal form, and null for an empty due date and notes", () => {
    const parsed = invoiceFormSchema().parse(
      values({
        items: [
          { productId: "p", quantity: 2, price: "1000", gstRate: "18", discount: "10.5", discountType: "percentage" },
          { productId: "q", quantity: 1, price: "500", gstRate: "5", discount: "50", discountType: "amount" },
        ],
      }),
    );
    const body = buildInvoiceBody(parsed, intraState, now);
    expect(body.dueDate).toBeNull();
    expect(body.notes).toBeNull();
    expect(body.items[0]).toMatchObject({ discount: "10.5", discountType: "percentage", amount: "2112.20" });
    expect(body.items[1]).toMatchObject({ discount: "50.00", discountType: "amount", amount: "472.50" });
    expect(body.subtotal).toBe("2240.00");
  });

  it("leaves the number out when it is empty, so the server gives the series' next one", () => {
    const body = buildInvoiceBody(invoiceFormSchema().parse(values({ invoiceNumber: "" })), interState, now);
    expect(body).not.toHaveProperty("invoiceNumber");
  });

  it("sends another day's invoice as that calendar date, today's as the moment it was made", () => {
    const yesterday = buildInvoiceBody(invoiceFormSchema().parse(values({ issueDate: "2026-07-14" })), interState, now);
    expect(yesterday.issueDate).toBe("2026-07-14");
    expect(buildInvoiceBody(invoiceFormSchema().parse(values()), interState, now).issueDate).toBe("2026-07-15T06:00:00.000Z");
  });

  it("s.16 IGST Act: a supply to an SEZ within the state is charged IGST", () => {
    const body = buildInvoiceBody(invoiceFormSchema().parse(values({ placeOfSupply: "27" })), { ...intraState, toSez: true }, now);
    expect(body).toMatchObject({ placeOfSupply: "27", subtotal: "2500.00", gstAmount: "450.00", total: "2950.00" });
    expect(draftTotals(values().items, { ...intraState, toSez: true }).totals).toMatchObject({ taxKind: "inter", igstPaise: 45000, cgstPaise: 0 });
  });
});

describe("the series example in Settings", () => {
  it("Rule 46(b): prefix, the financial year from April, a four-digit serial", () => {
    expect(seriesExample("INV", "2026-11-24")).toBe("INV/26-27/0001");
    expect(seriesExample("INV", "2027-03-31", 2)).toBe("INV/26-27/0002");
    expect(seriesExample("HH-1", "2027-04-01")).toBe("HH-1/27-28/0001");
    expect(seriesExample("A", "2099-12-01")).toBe("A/99-00/0001");
  });
});

describe("round-off and cess in the form (issue 9)", () => {
  const cessOf = (productId: string) => (productId === "pan" ? productCess({ cessRate: "5", cessPerUnit: "1.591" }) : undefined);
  const rows = [
    { productId: "pan", quantity: 10, price: "15.80", gstRate: "18", discount: "", discountType: "percentage" as const },
    { productId: "oil", quantity: 1, price: "1000.42", gstRate: "18", discount: "", discountType: "percentage" as const },
  ];

  it("s.170 CGST Act: shows the round-off the server will apply, and the product's cess", () => {
    // pan: 158.00 + 14.22 + 14.22 + cess 23.81 = 210.25; oil: 1000.42 + 90.04 + 90.04 = 1180.50; 1390.75 → 1391.00.
    const { totals } = draftTotals(rows, intraState, { roundOff: true, cessOf });
    expect(totals).toMatchObject({ cessPaise: 2381, roundOffPaise: 25, totalPaise: 139_100 });
    expect(draftTotals(rows, intraState, { cessOf }).totals).toMatchObject({ roundOffPaise: 0, totalPaise: 139_075 });
  });

  it("sends the rounded total and the line amounts with cess", () => {
    const parsed = invoiceFormSchema().parse(values({ placeOfSupply: "27", items: rows }));
    const body = buildInvoiceBody(parsed, intraState, now, { roundOff: true, cessOf });
    expect(body).toMatchObject({ subtotal: "1158.42", gstAmount: "232.33", total: "1391.00", items: [{ amount: "210.25" }, { amount: "1180.50" }] });
  });
});
