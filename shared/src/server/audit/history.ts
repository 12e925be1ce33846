/**
 * Issue 11: the history of one record (an invoice, a customer, a return, ...), read from the
 * record's own streams and told in the business's words: who did what, when (India time), and
 * for an edit each field's old and new value.
 *
 * Companies (Accounts) Rules 2014, Rule 3(1) asks for an edit log of each change; the log is
 * already the event store, so this only reads it. It lives on the server half of shared because
 * it must know stream names and event shapes (shared/src/events), which the read API may not
 * import; the read API calls `recordHistory` through its ports.
 */
import { compareWirePositions } from "../../contract/http.ts";
import { PAYMENT_MODE_LABELS, type PaymentMode } from "../../contract/payments.ts";
import { STATE_OPTIONS } from "../../contract/states.ts";
import { isRecordId } from "../../contract/fields.ts";
import { formatInr } from "../../contract/gst/format.ts";
import { indianDateOf } from "../../contract/gst/indiaDate.ts";
import { streams } from "../../events/streams.ts";
import { upcast, type BahiEvent, type EventData } from "../../events/catalogue.ts";
import { collections, type PaymentDocument } from "../../readModels/index.ts";
import type { EventMetadata, EventStore, RecordedEvent } from "../ports/eventStore.ts";
import type { ReadStore } from "../ports/readStore.ts";
import { actorOf, unnamedPeople } from "./actors.ts";
import { HISTORY_LABELS, type HistoryChange, type HistoryEntry, type HistoryKind, type RecordHistory } from "../../contract/history.ts";

export interface HistoryDeps {
  eventStore: Pick<EventStore, "readStream">;
  readStore: Pick<ReadStore, "get" | "list">;
}

/** The business an event belongs to: events before issue 11 name only the owner (userId). */
export function businessOfEvent(metadata: Pick<EventMetadata, "businessId" | "userId">): string | null {
  return metadata.businessId ?? metadata.userId ?? null;
}

/** The jobs that act on their own, as a person reads them. */
const AT = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
const DAY = new Intl.DateTimeFormat("en-IN", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "24 Nov 2026, 3:04 pm" for an instant, in India. */
export function indianDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : AT.format(date);
}

/** "24 Nov 2026" for a calendar date or an instant (read as India's date). */
function day(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return DAY.format(new Date(`${indianDateOf(value)}T00:00:00Z`));
  } catch {
    // An unreadable date is shown as stored rather than hidden: the trail shows what was recorded.
    return value;
  }
}

const rupees = (paise: number | null | undefined): string | null => (typeof paise === "number" ? formatInr(paise) : null);
const percent = (basisPoints: number | null | undefined): string | null => (typeof basisPoints === "number" ? `${basisPoints / 100}%` : null);
const yesNo = (flag: boolean | null | undefined): string | null => (flag === undefined || flag === null ? null : flag ? "Yes" : "No");
const text = (value: string | null | undefined): string | null => (value === undefined || value === null || value === "" ? null : value);
const stateName = (code: string | null | undefined): string | null => (code ? (STATE_OPTIONS.find((s) => s.code === code)?.label ?? code) : null);
/** "102026" → "Oct 2026". */
const monthOf = (period: string): string => (/^\d{6}$/.test(period) ? `${MONTHS[Number(period.slice(0, 2)) - 1] ?? period.slice(0, 2)} ${period.slice(2)}` : period);
const modeLabel = (mode: string | null | undefined): string | null => (mode ? (PAYMENT_MODE_LABELS[mode as PaymentMode] ?? mode) : null);
const quantity = (q: number) => (Number.isInteger(q) ? String(q) : String(q));
const lineCount = (n: number) => `${n} ${n === 1 ? "line" : "lines"}`;
/** "InvoiceShareLinkCreated" → "Invoice share link created": a readable line for an event this file does not know. */
export const typeInWords = (type: string) =>
  type
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_m, c: string) => ` ${c.toLowerCase()}`);

