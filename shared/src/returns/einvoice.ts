/**
 * E-invoicing (GST.md §6): the schema 1.1 request payload for the IRP, the IRN formula, the
 * signed QR fields, applicability and time limits.
 *
 * The payload follows India Compliance's `get_invoice_data` and its sandbox-tested requests
 * (GST.md §6.2; IC `data/test_e_invoice.json`):
 * - tax invoices to registered buyers, SEZ units and export buyers (`DocDtls.Typ` "INV"), `SupTyp`
 *   B2B / SEZWP / SEZWOP / EXPWP / EXPWOP (issue 9: under LUT is "without payment"), `RegRev` "Y"
 *   for reverse charge with the recipient's tax in the items, `ExpDtls` from the shipping bill;
 * - one `ItemList` row per invoice line with a rate > 0; `SlNo` is the line's position on the
 *   invoice, so a skipped 0% line leaves a gap as in IC's nil-rated test; 0% lines are added to
 *   `ValDtls.OthChrg` (IC: only taxable and zero-rated items go into the list);
 * - `TotAmt` = `AssAmt` = the line's taxable value, `Discount` 0 (discounts are already
 *   netted), `UnitPrice` = taxable ÷ quantity to 3 decimals, `TotItemVal` = taxable + taxes;
 * - `Unit` the line's UQC (issue 9; "NOS" on older invoices, and what a service keeps unless its
 *   product names another, as IC's service-item request), `Qty` up to 3 decimals, `IsServc` "Y" for
 *   SAC codes (starting 99); HSN must be 6 or 8 digits;
 * - `TotInvVal` = the invoice total; `RndOffAmt` = total − (AssVal + taxes + OthChrg), which is 0
 *   for Bahi's invoices (their total is the exact sum of the lines);
 * - `PayDtls` as IC sends it: `PaidAmt` the total when the invoice is paid, else 0;
 *   `PaymtDue` the rest; `CrDay` the days from issue to due date.
 * Field lengths of the NIC schema are not in GST.md (Appendix A), so only presence and the
 * documented formats (PIN, HSN, document number, GSTINs) are checked.
 */
import { createHash } from "node:crypto";
import { indianDateOf, invoiceNumberProblem, roundHalfUp } from "../contract/index.ts";
import type { IndianDate, Invoice, Paise } from "../contract/index.ts";
import { validateGstin } from "./gstin.ts";
import { isServiceHsn } from "./hsn.ts";
import { financialYearOf } from "./period.ts";
import { addDays, basisPointsToPortalRate, daysBetween, toPortalAmount, toPortalDate } from "./portal.ts";
import { EXPORT_PLACE_OF_SUPPLY, toSale, type Sale } from "./sales.ts";

export type EInvoiceDocumentType = "INV" | "CRN" | "DBN";

export interface EInvoiceSupplierDetails {
  readonly gstin: string;
  readonly legalName: string;
  readonly tradeName?: string | null;
  readonly address1: string;
  readonly address2?: string | null;
  /** City / place. */
  readonly location: string;
  readonly pincode: string | number;
}

/** What the invoice read model lacks about the buyer. Name and first address line default to the customer's. */
export interface EInvoiceBuyerDetails {
  readonly legalName?: string | null;
  readonly tradeName?: string | null;
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly location: string;
  readonly pincode: string | number;
  /** The buyer's address state; defaults to the state of the buyer's GSTIN. */
  readonly stateCode?: string | null;
}

export interface EInvoiceParty {
  readonly Gstin: string;
  readonly LglNm: string;
  readonly TrdNm?: string;
  readonly Addr1: string;
  readonly Addr2?: string;
  readonly Loc: string;
  readonly Pin: number;
  readonly Stcd: string;
}

export interface EInvoiceItem {
  readonly SlNo: string;
  readonly PrdDesc: string;
  readonly IsServc: "Y" | "N";
  readonly HsnCd: string;
  readonly Unit: string;
  readonly Qty: number;
  readonly UnitPrice: number;
  readonly TotAmt: number;
  readonly Discount: number;
  readonly AssAmt: number;
  readonly GstRt: number;
  readonly IgstAmt: number;
  readonly CgstAmt: number;
  readonly SgstAmt: number;
  readonly CesRt: number;
  readonly CesAmt: number;
  readonly CesNonAdvlAmt: number;
  readonly TotItemVal: number;
}

