/**
 * GSTR-1 JSON for the portal's offline upload (GST.md §3), from the invoice read model.
 *
 * Scope: one GSTIN, one monthly period; the invoices issued under that GSTIN and reported in
 * the period (`salesOfPeriod`: the issue date's period, or the later one an invoice was moved
 * to; it keeps its own date), and the credit/debit notes (s.34) reported in it. Bahi issues
 * regular tax invoices and notes (no amendments, e-commerce); tax on advances for services is
 * Table 11A `at` / 11B `txpd` (advances.ts, s.13(2)). The invoice sections are b2b
 * (a supply to an SEZ with inv_typ SEWP, or SEWOP when it carries no IGST), b2cl, b2cs, exp, nil,
 * cdnr, cdnur (Table 9B: a note follows its invoice; one on a B2C Small sale nets b2cs), hsn and
 * doc_issue (natures 1, 4 debit notes, 5 credit notes). Totals are net: credit notes subtract.
 * Sections with nothing to report are left out of the JSON (as the portal's own exports do);
 * a month without sales is `{ gstin, fp }`.
 *
 * Amounts: every figure is a sum of the invoices' own per-line paise (never recomputed from a
 * rate), turned into rupees only when the JSON is written. Item rows (`itms`) are one per tax
 * rate per invoice, lines of the same rate merged, in ascending rate order.
 *
 * Worked example (intra-state, Gujarat 24 → 24, October 2025): one B2B invoice with a 5% line
 * of ₹2,300.00 (CGST 57.50 + SGST 57.50) and an 18% line of ₹2,300.00 (CGST 207.00 + SGST
 * 207.00): val = 2300 + 115 + 2300 + 414 = 5129.00, `itms` = [{rt 5, txval 2300, camt 57.5,
 * samt 57.5}, {rt 18, txval 2300, camt 207, samt 207}] — GST.md §3.3's minimal example.
 */
import type { Paise } from "../contract/index.ts";
import { addQuantities } from "../contract/index.ts";
import { hsnEntry, isServiceHsn, truncateHsnDescription } from "./hsn.ts";
import { validateGstin } from "./gstin.ts";
import { returnPeriod } from "./period.ts";
import { basisPointsToPortalRate, compareDocumentNumbers, toPortalAmount, toPortalDate } from "./portal.ts";
import type { ReturnProblem, SaleDocument } from "./prepare.ts";
import { addLine, cancelledNumbersOfPeriod, saleProblems, salesOfPeriod, saleWarnings, taxOf, zeroHeads } from "./sales.ts";
import type { Heads, Sale, SaleLine } from "./sales.ts";
import { notesOfPeriod, signedHeads, signedLine } from "./notes.ts";
import type { SalesNoteForReturn } from "./notes.ts";
import { documentIssue, type Gstr1DocIssue, type VoidedDocumentNumber } from "./documentSummary.ts";
import { challansOfPeriod, type ChallanForReturn } from "./challans.ts";
import { advancesOfPeriod, type AdvanceForReturn, type Gstr1AdvanceRow } from "./advances.ts";

export { documentRanges, type Gstr1DocIssue, type Gstr1DocRange, type VoidedDocumentNumber } from "./documentSummary.ts";

// ---------------------------------------------------------------------------------------
// The portal's JSON (GST.md §3.2 key names)