const RETURN_NAMES: Record<string, string> = { GSTR1: "GSTR-1", GSTR3B: "GSTR-3B" };
const NOTE_REASONS: Record<string, string> = {
  sales_return: "sales return",
  post_sale_discount: "discount after sale",
  deficiency_in_service: "deficiency in service",
  correction: "correction",
};
const CHALLAN_PURPOSES: Record<string, string> = {
  job_work: "job work",
  supply_on_approval: "supply on approval",
  liquid_gas: "liquid gas",
  not_supply: "not a supply",
  other: "other",
};
const STATUS_NAMES: Record<string, string> = { pending: "Pending", paid: "Paid", overdue: "Overdue", partially_paid: "Partly paid" };
const DOCUMENT_TYPES: Record<string, string> = { bill: "Bill", credit_note: "Credit note", debit_note: "Debit note" };
const TAXABILITY: Record<string, string> = { taxable: "Taxable", nil: "Nil rated", exempt: "Exempt", nonGst: "Non-GST", "non-gst": "Non-GST" };

/** One field of a record as it stood after an event: what edits are compared on. */
interface Field {
  field: string;
  label: string;
  value: string | null;
}
const field = (name: string, label: string, value: string | null): Field => ({ field: name, label, value });

function customerFields(d: EventData<"CustomerAdded"> | EventData<"CustomerUpdated">): Field[] {
  return [
    ...partyFields(d),
    field("stateCode", "State", stateName(d.stateCode)),
    field("shippingAddress", "Shipping address", text(d.shippingAddress)),
    field("shippingStateCode", "Shipping state", stateName(d.shippingStateCode)),
    field("isSez", "SEZ unit", yesNo(d.isSez ?? false)),
    field("creditLimitPaise", "Credit limit", d.creditLimitPaise > 0 ? rupees(d.creditLimitPaise) : null),
  ];
}

function partyFields(d: Pick<EventData<"VendorAdded">, "name" | "email" | "phone" | "address" | "gstNumber">): Field[] {
  return [
    field("name", "Name", d.name),
    field("email", "Email", text(d.email)),
    field("phone", "Phone", text(d.phone)),
    field("address", "Address", text(d.address)),
    field("gstNumber", "GSTIN", text(d.gstNumber)),
  ];
}

function productFields(d: EventData<"ProductAdded"> | EventData<"ProductUpdated">): Field[] {
  return [
    field("name", "Name", d.name),
    field("description", "Description", text(d.description)),
    field("sku", "SKU", d.sku),
    field("category", "Category", d.category),
    field("pricePaise", "Price", rupees(d.pricePaise)),
    field("minStock", "Minimum stock", String(d.minStock)),
    field("gstRateBasisPoints", "GST rate", percent(d.gstRateBasisPoints)),
    field("hsnCode", "HSN/SAC", text(d.hsnCode)),
    field("cessBasisPoints", "Cess rate", d.cessBasisPoints ? percent(d.cessBasisPoints) : null),
    field("cessPerUnitMillirupees", "Cess per unit", d.cessPerUnitMillirupees ? `₹${(d.cessPerUnitMillirupees / 1000).toFixed(3).replace(/0+$/, "").replace(/\.$/, "")}` : null),
    field("taxability", "Tax treatment", TAXABILITY[d.taxability ?? "taxable"] ?? d.taxability ?? null),
    field("unit", "Unit", text(d.unit)),
    field("kind", "Goods or services", d.kind === "services" ? "Services" : d.kind === "goods" ? "Goods" : null),
    field("barcode", "Barcode", text(d.barcode)),
  ];
}