/**
 * Issue 9: NIC's supply types (IC `GST_CATEGORIES`/`EXPORT_TYPES`): a registered buyer, an SEZ
 * with or without payment of IGST, an export with or without payment.
 */
export type EInvoiceSupplyType = "B2B" | "SEZWP" | "SEZWOP" | "EXPWP" | "EXPWOP";

/** Issue 9: an export's shipping bill (dates "DD/MM/YYYY"); CntCode only when known. */
export interface EInvoiceExportDetails {
  readonly ShipBNo?: string;
  readonly ShipBDt?: string;
  readonly Port?: string;
  readonly CntCode?: string;
}

/** The buyer of an export: no GSTIN ("URP"), state and place of supply 96, PIN 999999 (NIC rules). */
export const EXPORT_BUYER = { Gstin: "URP", Stcd: "96", Pin: 999999 } as const;

export interface EInvoicePayload {
  readonly Version: "1.1";
  readonly TranDtls: { readonly TaxSch: "GST"; readonly SupTyp: EInvoiceSupplyType; readonly RegRev: "Y" | "N" };
  readonly DocDtls: { readonly Typ: EInvoiceDocumentType; readonly No: string; readonly Dt: string };
  readonly SellerDtls: EInvoiceParty;
  readonly BuyerDtls: EInvoiceParty & { readonly Pos: string };
  readonly ItemList: readonly EInvoiceItem[];
  readonly ValDtls: {
    readonly AssVal: number;
    readonly CgstVal: number;
    readonly SgstVal: number;
    readonly IgstVal: number;
    readonly CesVal: number;
    readonly Discount: number;
    readonly OthChrg: number;
    readonly RndOffAmt: number;
    readonly TotInvVal: number;
  };
  readonly PayDtls: { readonly CrDay: number; readonly PaidAmt: number; readonly PaymtDue: number };
  readonly ExpDtls?: EInvoiceExportDetails;
}

/** Thrown by buildEInvoicePayload with every problem found, so the user can fix them at once. */
export class EInvoiceError extends Error {
  /** Stable code for the server's error mapping (a 400/422, the problems as the messages). */
  readonly code = "E_INVOICE_NOT_BUILDABLE" as const;
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`The e-invoice cannot be built: ${problems.join("; ")}`);
    this.name = "EInvoiceError";
    this.problems = problems;
  }
}

/** IC ITEM_LIMIT */
export const E_INVOICE_ITEM_LIMIT = 1000;
const PINCODE = /^[1-9][0-9]{5}$/;

function text(value: string | null | undefined): string {
  return (value ?? "").trim();
}

/** Paise ÷ quantity → rupees with 3 decimals, half-up, exactly: 10000 paise ÷ 3 → 33.333; 20000 ÷ 2.5 → 80. */
function unitPrice(taxable: Paise, quantity: number): number {
  // The quantity in thousandths (2.5 → 2500): milli-rupees = paise × 10 × 1000 ÷ thousandths.
  const milliRupees = roundHalfUp(BigInt(taxable) * 10_000n, BigInt(Math.round(quantity * 1000)));
  const sign = milliRupees < 0 ? "-" : "";
  const abs = Math.abs(milliRupees);
  return Number(`${sign}${Math.trunc(abs / 1000)}.${String(abs % 1000).padStart(3, "0")}`);
}

