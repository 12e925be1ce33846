import {
  basisPointsToPercent,
  computeInvoice,
  computeLine,
  dateField,
  DUE_DATE_BEFORE_ISSUE,
  formatInr,
  formatPaise,
  financialYearOf,
  indianDateOf,
  invoiceCreateSchema,
  invoiceItemSchema,
  isMoneyString,
  isRateValidOn,
  parseCessPerUnit,
  parseDiscount,
  percentToBasisPoints,
  roundHalfUp,
  seriesNumber,
  toPaise,
  toThousandths,
} from "@bahi/shared/contract";
import type { InvoiceTax, LineInput, LineTax, Supply } from "@bahi/shared/contract";
import { z } from "zod";
import type { InvoiceCreateBody } from "../api/invoices.ts";

export type DiscountType = "percentage" | "amount";

/** What one item row of the 'Create New Invoice' form holds while the user types. */
export interface InvoiceRowValues {
  productId: string;
  /** Read as a whole number, 0 when not numeric (SPEC §5). */
  quantity: number;
  price: string;
  /** Percent, as the select offers it: "18". */
  gstRate: string;
  discount: string;
  discountType: DiscountType;
}

export interface InvoiceFormValues {
  customerId: string;
  /** "" takes the next number of the business's series (the server assigns it). */
  invoiceNumber: string;
  /** "YYYY-MM-DD" from the date input: the Indian calendar date the invoice is issued on. */
  issueDate: string;
  /** "" or "YYYY-MM-DD" from the date input. */
  dueDate: string;
  /** Two-digit state code; "" until a customer is chosen. */
  placeOfSupply: string;
  notes: string;
  items: InvoiceRowValues[];
}

export function emptyInvoiceRow(): InvoiceRowValues {
  return { productId: "", quantity: 1, price: "", gstRate: "", discount: "", discountType: "percentage" };
}

/**
 * How the series numbers invoices dated `date`: "INV/26-27/0001" (prefix, financial year from
 * April, serial); an example only, the server gives the numbers.
 */
export function seriesExample(prefix: string, date: string, serial = 1): string {
  return seriesNumber(prefix, financialYearOf(date), serial);
}

/** Today in India, as the date input holds it: the invoice date the form starts with. */
export function todayInIndia(now: Date = new Date()): string {
  return indianDateOf(now);
}

/** The invoice date the form's rates and series follow: the one typed, today while it is not a date. */
export function invoiceDateOrToday(value: string, now: Date = new Date()): string {
  return readDate(value) ?? todayInIndia(now);
}

function readDate(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    return indianDateOf(value);
  } catch {
    return null;
  }
}

/**
 * The quantity input's reading, 0 if not numeric (SPEC §5). Issue 9: up to 3 decimals for a
 * measured unit (2.5 KGS); the schema and the server refuse a fourth decimal or a fraction of
 * a counted unit, with a message for the item.
 */