function expenseFields(d: EventData<"ExpenseRecorded"> | EventData<"ExpenseUpdated">): Field[] {
  return [
    field("date", "Date", day(d.date)),
    field("vendor", "Vendor", d.vendor?.name ?? null),
    field("category", "Category", d.category),
    field("description", "Description", text(d.description)),
    field("amountPaise", "Amount", rupees(d.amountPaise)),
    field("gstRateBasisPoints", "GST rate", percent(d.gstRateBasisPoints)),
    field("gstPaise", "GST", rupees(d.cgstPaise + d.sgstPaise + d.igstPaise)),
    field("documentType", "Document", DOCUMENT_TYPES[d.documentType ?? "bill"] ?? null),
    field("vendorInvoiceNumber", "Vendor's invoice number", text(d.vendorInvoiceNumber)),
    field("vendorInvoiceDate", "Vendor's invoice date", day(d.vendorInvoiceDate)),
    field("placeOfSupply", "Place of supply", stateName(d.placeOfSupply)),
    field("hsnCode", "HSN/SAC", text(d.hsnCode)),
    field("taxability", "Tax treatment", d.taxability ? (TAXABILITY[d.taxability] ?? d.taxability) : null),
    field("eligibleForItc", "Input tax credit", d.eligibleForItc ? "Eligible" : "Not eligible"),
    field("reverseCharge", "Reverse charge", yesNo(d.reverseCharge ?? false)),
    field("isCapitalGoods", "Capital goods", yesNo(d.isCapitalGoods ?? false)),
  ];
}

function invoiceFields(d: EventData<"InvoiceCreated"> | EventData<"InvoiceRevised">): Field[] {
  return [
    field("customer", "Customer", d.customer.name),
    field("issueDate", "Invoice date", day(d.issueDate)),
    field("dueDate", "Due date", day(d.dueDate)),
    field("placeOfSupply", "Place of supply", stateName(d.placeOfSupply)),
    field("items", "Items", d.lines.map((line) => `${line.productName} × ${quantity(line.quantity)}`).join(", ")),
    // Lines summarised as a person compares two versions: how many, and what they come to.
    field("lines", "Lines", `${lineCount(d.lines.length)}, ${formatInr(d.lines.reduce((sum, line) => sum + line.amountPaise, 0))}`),
    field("subtotalPaise", "Taxable value", rupees(d.subtotalPaise)),
    field("gstAmountPaise", "GST", rupees(d.gstAmountPaise)),
    field("totalPaise", "Total", rupees(d.totalPaise)),
    field("notes", "Notes", text(d.notes)),
    field("reverseCharge", "Reverse charge", yesNo(d.reverseCharge ?? false)),
  ];
}

/** Each field whose value differs between two versions of a record, in the record's field order. */
function changesBetween(before: Field[] | null, after: Field[] | null): HistoryChange[] {
  if (!before || !after) return [];
  const old = new Map(before.map((f) => [f.field, f.value]));
  return after.filter((f) => (old.get(f.field) ?? null) !== f.value).map((f) => ({ field: f.field, label: f.label, from: old.get(f.field) ?? null, to: f.value }));
}

/** What one event says, and the record's fields after it (when the event states them whole). */
interface Told {
  summary: string;
  fields?: Field[];
  /** The record's name once the event has named it ("Invoice INV/26-27/0001"). */
  label?: string;
}

/** The step of a process that the next event of the same record completes; shown only when it was left unfinished. */
const STARTED_UNTIL: Record<string, readonly string[]> = {
  InvoiceCreationStarted: ["InvoiceCreated", "InvoiceCreationAbandoned", "InvoiceCreationCompensated"],
  ProductCreationStarted: ["ProductAdded", "ProductCreationAbandoned", "ProductCreationCompensated"],
  ProductSkuChangeStarted: ["ProductSkuChangeCompleted", "ProductSkuChangeAbandoned", "ProductSkuChangeCompensated"],
};

/**
 * One event in words. Not an exhaustive switch on purpose: the catalogue grows (team events,
 * later issues), and an event this file does not know yet still gets a readable line instead
 * of breaking every history that holds one.
 */