export function buildEInvoicePayload(invoice: Invoice, supplierDetails: EInvoiceSupplierDetails, buyerDetails: EInvoiceBuyerDetails): EInvoicePayload {
  const problems: string[] = [];
  const seller = validateGstin(supplierDetails.gstin);
  if (!seller.valid) problems.push(`Seller GSTIN: ${seller.error}`);
  const invoiceSupplierGstin = text(invoice.supplier.gstin).toUpperCase();
  if (seller.valid && invoiceSupplierGstin && invoiceSupplierGstin !== seller.gstin) {
    problems.push(`The invoice was issued under GSTIN ${invoiceSupplierGstin}, not ${seller.gstin}`);
  }
  const customerGstin = text(invoice.customer.gstNumber).toUpperCase();
  const isExport = invoice.placeOfSupply === EXPORT_PLACE_OF_SUPPLY;
  const buyer = customerGstin && !isExport ? validateGstin(customerGstin) : null;
  if (isExport) {
    // Issue 9: an export buyer has no GSTIN or Indian PIN: "URP", 96, 999999 (EXPORT_BUYER).
  } else if (!buyer) {
    problems.push("E-invoicing applies to B2B invoices: the customer has no GSTIN");
  } else if (!buyer.valid) {
    problems.push(`Buyer GSTIN: ${buyer.error}`);
  }
  const numberProblem = invoiceNumberProblem(invoice.invoiceNumber);
  if (numberProblem) problems.push(numberProblem);

  if (!text(supplierDetails.legalName)) problems.push("Seller legal name is required");
  if (!text(supplierDetails.address1)) problems.push("Seller address is required");
  if (!text(supplierDetails.location)) problems.push("Seller location (city) is required");
  if (!PINCODE.test(String(supplierDetails.pincode).trim())) problems.push("Seller PIN code must be 6 digits, not starting with 0");
  const buyerName = text(buyerDetails.legalName) || text(invoice.customer.name);
  const buyerAddress1 = text(buyerDetails.address1) || text(invoice.customer.address);
  if (!buyerName) problems.push("Buyer legal name is required");
  if (!buyerAddress1) problems.push("Buyer address is required");
  if (!text(buyerDetails.location)) problems.push("Buyer location (city) is required");
  if (!isExport && !PINCODE.test(String(buyerDetails.pincode).trim())) problems.push("Buyer PIN code must be 6 digits, not starting with 0");

  const sale = toSale(invoice, seller.valid ? seller.stateCode : "");
  const taxableLines = sale.lines.filter((line) => line.rateBasisPoints > 0);
  if (taxableLines.length === 0) problems.push("The invoice has no taxable line: e-invoices are not issued for nil-rated supplies only");
  if (taxableLines.length > E_INVOICE_ITEM_LIMIT) problems.push(`An e-invoice can have at most ${E_INVOICE_ITEM_LIMIT} items; this one has ${taxableLines.length}`);
  for (const line of taxableLines) {
    if (!line.hsnCode || !/^(\d{6}|\d{8})$/.test(line.hsnCode)) {
      problems.push(`Line ${line.index} (${line.productName}): HSN/SAC code must be 6 or 8 digits for an e-invoice, got ${line.hsnCode ? `"${line.hsnCode}"` : "none"}`);
    }
    if (line.cess !== 0 && line.taxable === 0) problems.push(`Line ${line.index}: cess without a taxable value`);
  }
  if (problems.length > 0 || !seller.valid || (!isExport && !buyer?.valid)) throw new EInvoiceError(problems);
  const buyerGstin = buyer?.valid ? buyer : null;

  const items: EInvoiceItem[] = taxableLines.map((line) => {
    // With the rate recorded (issue 9) the cess splits into its ad valorem part (CesAmt at CesRt)
    // and the specific rest (CesNonAdvlAmt); older invoices state only an amount, read as ad valorem.
    const cessRateBasisPoints = line.cessBasisPoints ?? (line.cess === 0 ? 0 : roundHalfUp(BigInt(line.cess) * 10_000n, BigInt(line.taxable)));
    const cessAdValorem = line.cessBasisPoints === undefined ? line.cess : Math.min(line.cess, roundHalfUp(BigInt(line.taxable) * BigInt(line.cessBasisPoints), 10_000n));
    return {
      SlNo: String(line.index),
      PrdDesc: line.productName,
      IsServc: isServiceHsn(line.hsnCode!) ? "Y" : "N",
      HsnCd: line.hsnCode!,
      Unit: line.unit ?? "NOS",
      Qty: line.quantity,
      UnitPrice: unitPrice(line.taxable, line.quantity),
      TotAmt: toPortalAmount(line.taxable),
      Discount: 0,
      AssAmt: toPortalAmount(line.taxable),
      GstRt: basisPointsToPortalRate(line.rateBasisPoints),
      IgstAmt: toPortalAmount(line.igst),
      CgstAmt: toPortalAmount(line.cgst),
      SgstAmt: toPortalAmount(line.sgst),
      CesRt: basisPointsToPortalRate(cessRateBasisPoints),
      CesAmt: toPortalAmount(cessAdValorem),
      CesNonAdvlAmt: toPortalAmount(line.cess - cessAdValorem),
      TotItemVal: toPortalAmount(line.taxable + line.igst + line.cgst + line.sgst + line.cess),
    };
  });
  const sum = (pick: (line: (typeof taxableLines)[number]) => Paise) => taxableLines.reduce((s, line) => s + pick(line), 0);
  const assessable = sum((l) => l.taxable);
  const cgst = sum((l) => l.cgst);
  const sgst = sum((l) => l.sgst);
  const igst = sum((l) => l.igst);
  const cess = sum((l) => l.cess);
  const otherCharges = sale.lines.filter((l) => l.rateBasisPoints === 0).reduce((s, l) => s + l.taxable + l.igst + l.cgst + l.sgst + l.cess, 0);
  // Issue 9: on reverse charge the items state the tax the recipient pays, which the total
  // (what the buyer pays the supplier) leaves out: TotInvVal adds it back so the values add up.
  const recipientTax = sale.reverseCharge ? cgst + sgst + igst + cess : 0;
  const roundOff = sale.total + recipientTax - (assessable + cgst + sgst + igst + cess + otherCharges);
  const paid = invoice.status === "paid" ? sale.total : 0;
  const creditDays = invoice.dueDate ? Math.max(0, daysBetween(sale.date, indianDateOf(invoice.dueDate))) : 0;

  const optional = (key: string, value: string | null | undefined) => (text(value) ? { [key]: text(value) } : {});

  return {
    Version: "1.1",
    TranDtls: { TaxSch: "GST", SupTyp: supplyTypeOf(sale), RegRev: invoice.reverseCharge ? "Y" : "N" },
    DocDtls: { Typ: "INV", No: invoice.invoiceNumber.trim(), Dt: toPortalDate(sale.date, "/") },
    SellerDtls: {
      Gstin: seller.gstin,
      LglNm: text(supplierDetails.legalName),
      ...optional("TrdNm", supplierDetails.tradeName),
      Addr1: text(supplierDetails.address1),
      ...optional("Addr2", supplierDetails.address2),
      Loc: text(supplierDetails.location),
      Pin: Number(String(supplierDetails.pincode).trim()),
      Stcd: seller.stateCode,
    } as EInvoiceParty,
    BuyerDtls: {
      Gstin: buyerGstin?.gstin ?? EXPORT_BUYER.Gstin,
      LglNm: buyerName,
      ...optional("TrdNm", buyerDetails.tradeName),
      Addr1: buyerAddress1,
      ...optional("Addr2", buyerDetails.address2),
      Loc: text(buyerDetails.location),
      Pin: isExport ? EXPORT_BUYER.Pin : Number(String(buyerDetails.pincode).trim()),
      Stcd: isExport ? EXPORT_BUYER.Stcd : text(buyerDetails.stateCode) || buyerGstin!.stateCode,
      Pos: invoice.placeOfSupply,
    } as EInvoiceParty & { Pos: string },
    ItemList: items,
    ValDtls: {
      AssVal: toPortalAmount(assessable),
      CgstVal: toPortalAmount(cgst),
      SgstVal: toPortalAmount(sgst),
      IgstVal: toPortalAmount(igst),
      CesVal: toPortalAmount(cess),
      Discount: 0,
      OthChrg: toPortalAmount(otherCharges),
      RndOffAmt: toPortalAmount(roundOff),
      TotInvVal: toPortalAmount(sale.total + recipientTax),
    },
    PayDtls: { CrDay: creditDays, PaidAmt: toPortalAmount(paid), PaymtDue: toPortalAmount(sale.total - paid) },
    ...(isExport ? { ExpDtls: exportDetailsOf(sale) } : {}),
  };
}