export function readQuantity(value: unknown): number {
  const text = String(value ?? "").trim();
  const parsed = text === "" ? Number.NaN : Number(text);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** A discount the GST module can use, or the reason it cannot. `null` discount: none given. */
function discountOf(
  discount: string | number | null | undefined,
  discountType: DiscountType | null | undefined,
): { ok: true; value: ReturnType<typeof parseDiscount> } | { ok: false; message: string } {
  try {
    return { ok: true, value: parseDiscount(discount, discountType) };
  } catch {
    return {
      ok: false,
      message: discountType === "amount" ? "Discount must be an amount like 50 or 50.25" : "Discount must be a percentage from 0 to 100",
    };
  }
}

/**
 * The form's schema: the fields and messages of the shared invoiceCreateSchema and
 * invoiceItemSchema, without the figures (the form computes those). The number may be left
 * empty (the server then gives the series' next one); the due date cannot be before the
 * invoice date; each item carries a usable discount and a GST rate in force on the invoice
 * date the form holds.
 */
export function invoiceFormSchema() {
  // Zod runs this refinement even when a field of the row already failed (its value is then
  // untransformed), so each check first makes sure its inputs were read.
  const item = invoiceItemSchema.omit({ amount: true }).superRefine((line, ctx) => {
    const discount = discountOf(line.discount, line.discountType);
    if (!discount.ok) {
      ctx.addIssue({ code: "custom", path: ["discount"], message: discount.message });
    } else if (discount.value?.type === "amount" && toThousandths(line.quantity) !== null && isMoneyString(String(line.price))) {
      // The gross as computeLine has it: price × quantity in thousandths, half up.
      const grossPaise = roundHalfUp(toThousandths(line.quantity)! * toPaise(String(line.price)), 1000);
      if (discount.value.paise > grossPaise) {
        ctx.addIssue({ code: "custom", path: ["discount"], message: `Discount cannot exceed the line value (${formatInr(grossPaise)})` });
      }
    }
  });
  return invoiceCreateSchema
    .pick({ customerId: true, invoiceNumber: true, dueDate: true, placeOfSupply: true, notes: true })
    .extend({
      issueDate: dateField("Invoice date"),
      items: z.array(item, { error: "At least one item is required" }).min(1, "At least one item is required"),
    })
    .superRefine((invoice, ctx) => {
      // As above, this runs even when a field failed: an unreadable date has its own message.
      const issued = readDate(invoice.issueDate);
      if (issued === null) return;
      const due = readDate(invoice.dueDate);
      if (due !== null && due < issued) ctx.addIssue({ code: "custom", path: ["dueDate"], message: DUE_DATE_BEFORE_ISSUE });
      if (!Array.isArray(invoice.items)) return;
      invoice.items.forEach((line, index) => {
        if (typeof line.gstRate !== "number" || !Number.isSafeInteger(line.gstRate)) return;
        const percent = basisPointsToPercent(line.gstRate);
        if (!isRateValidOn(percent, issued)) {
          ctx.addIssue({ code: "custom", path: ["items", index, "gstRate"], message: `GST rate ${percent}% is not in force on the invoice date` });
        }
      });
    });
}
export type InvoiceFormOutput = z.output<ReturnType<typeof invoiceFormSchema>>;

/** A product's compensation cess as the GST module takes it (issue 9, GST.md §2.2). */
export interface ProductCess {
  readonly cessBasisPoints: number;
  readonly cessPerUnitMillirupees: number;
}

/** What the totals depend on beyond the rows: the profile's round-off and each product's cess. */
export interface TotalsOptions {
  readonly roundOff?: boolean;
  /** Issue 9: false on a bill of supply (or another document that charges no tax): every head 0. */
  readonly chargesTax?: boolean;
  readonly cessOf?: (productId: string) => ProductCess | undefined;
}

/** A product view's cess ("5", "1.591") as the GST module's numbers; none when unreadable. */
export function productCess(product: { cessRate?: string; cessPerUnit?: string }): ProductCess {
  let cessBasisPoints: number;
  try {
    cessBasisPoints = percentToBasisPoints(product.cessRate ?? "0");
  } catch {
    cessBasisPoints = 0;
  }
  return { cessBasisPoints, cessPerUnitMillirupees: parseCessPerUnit(product.cessPerUnit ?? "0") ?? 0 };
}

function withCess(line: LineInput, productId: string | undefined, options: TotalsOptions): LineInput {
  const cess = productId ? options.cessOf?.(productId) : undefined;
  return cess ? { ...line, ...cess } : line;
}

/** A row as the GST module's input, or null while it is incomplete or unreadable. */
export function draftLine(row: Partial<InvoiceRowValues> | undefined, options: TotalsOptions = {}): LineInput | null {
  if (!row) return null;
  const quantity = readQuantity(row.quantity);
  if (quantity <= 0 || quantity > 1_000_000 || toThousandths(quantity) === null) return null;
  const price = String(row.price ?? "").trim();
  if (!isMoneyString(price)) return null;
  const discount = discountOf(row.discount, row.discountType);
  if (!discount.ok) return null;
  try {
    return withCess({ quantity, pricePaise: toPaise(price), rateBasisPoints: percentToBasisPoints(String(row.gstRate ?? "")), discount: discount.value }, row.productId, options);
  } catch {
    return null;
  }
}

export interface DraftTotals {
  /** Each row's computed tax, or null while the row cannot be computed. */
  lines: (LineTax | null)[];
  /** The invoice over the rows that can be computed. */
  totals: InvoiceTax;
}

/** What the form shows while the user types: every readable row computed by the shared GST module. */
export function draftTotals(rows: readonly (Partial<InvoiceRowValues> | undefined)[], supply: Supply, options: TotalsOptions = {}): DraftTotals {
  const lines = rows.map((row) => {
    const input = draftLine(row, options);
    if (!input) return null;
    try {
      const line = computeLine(input, supply);
      return options.chargesTax === false ? { ...line, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, cessPaise: 0, taxPaise: 0, amountPaise: line.taxablePaise } : line;
    } catch {
      return null;
    }
  });
  const readable = rows.map((row) => draftLine(row, options)).filter((line, index): line is LineInput => line !== null && lines[index] !== null);
  try {
    return { lines, totals: computeInvoice(readable, supply, { roundOff: options.roundOff, chargesTax: options.chargesTax }) };
  } catch {
    // Only an absurd sum (beyond 2^53 paise) gets here; the form then shows zeros rather than failing.
    return { lines, totals: computeInvoice([], supply) };
  }
}

/**
 * The issue date as sent: today's invoice carries the moment it was made (so a day's invoices
 * keep their order); another day is sent as that calendar date.
 */
function issueDateOf(date: string, now: Date): string {
  return date === indianDateOf(now) ? now.toISOString() : date;
}

/**
 * SPEC §3 invoice creation payload from the validated form: figures from computeInvoice, rates
 * back as percent strings, status pending. An empty number is left out, so the server gives
 * the series' next one.
 */
export function buildInvoiceBody(values: InvoiceFormOutput, supply: Supply, now: Date, options: TotalsOptions = {}): InvoiceCreateBody {
  const lines: LineInput[] = values.items.map((item) =>
    withCess(
      { quantity: item.quantity, pricePaise: toPaise(item.price), rateBasisPoints: item.gstRate, discount: parseDiscount(item.discount, item.discountType) },
      item.productId,
      options,
    ),
  );
  const tax = computeInvoice(lines, supply, { roundOff: options.roundOff, chargesTax: options.chargesTax });
  return {
    customerId: values.customerId,
    ...(values.invoiceNumber ? { invoiceNumber: values.invoiceNumber } : {}),
    issueDate: issueDateOf(values.issueDate, now),
    dueDate: values.dueDate,
    placeOfSupply: supply.placeOfSupply,
    subtotal: formatPaise(tax.subtotalPaise),
    gstAmount: formatPaise(tax.gstAmountPaise),
    total: formatPaise(tax.totalPaise),
    status: "pending",
    notes: values.notes,
    items: values.items.map((item, index) => {
      const discount = lines[index]!.discount;
      return {
        productId: item.productId,
        quantity: item.quantity,
        price: item.price,
        gstRate: basisPointsToPercent(item.gstRate),
        ...(discount
          ? discount.type === "percentage"
            ? { discount: basisPointsToPercent(discount.basisPoints), discountType: "percentage" as const }
            : { discount: formatPaise(discount.paise), discountType: "amount" as const }
          : {}),
        amount: formatPaise(tax.lines[index]!.amountPaise),
      };
    }),
  };
}