function tell(event: BahiEvent): Told {
  switch (event.type) {
    case "CustomerAdded":
      return { summary: `Added customer ${event.data.name}`, fields: customerFields(event.data), label: `Customer ${event.data.name}` };
    case "CustomerUpdated":
      return { summary: "Edited the customer", fields: customerFields(event.data), label: `Customer ${event.data.name}` };
    case "CustomerDeleted":
      return { summary: "Deleted the customer" };
    case "CustomerArchived":
      return { summary: "Archived the customer" };
    case "CustomerUnarchived":
      return { summary: "Brought the customer back from the archive" };
    case "VendorAdded":
      return { summary: `Added vendor ${event.data.name}`, fields: partyFields(event.data), label: `Vendor ${event.data.name}` };
    case "VendorUpdated":
      return { summary: "Edited the vendor", fields: partyFields(event.data), label: `Vendor ${event.data.name}` };
    case "VendorDeleted":
      return { summary: "Deleted the vendor" };
    case "VendorArchived":
      return { summary: "Archived the vendor" };
    case "VendorUnarchived":
      return { summary: "Brought the vendor back from the archive" };
    case "ProductCreationStarted":
      return { summary: `Started adding product SKU ${event.data.sku}` };
    case "ProductCreationAbandoned":
      return { summary: `Adding the product was abandoned: ${event.data.reason}` };
    case "ProductCreationCompensated":
      return { summary: "Adding the product was undone" };
    case "ProductAdded":
      return {
        summary: `Added product ${event.data.name} (SKU ${event.data.sku}) at ${formatInr(event.data.pricePaise)}, opening stock ${quantity(event.data.openingStock)}`,
        fields: productFields(event.data),
        label: `Product ${event.data.name}`,
      };
    case "ProductUpdated":
      return { summary: "Edited the product", fields: productFields(event.data), label: `Product ${event.data.name}` };
    case "ProductActivated":
      return { summary: "Made the product active" };
    case "ProductDeactivated":
      return { summary: "Made the product inactive" };
    case "ProductDeleted":
      return { summary: "Deleted the product" };
    case "StockReceived":
      return { summary: `Received ${quantity(event.data.quantity)} into stock${event.data.note ? ` (${event.data.note})` : ""}` };
    case "StockAdjusted":
      return { summary: `Adjusted stock by ${event.data.quantityDelta > 0 ? "+" : ""}${quantity(event.data.quantityDelta)}: ${event.data.reason}` };
    case "ProductSkuChangeStarted":
      return { summary: `Started changing the SKU from ${event.data.fromSku} to ${event.data.toSku}` };
    case "ProductSkuChangeCompleted":
      return { summary: `Changed the SKU from ${event.data.fromSku} to ${event.data.toSku}` };
    case "ProductSkuChangeAbandoned":
      return { summary: `Changing the SKU from ${event.data.fromSku} to ${event.data.toSku} was abandoned: ${event.data.reason}` };
    case "ProductSkuChangeCompensated":
      return { summary: `Changing the SKU from ${event.data.fromSku} to ${event.data.toSku} was undone` };

    case "InvoiceCreationStarted":
      return { summary: event.data.invoiceNumber ? `Started creating invoice ${event.data.invoiceNumber}` : "Started creating the invoice" };
    case "InvoiceCreationAbandoned":
      return { summary: `Creating the invoice was abandoned: ${event.data.reason}` };
    case "InvoiceCreationCompensated":
      return { summary: "Creating the invoice was undone" };
    case "InvoiceCreated": {
      const name = event.data.documentType === "billOfSupply" ? "bill of supply" : "invoice";
      return {
        summary: `Created ${name} ${event.data.invoiceNumber} for ${event.data.customer.name}, ${formatInr(event.data.totalPaise)}`,
        fields: invoiceFields(event.data),
        label: `${name === "invoice" ? "Invoice" : "Bill of supply"} ${event.data.invoiceNumber}`,
      };
    }
    case "InvoiceRevised":
      return { summary: `Edited the invoice (now ${formatInr(event.data.totalPaise)})`, fields: invoiceFields(event.data) };
    case "InvoiceCancelled":
      return { summary: `Cancelled the invoice: ${event.data.reason}` };
    case "InvoicePaymentRecorded": {
      const how = event.data.advanceId
        ? "from the customer's advance"
        : modeLabel(event.data.mode)
          ? `(${modeLabel(event.data.mode)}${event.data.reference ? `, ref ${event.data.reference}` : ""})`
          : "(marked paid)";
      return { summary: `Recorded a payment of ${formatInr(event.data.amountPaise)} ${how}${event.data.settles ? "; the invoice is paid in full" : ""}` };
    }
    case "InvoiceMarkedPaid":
      return { summary: `Marked paid (${formatInr(event.data.amountPaise)})` };
    case "InvoiceBecameOverdue":
      return { summary: `Became overdue (due ${day(event.data.dueDate)})` };
    case "InvoiceStatusChanged":
      return { summary: `Status changed from ${STATUS_NAMES[event.data.from] ?? event.data.from} to ${STATUS_NAMES[event.data.to] ?? event.data.to}` };
    case "SalesNoteApplied":
      return {
        summary: `${event.data.kind === "credit" ? "Credit" : "Debit"} note ${event.data.number} issued against this invoice, ${formatInr(event.data.taxablePaise)} of taxable value`,
      };
    case "SalesNoteWithdrawn":
      return { summary: `A note's share of this invoice was given back: ${event.data.reason}` };
    case "InvoiceShareLinkCreated":
      return { summary: "Shared a link to the invoice with the customer" };
    case "InvoiceShareLinkRevoked":
      return { summary: "Revoked the invoice's share link" };

    case "SalesNoteIssued": {
      const name = event.data.kind === "credit" ? "credit note" : "debit note";
      return {
        summary: `Issued ${name} ${event.data.number} against ${event.data.invoiceNumbers.join(", ")} for ${formatInr(event.data.totalPaise)} (${NOTE_REASONS[event.data.reason] ?? event.data.reason})`,
        label: `${event.data.kind === "credit" ? "Credit" : "Debit"} note ${event.data.number}`,
      };
    }

    case "ExpenseRecorded":
      return {
        summary: `Recorded ${event.data.documentType === "credit_note" ? "a supplier credit note" : event.data.documentType === "debit_note" ? "a supplier debit note" : "an expense"} of ${formatInr(event.data.amountPaise)} (${event.data.category})`,
        fields: expenseFields(event.data),
        label: `Expense ${event.data.description || event.data.category}`,
      };
    case "ExpenseUpdated":
      return { summary: "Edited the expense", fields: expenseFields(event.data), label: `Expense ${event.data.description || event.data.category}` };
    case "ExpenseDeleted":
      return { summary: "Deleted the expense" };

    case "DeliveryChallanIssued":
      return {
        summary: `Issued delivery challan ${event.data.number} to ${event.data.customer.name} for ${CHALLAN_PURPOSES[event.data.purpose] ?? event.data.purpose}, ${formatInr(event.data.totalPaise)}`,
        label: `Delivery challan ${event.data.number}`,
      };
    case "DeliveryChallanCancelled":
      return { summary: `Cancelled the delivery challan: ${event.data.reason}` };

    case "EwayBillGenerated":
      return {
        summary: `Generated e-way bill ${event.data.ewayBillNo} for ${event.data.documentNumber}, ${formatInr(event.data.consignmentValuePaise)}, valid until ${indianDateTime(event.data.validUntil)}${event.data.sandbox ? " (sandbox)" : ""}`,
        label: `E-way bill ${event.data.ewayBillNo}`,
      };
    case "EwayBillCancelled":
      return { summary: `Cancelled the e-way bill: ${event.data.reason}` };

    case "CustomerAdvanceReceived":
      return {
        summary: `Received an advance of ${formatInr(event.data.amountPaise)} (${modeLabel(event.data.mode)}${event.data.reference ? `, ref ${event.data.reference}` : ""}) on ${day(event.data.date)}`,
        label: `Advance of ${formatInr(event.data.amountPaise)}`,
      };
    case "CustomerAdvanceApplied":
      return { summary: `Applied ${formatInr(event.data.amountPaise)} of the advance to an invoice` };
    case "CustomerAdvanceApplicationReversed":
      return { summary: `${formatInr(event.data.amountPaise)} came back to the advance: ${event.data.reason}` };

    case "GstReturnFilingRequested":
      return {
        summary: `Asked to file ${RETURN_NAMES[event.data.returnType] ?? event.data.returnType} for ${monthOf(event.data.period)}`,
        label: `${RETURN_NAMES[event.data.returnType] ?? event.data.returnType} for ${monthOf(event.data.period)}`,
      };
    case "GstReturnFiled":
      return {
        summary: `Filed ${RETURN_NAMES[event.data.returnType] ?? event.data.returnType} for ${monthOf(event.data.period)} (ARN ${event.data.arn}), tax ${formatInr(event.data.totals.taxPaise)}`,
        label: `${RETURN_NAMES[event.data.returnType] ?? event.data.returnType} for ${monthOf(event.data.period)}`,
      };
    case "GstReturnFilingFailed":
      return { summary: `Filing failed: ${event.data.reason}` };

    case "Gstr2bUploaded":
      return {
        summary: `Uploaded GSTR-2B for ${monthOf(event.data.period)} with ${event.data.invoiceCount} invoice${event.data.invoiceCount === 1 ? "" : "s"}`,
        label: `GSTR-2B reconciliation for ${monthOf(event.data.period)}`,
      };
    case "ReconciliationMatchDecided":
      return { summary: `${event.data.decision === "accepted" ? "Accepted" : "Rejected"} a suggested match (${event.data.portalKey})` };
    case "ReconciliationCompleted": {
      const s = event.data.summary;
      return {
        summary: `Reconciled ${s.total} invoices: ${s.matched} matched, ${s.mismatch} mismatched, ${s.missing_in_books} missing in the books, ${s.missing_in_2b} missing in GSTR-2B`,
      };
    }
    default:
      return { summary: typeInWords(event.type) };
  }
}