export interface Gstr1ItemDetail {
  readonly rt: number;
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

export interface Gstr1B2bInvoice {
  readonly inum: string;
  readonly idt: string;
  readonly val: number;
  readonly pos: string;
  readonly rchrg: "Y" | "N";
  /** R regular; SEWP / SEWOP: to an SEZ with / without payment of IGST. */
  readonly inv_typ: "R" | "SEWP" | "SEWOP";
  readonly itms: ReadonlyArray<{ readonly num: number; readonly itm_det: Gstr1ItemDetail }>;
}

export interface Gstr1B2b {
  readonly ctin: string;
  readonly inv: readonly Gstr1B2bInvoice[];
}

export interface Gstr1B2clInvoice {
  readonly inum: string;
  readonly idt: string;
  readonly val: number;
  readonly itms: ReadonlyArray<{
    readonly num: number;
    readonly itm_det: { readonly rt: number; readonly txval: number; readonly iamt: number; readonly csamt: number };
  }>;
}

export interface Gstr1B2cl {
  readonly pos: string;
  readonly inv: readonly Gstr1B2clInvoice[];
}

export interface Gstr1B2cs {
  readonly sply_ty: "INTRA" | "INTER";
  readonly rt: number;
  readonly typ: "OE";
  readonly pos: string;
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

export interface Gstr1ExpInvoice {
  readonly inum: string;
  readonly idt: string;
  readonly val: number;
  /** Issue 9: the shipping bill's port code, number and date ("DD-MM-YYYY"), when given. */
  readonly sbpcode?: string;
  readonly sbnum?: string;
  readonly sbdt?: string;
  readonly itms: ReadonlyArray<{ readonly txval: number; readonly rt: number; readonly iamt: number; readonly csamt: number }>;
}

/** Table 9B: a credit (C) or debit (D) note to a registered customer. */
export interface Gstr1CdnrNote {
  readonly ntty: "C" | "D";
  readonly nt_num: string;
  readonly nt_dt: string;
  readonly val: number;
  readonly pos: string;
  readonly rchrg: "Y" | "N";
  readonly inv_typ: "R" | "SEWP" | "SEWOP";
  readonly itms: ReadonlyArray<{ readonly num: number; readonly itm_det: Gstr1ItemDetail }>;
}

export interface Gstr1Cdnr {
  readonly ctin: string;
  readonly nt: readonly Gstr1CdnrNote[];
}

/** Table 9B: a note to an unregistered customer whose invoice was B2C Large or an export. */
export interface Gstr1Cdnur {
  readonly typ: "B2CL" | "EXPWP" | "EXPWOP";
  readonly ntty: "C" | "D";
  readonly nt_num: string;
  readonly nt_dt: string;
  readonly val: number;
  /** Left out for exports (IC). */
  readonly pos?: string;
  readonly itms: ReadonlyArray<{
    readonly num: number;
    readonly itm_det: { readonly rt: number; readonly txval: number; readonly iamt: number; readonly csamt: number };
  }>;
}

export interface Gstr1Exp {
  readonly exp_typ: "WPAY" | "WOPAY";
  readonly inv: readonly Gstr1ExpInvoice[];
}

export type NilSupplyType = "INTRB2B" | "INTRAB2B" | "INTRB2C" | "INTRAB2C";

export interface Gstr1Nil {
  readonly inv: ReadonlyArray<{
    readonly sply_ty: NilSupplyType;
    readonly nil_amt: number;
    readonly expt_amt: number;
    readonly ngsup_amt: number;
  }>;
}

export interface Gstr1HsnRow {
  readonly num: number;
  readonly hsn_sc: string;
  readonly desc: string;
  readonly uqc: string;
  readonly qty: number;
  readonly rt: number;
  readonly txval: number;
  readonly iamt: number;
  readonly camt: number;
  readonly samt: number;
  readonly csamt: number;
}

/** From May 2025 (Phase-III) `hsn_b2b` / `hsn_b2c`; before, one `data` array. */
export type Gstr1Hsn = { readonly hsn_b2b?: readonly Gstr1HsnRow[]; readonly hsn_b2c?: readonly Gstr1HsnRow[] } | { readonly data: readonly Gstr1HsnRow[] };

export interface Gstr1Json {
  readonly gstin: string;
  readonly fp: string;
  readonly b2b?: readonly Gstr1B2b[];
  readonly b2cl?: readonly Gstr1B2cl[];
  readonly b2cs?: readonly Gstr1B2cs[];
  readonly exp?: readonly Gstr1Exp[];
  readonly nil?: Gstr1Nil;
  readonly cdnr?: readonly Gstr1Cdnr[];
  readonly cdnur?: readonly Gstr1Cdnur[];
  /** Table 11A: tax on advances for services received in the period, not invoiced in it (s.13(2)). */
  readonly at?: readonly Gstr1AdvanceRow[];
  /** Table 11B: tax paid on earlier advances, adjusted against the period's invoices. */
  readonly txpd?: readonly Gstr1AdvanceRow[];
  readonly hsn?: Gstr1Hsn;
  readonly doc_issue?: Gstr1DocIssue;
}

export interface Gstr1Totals {
  readonly totalTaxableValue: Paise;
  /** IGST + CGST + SGST + cess. */
  readonly totalTax: Paise;
  readonly totalInvoiceValue: Paise;
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly cess: Paise;
  readonly invoiceCount: number;
}

export interface Gstr1Result {
  readonly json: Gstr1Json;
  readonly totals: Gstr1Totals;
  /** Invoices per section (an invoice with taxable and nil lines counts in both). */
  readonly counts: { readonly b2b: number; readonly b2cl: number; readonly b2cs: number; readonly exp: number; readonly nil: number };
  /** Data problems the user should fix before uploading (invalid customer GSTINs, missing HSN codes…). */
  readonly warnings: readonly string[];
  /** The same with codes, blocking or not (see `saleProblems`, `salesOfPeriod`). */
  readonly problems: readonly ReturnProblem[];
}

export interface Gstr1Input {
  /** The business's GSTIN (the supplier). */
  readonly gstin: string;
  /** "MMYYYY" */
  readonly period: string;
  readonly invoices: readonly SaleDocument[];
  /** Issue 9: numbers the series issued and voided (the creation failed), dated "YYYY-MM-DD"; Table 13 counts them cancelled. */
  readonly voidedNumbers?: readonly VoidedDocumentNumber[];
  /** Issue 9: credit and debit notes (the salesNotes read model); those reported in the period go in. */
  readonly notes?: readonly SalesNoteForReturn[];
  /** Issue 9: delivery challans (the deliveryChallans read model); Table 13 lists the period's. */
  readonly challans?: readonly ChallanForReturn[];
  /** Advances received (the advances read model): Table 11A/11B for services (s.13(2)). */
  readonly advances?: readonly AdvanceForReturn[];
}

/** HSN summary splits into B2B and B2C tabs from the May 2025 return period (IC HSN_BIFURCATION_FROM). */
export const HSN_BIFURCATION_FROM_PERIOD = { year: 2025, month: 5 } as const;

// ---------------------------------------------------------------------------------------

const amount = toPortalAmount;

function byDateThenNumber(a: Sale, b: Sale): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : compareDocumentNumbers(a.number, b.number);
}

/** Taxable (non-nil) lines merged per rate, ascending. Exports keep their 0% lines (zero-rated, not nil). */
function rateRows(sale: Pick<Sale, "lines" | "zeroRated">): Array<{ rateBasisPoints: number; heads: Heads }> {
  const byRate = new Map<number, Heads>();
  for (const line of sale.lines) {
    if (line.rateBasisPoints === 0 && !sale.zeroRated) continue;
    const heads = byRate.get(line.rateBasisPoints) ?? zeroHeads();
    addLine(heads, line);
    byRate.set(line.rateBasisPoints, heads);
  }
  return [...byRate.entries()].sort((a, b) => a[0] - b[0]).map(([rateBasisPoints, heads]) => ({ rateBasisPoints, heads }));
}

/** Table 6A's shipping bill keys (IC `get_export_details`), each only when given. */
function shippingBill(sale: Sale): Pick<Gstr1ExpInvoice, "sbpcode" | "sbnum" | "sbdt"> {
  const details = sale.exportDetails;
  if (!details) return {};
  return {
    ...(details.portCode ? { sbpcode: details.portCode } : {}),
    ...(details.shippingBillNumber ? { sbnum: details.shippingBillNumber } : {}),
    ...(details.shippingBillDate ? { sbdt: toPortalDate(details.shippingBillDate) } : {}),
  };
}

function itemDetail(rateBasisPoints: number, heads: Heads): Gstr1ItemDetail {
  return {
    rt: basisPointsToPortalRate(rateBasisPoints),
    txval: amount(heads.taxable),
    iamt: amount(heads.igst),
    camt: amount(heads.cgst),
    samt: amount(heads.sgst),
    csamt: amount(heads.cess),
  };
}

function groupInto<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface HsnAccumulator extends Heads {
  hsn: string;
  uqc: string;
  qty: number;
  rateBasisPoints: number;
}

function hsnRows(lines: ReadonlyArray<SaleLine>): Gstr1HsnRow[] {
  const rows = new Map<string, HsnAccumulator>();
  for (const line of lines) {
    const hsn = line.hsnCode ?? "";
    const service = hsn !== "" && isServiceHsn(hsn);
    // Table 12: the line's own unit (issue 9; "NOS" before units were asked); SAC rows "NA" with no quantity.
    const uqc = service ? "NA" : (line.unit ?? "NOS");
    const key = `${hsn}|${uqc}|${line.rateBasisPoints}`;
    let row = rows.get(key);
    if (!row) {
      row = { hsn, uqc, qty: 0, rateBasisPoints: line.rateBasisPoints, ...zeroHeads() };
      rows.set(key, row);
    }
    if (!service) row.qty = addQuantities(row.qty, line.quantity);
    addLine(row, line);
  }
  return [...rows.values()]
    .sort((a, b) => compareStrings(a.hsn, b.hsn) || compareStrings(a.uqc, b.uqc) || a.rateBasisPoints - b.rateBasisPoints)
    .map((row, i) => {
      const seed = row.hsn ? hsnEntry(row.hsn) : undefined;
      return {
        num: i + 1,
        hsn_sc: row.hsn,
        desc: seed ? truncateHsnDescription(seed.description) : "",
        uqc: row.uqc,
        qty: row.qty,
        rt: basisPointsToPortalRate(row.rateBasisPoints),
        txval: amount(row.taxable),
        iamt: amount(row.igst),
        camt: amount(row.cgst),
        samt: amount(row.sgst),
        csamt: amount(row.cess),
      };
    });
}

export function buildGstr1(input: Gstr1Input): Gstr1Result {
  const supplier = validateGstin(input.gstin);
  if (!supplier.valid) throw new RangeError(`Supplier GSTIN: ${supplier.error}`);
  const period = returnPeriod(input.period);
  const supplierGstin = supplier.gstin;

  const selected = salesOfPeriod(input.invoices, supplierGstin, period.fp, supplier.stateCode);
  const sales = selected.sales.sort(byDateThenNumber);
  const problems: ReturnProblem[] = [...selected.problems];

  const warnings: string[] = [];
  const b2bByCtin = new Map<string, Gstr1B2bInvoice[]>();
  const b2clByPos = new Map<string, Gstr1B2clInvoice[]>();
  const b2csRows = new Map<string, { sply_ty: "INTRA" | "INTER"; pos: string; rateBasisPoints: number; heads: Heads }>();
  const expByType = new Map<"WPAY" | "WOPAY", Gstr1ExpInvoice[]>();
  /** Table 8 per supply type: nil-rated, exempt and non-GST values (issue 9: the line's taxability). */
  const nil = new Map<NilSupplyType, { nil: Paise; expt: Paise; ngsup: Paise }>();
  const hsnB2b: SaleLine[] = [];
  const hsnB2c: SaleLine[] = [];
  const counts = { b2b: 0, b2cl: 0, b2cs: 0, exp: 0, nil: 0 };
  const all = zeroHeads();
  let totalInvoiceValue = 0;

  for (const sale of sales) {
    warnings.push(...saleWarnings(sale, supplierGstin));
    problems.push(...saleProblems(sale, supplierGstin));
    for (const line of sale.lines) addLine(all, line);
    totalInvoiceValue += sale.total;
    const registered = sale.category === "b2b";
    (registered ? hsnB2b : hsnB2c).push(...sale.lines);

    const nilLines = sale.zeroRated ? [] : sale.lines.filter((line) => line.rateBasisPoints === 0);
    if (nilLines.length > 0) {
      const type: NilSupplyType = `${sale.interState ? "INTR" : "INTRA"}${registered ? "B2B" : "B2C"}`;
      const row = nil.get(type) ?? { nil: 0, expt: 0, ngsup: 0 };
      for (const line of nilLines) {
        const column = line.taxability === "exempt" ? "expt" : line.taxability === "nonGst" ? "ngsup" : "nil";
        row[column] += line.taxable;
      }
      nil.set(type, row);
      counts.nil += 1;
    }

    const rows = rateRows(sale);
    if (rows.length === 0) continue;
    const idt = toPortalDate(sale.date);
    const val = amount(sale.total);
    switch (sale.category) {
      case "b2b":
        counts.b2b += 1;
        groupInto(b2bByCtin, sale.customerGstin!, {
          inum: sale.number,
          idt,
          val,
          pos: sale.placeOfSupply,
          rchrg: sale.reverseCharge ? "Y" : "N",
          // Issue 9: under LUT is SEWOP; older invoices (no flag) are SEWOP when they carry no IGST.
          inv_typ: sale.isSez ? (!sale.underLut && rows.some((row) => row.heads.igst > 0) ? "SEWP" : "SEWOP") : "R",
          itms: rows.map((row, i) => ({ num: i + 1, itm_det: itemDetail(row.rateBasisPoints, row.heads) })),
        });
        break;
      case "b2cl":
        counts.b2cl += 1;
        groupInto(b2clByPos, sale.placeOfSupply, {
          inum: sale.number,
          idt,
          val,
          itms: rows.map((row, i) => ({
            num: i + 1,
            itm_det: {
              rt: basisPointsToPortalRate(row.rateBasisPoints),
              txval: amount(row.heads.taxable),
              iamt: amount(row.heads.igst),
              csamt: amount(row.heads.cess),
            },
          })),
        });
        break;
      case "b2cs":
        counts.b2cs += 1;
        for (const row of rows) {
          const sply_ty = sale.interState ? "INTER" : "INTRA";
          const key = `${sale.placeOfSupply}|${row.rateBasisPoints}|${sply_ty}`;
          const existing = b2csRows.get(key) ?? { sply_ty, pos: sale.placeOfSupply, rateBasisPoints: row.rateBasisPoints, heads: zeroHeads() };
          addLine(existing.heads, row.heads);
          b2csRows.set(key, existing);
        }
        break;
      case "exp": {
        counts.exp += 1;
        const igst = rows.reduce((sum, row) => sum + row.heads.igst, 0);
        groupInto(expByType, !sale.underLut && igst > 0 ? "WPAY" : "WOPAY", {
          inum: sale.number,
          idt,
          val,
          ...shippingBill(sale),
          itms: rows.map((row) => ({
            txval: amount(row.heads.taxable),
            rt: basisPointsToPortalRate(row.rateBasisPoints),
            iamt: amount(row.heads.igst),
            csamt: amount(row.heads.cess),
          })),
        });
        break;
      }
    }
  }

  // Table 9B: notes follow the category of their original invoice (s.34; GST.md §3).
  const notes = notesOfPeriod(input.notes ?? [], input.invoices, supplierGstin, period.fp, supplier.stateCode);
  const cdnrByCtin = new Map<string, Gstr1CdnrNote[]>();
  const cdnur: Gstr1Cdnur[] = [];
  for (const note of notes) {
    const original = note.original;
    const registered = original.category === "b2b";
    const signed = note.lines.map((line) => signedLine(line, note.sign));
    for (const line of signed) addLine(all, line);
    totalInvoiceValue += note.sign * note.total;
    (registered ? hsnB2b : hsnB2c).push(...signed);
    const rows = rateRows({ lines: note.lines, zeroRated: original.zeroRated });
    if (rows.length === 0) continue;
    const ntty = note.kind === "credit" ? "C" : "D";
    const common = { ntty, nt_num: note.number, nt_dt: toPortalDate(note.date), val: amount(note.total) } as const;
    const shortItems = rows.map((row, i) => ({
      num: i + 1,
      itm_det: {
        rt: basisPointsToPortalRate(row.rateBasisPoints),
        txval: amount(row.heads.taxable),
        iamt: amount(row.heads.igst),
        csamt: amount(row.heads.cess),
      },
    }));
    switch (original.category) {
      case "b2b":
        groupInto(cdnrByCtin, original.customerGstin!, {
          ...common,
          pos: original.placeOfSupply,
          rchrg: original.reverseCharge ? "Y" : "N",
          inv_typ: original.isSez ? (rows.some((row) => row.heads.igst > 0) ? "SEWP" : "SEWOP") : "R",
          itms: rows.map((row, i) => ({ num: i + 1, itm_det: itemDetail(row.rateBasisPoints, row.heads) })),
        });
        break;
      case "b2cl":
        cdnur.push({ typ: "B2CL", ...common, pos: original.placeOfSupply, itms: shortItems });
        break;
      case "exp":
        cdnur.push({ typ: rows.some((row) => row.heads.igst > 0) ? "EXPWP" : "EXPWOP", ...common, itms: shortItems });
        break;
      case "b2cs":
        // No note section for B2C Small: the note nets the b2cs row of its own period.
        for (const row of rows) {
          const sply_ty = original.interState ? "INTER" : "INTRA";
          const key = `${original.placeOfSupply}|${row.rateBasisPoints}|${sply_ty}`;
          const existing = b2csRows.get(key) ?? { sply_ty, pos: original.placeOfSupply, rateBasisPoints: row.rateBasisPoints, heads: zeroHeads() };
          addLine(existing.heads, signedHeads(row.heads, note.sign));
          b2csRows.set(key, existing);
        }
        break;
    }
  }

  const json: {
    -readonly [K in keyof Gstr1Json]: Gstr1Json[K];
  } = { gstin: supplierGstin, fp: period.fp };

  if (b2bByCtin.size > 0) {
    json.b2b = [...b2bByCtin.entries()].sort((a, b) => compareStrings(a[0], b[0])).map(([ctin, inv]) => ({ ctin, inv }));
  }
  if (b2clByPos.size > 0) {
    json.b2cl = [...b2clByPos.entries()].sort((a, b) => compareStrings(a[0], b[0])).map(([pos, inv]) => ({ pos, inv }));
  }
  if (b2csRows.size > 0) {
    json.b2cs = [...b2csRows.values()]
      .sort((a, b) => compareStrings(a.pos, b.pos) || a.rateBasisPoints - b.rateBasisPoints || compareStrings(a.sply_ty, b.sply_ty))
      .map((row) => ({
        sply_ty: row.sply_ty,
        rt: basisPointsToPortalRate(row.rateBasisPoints),
        typ: "OE",
        pos: row.pos,
        txval: amount(row.heads.taxable),
        iamt: amount(row.heads.igst),
        camt: amount(row.heads.cgst),
        samt: amount(row.heads.sgst),
        csamt: amount(row.heads.cess),
      }));
  }
  if (expByType.size > 0) {
    json.exp = (["WPAY", "WOPAY"] as const).filter((t) => expByType.has(t)).map((exp_typ) => ({ exp_typ, inv: expByType.get(exp_typ)! }));
  }
  if (nil.size > 0) {
    json.nil = {
      inv: (["INTRB2B", "INTRAB2B", "INTRB2C", "INTRAB2C"] as const)
        .filter((t) => nil.has(t))
        .map((sply_ty) => ({ sply_ty, nil_amt: amount(nil.get(sply_ty)!.nil), expt_amt: amount(nil.get(sply_ty)!.expt), ngsup_amt: amount(nil.get(sply_ty)!.ngsup) })),
    };
  }
  if (cdnrByCtin.size > 0) {
    json.cdnr = [...cdnrByCtin.entries()].sort((a, b) => compareStrings(a[0], b[0])).map(([ctin, nt]) => ({ ctin, nt }));
  }
  if (cdnur.length > 0) json.cdnur = cdnur;
  // Table 11A/11B (s.13(2)): tax on advances counts in the totals, adjustments subtract.
  const advances = advancesOfPeriod(input.advances ?? [], input.invoices, period.fp, supplier.stateCode);
  if (advances.at.length > 0) json.at = advances.at;
  if (advances.txpd.length > 0) json.txpd = advances.txpd;
  addLine(all, advances.received);
  addLine(all, signedHeads(advances.adjusted, -1));
  if (sales.length > 0 || notes.length > 0) {
    const bifurcated = period.year * 100 + period.month >= HSN_BIFURCATION_FROM_PERIOD.year * 100 + HSN_BIFURCATION_FROM_PERIOD.month;
    if (bifurcated) {
      const hsn: { hsn_b2b?: Gstr1HsnRow[]; hsn_b2c?: Gstr1HsnRow[] } = {};
      if (hsnB2b.length > 0) hsn.hsn_b2b = hsnRows(hsnB2b);
      if (hsnB2c.length > 0) hsn.hsn_b2c = hsnRows(hsnB2c);
      json.hsn = hsn;
    } else {
      json.hsn = { data: hsnRows([...hsnB2b, ...hsnB2c]) };
    }
  }
  const docIssue = documentIssue({
    period: period.fp,
    invoiceNumbers: sales.map((sale) => sale.number),
    // Issue 9: a cancelled invoice's number was issued and is cancelled, like a void.
    cancelledInvoiceNumbers: cancelledNumbersOfPeriod(input.invoices, supplierGstin, period.fp),
    notes,
    voided: input.voidedNumbers ?? [],
    challans: challansOfPeriod(input.challans ?? [], supplierGstin, period.fp),
  });
  if (docIssue) json.doc_issue = docIssue;

  return {
    json,
    totals: {
      totalTaxableValue: all.taxable,
      totalTax: taxOf(all),
      totalInvoiceValue,
      igst: all.igst,
      cgst: all.cgst,
      sgst: all.sgst,
      cess: all.cess,
      invoiceCount: sales.length,
    },
    counts,
    warnings,
    problems,
  };
}