/** Issue 9: SEZ and exports "with payment" when IGST is charged, "without" under LUT (or no IGST). */
export function supplyTypeOf(sale: Pick<Sale, "isExport" | "isSez" | "underLut" | "lines">): EInvoiceSupplyType {
  if (!sale.isExport && !sale.isSez) return "B2B";
  const paid = !sale.underLut && sale.lines.some((line) => line.igst > 0);
  return sale.isExport ? (paid ? "EXPWP" : "EXPWOP") : paid ? "SEZWP" : "SEZWOP";
}

function exportDetailsOf(sale: Sale): EInvoiceExportDetails {
  const details = sale.exportDetails;
  return {
    ...(details?.shippingBillNumber ? { ShipBNo: details.shippingBillNumber } : {}),
    ...(details?.shippingBillDate ? { ShipBDt: toPortalDate(details.shippingBillDate, "/") } : {}),
    ...(details?.portCode ? { Port: details.portCode } : {}),
  };
}

// ---------------------------------------------------------------------------------------
// IRN (GST.md §6.3, verified against five NIC sandbox IRNs)

export interface IrnInput {
  readonly supplierGstin: string;
  /** "2022-23" — the short form; see financialYearOf. */
  readonly financialYear: string;
  readonly documentType: EInvoiceDocumentType;
  /** Case is kept: "g2qxhY" and "G2QXHY" give different IRNs. */
  readonly documentNumber: string;
}