async function ownerNames(readStore: HistoryDeps["readStore"], ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    ids.map(async (id) => {
      const user = await readStore.get<{ firstName?: string; lastName?: string; companyName?: string | null }>(collections.users, id);
      const name = `${user?.firstName ?? ""} ${user?.lastName ?? ""}`.trim();
      if (name) names.set(id, name);
    }),
  );
  return names;
}

/**
 * The lines of a record's history from its events (any order; several streams may be given),
 * oldest first. Pure but for the names: `names` maps person ids to names for events recorded
 * without one.
 */
export function historyEntries(
  events: readonly RecordedEvent[],
  businessId: string,
  names: ReadonlyMap<string, string> = new Map(),
): { entries: HistoryEntry[]; label: string | null } {
  const ordered = [...events].sort((a, b) => compareWirePositions(a.position, b.position));
  const entries: HistoryEntry[] = [];
  // Edits are compared per stream: an invoice's own stream holds its fields, its notes stream none.
  const fieldsByStream = new Map<string, Field[]>();
  let label: string | null = null;
  for (const [index, recorded] of ordered.entries()) {
    const event = upcast(recorded.type, recorded.data, recorded.metadata.schemaVersion);
    const completedBy = STARTED_UNTIL[recorded.type];
    // A process's first step is noise once it finished; left unfinished, it is the only trace.
    if (completedBy && ordered.slice(index + 1).some((later) => later.streamId === recorded.streamId && completedBy.includes(later.type))) continue;
    const told = event ? tell(event) : { summary: typeInWords(recorded.type) };
    const before = fieldsByStream.get(recorded.streamId) ?? null;
    if (told.fields) fieldsByStream.set(recorded.streamId, told.fields);
    if (told.label) label = told.label;
    entries.push({
      position: recorded.position,
      recordedAt: recorded.recordedAt,
      at: indianDateTime(recorded.recordedAt),
      actor: actorOf(recorded.metadata, businessId, names),
      type: recorded.type,
      summary: told.summary,
      changes: changesBetween(before, told.fields ?? null),
    });
  }
  return { entries, label };
}