/**
 * IRN = lower-case hex SHA-256 of SellerGstin + FinancialYear + DocTyp + DocNo, no separators.
 * The IRP computes it; computing it here lets the server check the IRP's answer and detect a
 * duplicate before sending. Example: "01AMBPG7773M002" + "2022-23" + "INV" + "SINV-CFY-00067"
 * → 706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7.
 */
export function irnFor(input: IrnInput): string {
  if (!/^\d{4}-\d{2}$/.test(input.financialYear)) {
    throw new RangeError(`Financial year must be written YYYY-YY, e.g. 2025-26; got ${JSON.stringify(input.financialYear)}`);
  }
  if (!["INV", "CRN", "DBN"].includes(input.documentType)) throw new RangeError(`Document type must be INV, CRN or DBN`);
  const source = `${input.supplierGstin.trim().toUpperCase()}${input.financialYear}${input.documentType}${input.documentNumber}`;
  return createHash("sha256").update(source, "utf8").digest("hex");
}

/** The IRN the IRP will give this payload (FY from DocDtls.Dt). */
export function irnForPayload(payload: Pick<EInvoicePayload, "SellerDtls" | "DocDtls">): string {
  const [day, month, year] = payload.DocDtls.Dt.split("/");
  return irnFor({
    supplierGstin: payload.SellerDtls.Gstin,
    financialYear: financialYearOf(`${year}-${month}-${day}`),
    documentType: payload.DocDtls.Typ,
    documentNumber: payload.DocDtls.No,
  });
}

// ---------------------------------------------------------------------------------------
// Signed QR code (GST.md §6.4)

/** The fields of the `data` claim of the IRP's SignedQRCode JWT, in the IRP's order. */
export const SIGNED_QR_FIELDS = ["SellerGstin", "BuyerGstin", "DocNo", "DocTyp", "DocDt", "TotInvVal", "ItemCnt", "MainHsnCode", "Irn", "IrnDt"] as const;

export interface SignedQrData {
  readonly SellerGstin: string;
  readonly BuyerGstin: string;
  readonly DocNo: string;
  readonly DocTyp: EInvoiceDocumentType;
  /** dd/mm/yyyy */
  readonly DocDt: string;
  readonly TotInvVal: number;
  readonly ItemCnt: number;
  readonly MainHsnCode: string;
  readonly Irn: string;
  /** "yyyy-mm-dd HH:MM:SS", the IRP's AckDt. */
  readonly IrnDt: string;
}

/**
 * What the IRP's signed QR should say for this payload, to compare with the decoded
 * SignedQRCode. MainHsnCode is taken as the HSN of the item with the highest assessable value
 * (first on a tie) — GST.md's sample has a single item, so this choice is unverified.
 */
export function signedQrFields(payload: EInvoicePayload, irp: { readonly irn: string; readonly ackDate: string }): SignedQrData {
  let main = payload.ItemList[0];
  for (const item of payload.ItemList) if (main && item.AssAmt > main.AssAmt) main = item;
  return {
    SellerGstin: payload.SellerDtls.Gstin,
    BuyerGstin: payload.BuyerDtls.Gstin,
    DocNo: payload.DocDtls.No,
    DocTyp: payload.DocDtls.Typ,
    DocDt: payload.DocDtls.Dt,
    TotInvVal: payload.ValDtls.TotInvVal,
    ItemCnt: payload.ItemList.length,
    MainHsnCode: main?.HsnCd ?? "",
    Irn: irp.irn,
    IrnDt: irp.ackDate,
  };
}

/**
 * The `data` claim of a SignedQRCode (or SignedInvoice) JWT, decoded. The RS256 signature is
 * NOT verified here: that needs the IRP's public key, which the server must hold.
 */
export function decodeSignedQrCode(token: string): Record<string, unknown> {
  const parts = token.trim().split(".");
  if (parts.length !== 3) throw new RangeError("A signed QR code is a JWT: three dot-separated parts");
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8"));
  } catch {
    throw new RangeError("The signed QR code's payload is not base64url JSON");
  }
  const data = (claims as { data?: unknown }).data;
  if (typeof data !== "string") throw new RangeError('The signed QR code has no "data" claim');
  return JSON.parse(data) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------
// Applicability and time limits (GST.md §6.1)

const CRORE: Paise = 1_00_00_000_00; // ₹1 crore in paise

/** Aggregate-turnover thresholds ("exceeds") by the date each phase started (Notification 13/2020-CT as amended). */
export const E_INVOICE_PHASES: ReadonlyArray<{ readonly from: IndianDate; readonly exceedsPaise: Paise }> = [
  { from: "2020-10-01", exceedsPaise: 500 * CRORE },
  { from: "2021-01-01", exceedsPaise: 100 * CRORE },
  { from: "2021-04-01", exceedsPaise: 50 * CRORE },
  { from: "2022-04-01", exceedsPaise: 20 * CRORE },
  { from: "2022-10-01", exceedsPaise: 10 * CRORE },
  { from: "2023-08-01", exceedsPaise: 5 * CRORE },
];

/** The turnover an e-invoicing taxpayer must exceed on `date`, or null before 1 Oct 2020. */
export function eInvoiceThresholdOn(date: string | Date): Paise | null {
  const day = indianDateOf(date);
  let threshold: Paise | null = null;
  for (const phase of E_INVOICE_PHASES) if (day >= phase.from) threshold = phase.exceedsPaise;
  return threshold;
}

/**
 * Whether e-invoicing is mandatory: aggregate turnover in any financial year from 2017-18
 * (pass the highest) exceeds ₹5 crore — or, with `onDate`, the threshold in force that day.
 * Exempt classes (SEZ units, banks, GTA, government departments…) are the caller's to exclude.
 */
export function isEInvoiceApplicable(aggregateTurnoverPaise: Paise, onDate?: string | Date): boolean {
  const threshold = onDate === undefined ? 5 * CRORE : eInvoiceThresholdOn(onDate);
  return threshold !== null && aggregateTurnoverPaise > threshold;
}

export interface EInvoiceTimeLimit {
  /** Whether the 30-day reporting limit applies to this taxpayer on the reporting date. */
  readonly applies: boolean;
  /** Last day the document can still be reported, or null when no limit applies. */
  readonly lastDay: IndianDate | null;
  readonly withinLimit: boolean;
}

/**
 * Documents older than 30 days cannot be reported to the IRP by taxpayers with AATO ≥ ₹100
 * crore from 1 Nov 2023, and ≥ ₹10 crore from 1 Apr 2025 (GST.md §6.1). The last day is taken
 * as document date + 30 days (derived: by analogy with the earlier 7-day advisory's example;
 * GST.md does not say whether day 30 is still allowed).
 */
export function eInvoiceTimeLimit(input: {
  readonly documentDate: string | Date;
  readonly reportingDate: string | Date;
  readonly aggregateTurnoverPaise: Paise;
}): EInvoiceTimeLimit {
  const reporting = indianDateOf(input.reportingDate);
  const turnover = input.aggregateTurnoverPaise;
  const applies = (reporting >= "2023-11-01" && turnover >= 100 * CRORE) || (reporting >= "2025-04-01" && turnover >= 10 * CRORE);
  if (!applies) return { applies, lastDay: null, withinLimit: true };
  const lastDay = addDays(indianDateOf(input.documentDate), 30);
  return { applies, lastDay, withinLimit: reporting <= lastDay };
}

/** IST wall-clock "yyyy-mm-dd HH:MM:SS" (the IRP's AckDt) → the instant. */
function istInstant(ackDate: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(ackDate.trim());
  if (!match) throw new RangeError(`Not an IRP date-time (yyyy-mm-dd HH:MM:SS): ${JSON.stringify(ackDate)}`);
  const time = match[2]!.length === 5 ? `${match[2]}:00` : match[2];
  return new Date(`${match[1]}T${time}+05:30`);
}

/** An e-invoice can be cancelled only within 24 hours of generation (GST.md §6.1). */
export function canCancelEInvoice(ackDate: string, now: Date): boolean {
  const generated = istInstant(ackDate).getTime();
  return now.getTime() >= generated && now.getTime() - generated <= 24 * 60 * 60 * 1000;
}

/** Cancellation reason codes (IC constants/e_invoice.py). */
export const E_INVOICE_CANCEL_REASONS = { 1: "Duplicate", 2: "Data Entry Mistake", 3: "Order Cancelled", 4: "Others" } as const;