const RETURN_ID = /^(?:(.{36})-)?(GSTR1|GSTR3B)-(\d{6})$/i;

/**
 * The streams that hold a record, or null when the id cannot name one. An invoice's history
 * holds the notes issued against it (invoicenotes-) and its share link (invoiceshare-) too.
 */
function streamsOf(kind: Exclude<HistoryKind, "payment">, id: string, businessId: string): string[] | null {
  switch (kind) {
    case "return": {
      // Either the return's read-model id ({business}-GSTR1-102026) or just GSTR1-102026.
      const match = RETURN_ID.exec(id);
      if (!match || (match[1] !== undefined && match[1].toLowerCase() !== businessId.toLowerCase())) return null;
      return [streams.gstReturn(businessId, match[2]!.toUpperCase(), match[3]!)];
    }
    case "reconciliation":
      return /^\d{6}$/.test(id) ? [streams.reconciliation(businessId, id)] : null;
    default:
      break;
  }
  if (!isRecordId(id)) return null;
  const recordId = id.toLowerCase();
  switch (kind) {
    case "invoice":
      return [streams.invoice(recordId), streams.invoiceNotes(recordId), streams.invoiceShare(recordId)];
    case "credit-note":
    case "debit-note":
      return [streams.salesNote(recordId)];
    case "customer":
      return [streams.customer(recordId)];
    case "vendor":
      return [streams.vendor(recordId)];
    case "product":
      return [streams.product(recordId)];
    case "expense":
      return [streams.expense(recordId)];
    case "delivery-challan":
      return [streams.deliveryChallan(recordId)];
    case "ewaybill":
      return [streams.ewayBill(recordId)];
    case "advance":
      return [streams.advance(recordId)];
  }
}

/** A payment has no stream of its own: it is an event on its invoice's stream, which the payments read model names. */
async function paymentEvents(deps: HistoryDeps, businessId: string, paymentId: string): Promise<RecordedEvent[]> {
  if (!isRecordId(paymentId)) return [];
  const wanted = paymentId.toLowerCase();
  const payment = await deps.readStore.get<PaymentDocument>(collections.payments, wanted);
  if (!payment || payment.userId !== businessId) return [];
  const events = await deps.eventStore.readStream(streams.invoice(payment.invoiceId));
  return events.filter((event) => (event.data as { paymentId?: string } | null)?.paymentId?.toLowerCase() === wanted);
}

/**
 * The history of one of the business's records, or null when the business has no such record
 * (an unknown id, an id of another business's record, a credit note asked for as a debit note).
 */
export async function recordHistory(deps: HistoryDeps, businessId: string, kind: HistoryKind, id: string): Promise<RecordHistory | null> {
  let events: RecordedEvent[];
  if (kind === "payment") {
    events = await paymentEvents(deps, businessId, id);
  } else {
    const names = streamsOf(kind, id, businessId);
    if (!names) return null;
    events = (await Promise.all(names.map((name) => deps.eventStore.readStream(name)))).flat();
  }
  // Only the business's own events: a record id is a uuid anyone could guess or copy.
  const own = events.filter((event) => businessOfEvent(event.metadata) === businessId);
  if (own.length === 0 || own.length !== events.length) return null;
  if (kind === "credit-note" || kind === "debit-note") {
    const issued = own.find((event) => event.type === "SalesNoteIssued")?.data as { kind?: string } | undefined;
    if (issued?.kind !== (kind === "credit-note" ? "credit" : "debit")) return null;
  }
  const names = await ownerNames(deps.readStore, unnamedPeople(own));
  const { entries, label } = historyEntries(own, businessId, names);
  const paid = kind === "payment" ? (own[0]!.data as { amountPaise?: number }).amountPaise : undefined;
  const recordLabel = typeof paid === "number" ? `Payment of ${formatInr(paid)}` : (label ?? HISTORY_LABELS[kind]);
  return { record: { kind, id: kind === "return" || kind === "reconciliation" ? id : id.toLowerCase(), label: recordLabel }, entries };
}
