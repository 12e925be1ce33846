/**
 * GSTR-2B JSON as the GST portal gives it (GST.md §5.1, after India Compliance's parser
 * `utils/gstr_2/gstr_2b.py`): the parts purchase reconciliation reads, and nothing else a file
 * may carry. Unknown fields are dropped, so what is stored of an upload is what is used.
 *
 * Parts read: b2b, b2ba (amended invoices), cdnr, cdnra (credit/debit notes and their
 * amendments), isd (Input Service Distributor documents) and impg (bills of entry for imports).
 * `documentsOf2b` flattens them to one `PortalDoc` per document, figures in paise.
 */
import { z } from "zod";
import { dateProblem, isSafeText, UNSAFE_TEXT_MESSAGE } from "../contract/index.ts";
import type { IndianDate, Paise } from "../contract/index.ts";
import { fromPortalDate, portalAmountToPaise } from "./portal.ts";

/** The most one upload may hold: far above a small business's month, far below what would strain a worker. */
export const GSTR2B_MAX_SUPPLIERS = 2_000;
export const GSTR2B_MAX_INVOICES = 10_000;
/** Items in 2B are one per tax rate, so a handful per invoice. */
export const GSTR2B_MAX_ITEMS_PER_INVOICE = 100;
/** Amounts beyond ₹1 lakh crore are not an invoice of this product's users but a typing slip. */
const MAX_PORTAL_AMOUNT = 1e12;

function portalText(max: number, required?: string) {
  const base = required ? z.string({ error: required }).min(1, required) : z.string();
  return base.max(max, `Must be at most ${max} characters`).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

const portalNumber = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, "Expected a number")], { error: "Expected a number" })
  .refine((value) => Number.isFinite(Number(value)) && Math.abs(Number(value)) <= MAX_PORTAL_AMOUNT, "Amount out of range");
const optionalAmount = portalNumber.optional().nullable();

function portalDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .regex(/^\d{2}-\d{2}-\d{4}$/, { message: `${label} must be dd-mm-yyyy`, abort: true })
    .refine((dt) => dateProblem(`${dt.slice(6)}-${dt.slice(3, 5)}-${dt.slice(0, 2)}`, label) === null, `${label} must be a real date between 2000 and 2099`);
}

export const gstr2bItemSchema = z.object({
  txval: optionalAmount,
  igst: optionalAmount,
  cgst: optionalAmount,
  sgst: optionalAmount,
  cess: optionalAmount,
});

/** What invoices and notes share: totals (invoice level, as 2B writes them next to `items`), flags. */
const documentFields = {
  val: optionalAmount,
  pos: portalText(4).optional().nullable(),
  rev: portalText(4).optional().nullable(),
  itcavl: portalText(4).optional().nullable(),
  rsn: portalText(4).optional().nullable(),
  txval: optionalAmount,
  igst: optionalAmount,
  cgst: optionalAmount,
  sgst: optionalAmount,
  cess: optionalAmount,
  items: z.array(gstr2bItemSchema).max(GSTR2B_MAX_ITEMS_PER_INVOICE, `At most ${GSTR2B_MAX_ITEMS_PER_INVOICE} items per invoice`).optional().nullable(),
};

export const gstr2bInvoiceSchema = z.object({
  inum: portalText(100, "Invoice number (inum) is required"),
  dt: portalDate("Invoice date (dt)"),
  ...documentFields,
  /** b2ba: the invoice this one amends. */
  oinum: portalText(100).optional().nullable(),
  oidt: portalDate("Original invoice date (oidt)").optional().nullable(),
});

export const gstr2bNoteSchema = z.object({
  ntnum: portalText(100, "Note number (ntnum) is required"),
  typ: z.enum(["C", "D"], { error: "Note type (typ) must be C or D" }),
  dt: portalDate("Note date (dt)"),
  ...documentFields,
  /** cdnra: the note this one amends. */
  ontnum: portalText(100).optional().nullable(),
  ontdt: portalDate("Original note date (ontdt)").optional().nullable(),
});

export const gstr2bIsdDocSchema = z.object({
  doctyp: portalText(8).optional().nullable(),
  docnum: portalText(100, "ISD document number (docnum) is required"),
  docdt: portalDate("ISD document date (docdt)"),
  igst: optionalAmount,
  cgst: optionalAmount,
  sgst: optionalAmount,
  cess: optionalAmount,
  itcelg: portalText(4).optional().nullable(),
});

export const gstr2bBillOfEntrySchema = z.object({
  boenum: portalText(100, "Bill of entry number (boenum) is required"),
  boedt: portalDate("Bill of entry date (boedt)"),
  portcode: portalText(10).optional().nullable(),
  txval: optionalAmount,
  igst: optionalAmount,
  cess: optionalAmount,
});

const suppliers = <T extends z.ZodTypeAny>(schema: T) =>
  z.array(schema).max(GSTR2B_MAX_SUPPLIERS, `A GSTR-2B upload may list at most ${GSTR2B_MAX_SUPPLIERS} suppliers per section`).optional().default([]);

const b2bSupplier = z.object({
  ctin: portalText(20, "Supplier GSTIN (ctin) is required"),
  trdnm: portalText(200).optional().nullable(),
  inv: z.array(gstr2bInvoiceSchema).optional().default([]),
});
const cdnrSupplier = z.object({
  ctin: portalText(20, "Supplier GSTIN (ctin) is required"),
  trdnm: portalText(200).optional().nullable(),
  nt: z.array(gstr2bNoteSchema).optional().default([]),
});
const isdSupplier = z.object({
  ctin: portalText(20, "ISD GSTIN (ctin) is required"),
  trdnm: portalText(200).optional().nullable(),
  doclist: z.array(gstr2bIsdDocSchema).optional().default([]),
});

const docdataSchema = z.object({
  b2b: suppliers(b2bSupplier),
  b2ba: suppliers(b2bSupplier),
  cdnr: suppliers(cdnrSupplier),
  cdnra: suppliers(cdnrSupplier),
  isd: suppliers(isdSupplier),
  impg: z.array(gstr2bBillOfEntrySchema).max(GSTR2B_MAX_INVOICES, `At most ${GSTR2B_MAX_INVOICES} bills of entry`).optional().default([]),
});

const EMPTY_DOCDATA = { b2b: [], b2ba: [], cdnr: [], cdnra: [], isd: [], impg: [] };

const gstr2bData = z.object({
  gstin: portalText(20).optional(),
  rtnprd: portalText(6).optional(),
  docdata: docdataSchema.optional().default(EMPTY_DOCDATA),
});

export function countGstr2bInvoices(data: { docdata: z.output<typeof docdataSchema> }): number {
  const d = data.docdata;
  const sum = <T>(list: readonly T[], size: (item: T) => number) => list.reduce((total, item) => total + size(item), 0);
  return (
    sum(d.b2b, (s) => s.inv.length) +
    sum(d.b2ba, (s) => s.inv.length) +
    sum(d.cdnr, (s) => s.nt.length) +
    sum(d.cdnra, (s) => s.nt.length) +
    sum(d.isd, (s) => s.doclist.length) +
    d.impg.length
  );
}

const unwrap = (value: unknown) => (value !== null && typeof value === "object" && "data" in value ? (value as { data: unknown }).data : value);
const withinLimit = { message: `A GSTR-2B upload may hold at most ${GSTR2B_MAX_INVOICES} documents; upload the period in parts`, path: ["docdata"] };

/**
 * Reads a stored 2B back: `{ chksum?, data: { gstin, rtnprd, docdata } }`, the bare `data`
 * object, or this schema's own output (so a stored parse reads back unchanged). gstin and
 * rtnprd are optional here only because uploads made before they were required lack them.
 */
export const gstr2bSchema = z.preprocess(
  unwrap,
  gstr2bData.refine((data) => countGstr2bInvoices(data) <= GSTR2B_MAX_INVOICES, withinLimit),
);

/** An upload: as `gstr2bSchema`, and it must say whose 2B it is and for which period. */
export const gstr2bUploadSchema = z.preprocess(
  unwrap,
  gstr2bData
    .extend({
      gstin: portalText(20, "GSTIN (gstin) is required").transform((value) => value.trim().toUpperCase()),
      rtnprd: z.string({ error: "Return period (rtnprd) is required" }).regex(/^\d{6}$/, "Return period (rtnprd) must be MMYYYY"),
    })
    .refine((data) => countGstr2bInvoices(data) <= GSTR2B_MAX_INVOICES, withinLimit),
);

export type Gstr2bParsed = z.output<typeof gstr2bSchema>;

// ---------------------------------------------------------------------------------------
// One document per row

export type PortalKind = "b2b" | "b2ba" | "cdnr" | "cdnra" | "isd" | "impg";

/** A GSTR-2B document, figures in paise. */
export interface PortalDoc {
  /** Stable within one 2B: `${kind}:${ctin}:${type}:${number}:${date}` ("#2"… when repeated). */
  readonly key: string;
  readonly kind: PortalKind;
  /** Supplier GSTIN (ISD's GSTIN for isd; "" for imports). */
  readonly supplierGstin: string;
  readonly supplierName: string | null;
  readonly number: string;
  readonly date: IndianDate;
  /** cdnr/cdnra: "C" credit note, "D" debit note; null otherwise. */
  readonly noteType: "C" | "D" | null;
  readonly taxable: Paise;
  readonly igst: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly cess: Paise;
  /** itcavl / itcelg "N" → false; "Y", "T" or absent → true. */
  readonly itcAvailable: boolean;
  readonly reverseCharge: boolean;
  /** Place of supply, two-digit state code, when 2B gives it. */
  readonly pos: string | null;
  /** 2B `rsn`: "P" (POS and supplier state same, recipient's differs) or "C" (filed after the cut-off). */
  readonly reason: string | null;
  /** b2ba/cdnra: the number of the document amended. */
  readonly originalNumber: string | null;
}

type Amounts = { txval?: number | string | null; igst?: number | string | null; cgst?: number | string | null; sgst?: number | string | null; cess?: number | string | null };
type Head = "txval" | "igst" | "cgst" | "sgst" | "cess";

/** Invoice-level totals when 2B gives them (IC reads those), else the sum of the items. */
function figures(doc: Amounts & { items?: readonly Amounts[] | null }) {
  const items = doc.items ?? [];
  const invoiceLevel = doc.txval !== undefined && doc.txval !== null;
  const pick = (head: Head): Paise =>
    invoiceLevel || items.length === 0 ? portalAmountToPaise(doc[head] ?? 0) : items.reduce((sum, item) => sum + portalAmountToPaise(item[head] ?? 0), 0);
  return { taxable: pick("txval"), igst: pick("igst"), cgst: pick("cgst"), sgst: pick("sgst"), cess: pick("cess") };
}

const pad2State = (pos: string | null | undefined) => (pos && /^\d{1,2}$/.test(pos.trim()) ? pos.trim().padStart(2, "0") : null);

/** Every document of a parsed 2B, b2b invoices amended in the same file's b2ba left out. */
export function documentsOf2b(data: Gstr2bParsed): PortalDoc[] {
  const docs: Omit<PortalDoc, "key">[] = [];
  const d = data.docdata;
  const amended = new Set<string>();
  for (const s of d.b2ba) for (const inv of s.inv) if (inv.oinum) amended.add(`${s.ctin.trim().toUpperCase()}|${inv.oinum}`);
  for (const [kind, list] of [
    ["b2b", d.b2b],
    ["b2ba", d.b2ba],
  ] as const) {
    for (const s of list) {
      const ctin = s.ctin.trim().toUpperCase();
      for (const inv of s.inv) {
        if (kind === "b2b" && amended.has(`${ctin}|${inv.inum}`)) continue;
        docs.push({
          kind,
          supplierGstin: ctin,
          supplierName: s.trdnm ?? null,
          number: inv.inum,
          date: fromPortalDate(inv.dt),
          noteType: null,
          ...figures(inv),
          itcAvailable: inv.itcavl !== "N",
          reverseCharge: inv.rev === "Y",
          pos: pad2State(inv.pos),
          reason: inv.rsn ?? null,
          originalNumber: inv.oinum ?? null,
        });
      }
    }
  }
  const amendedNotes = new Set<string>();
  for (const s of d.cdnra) for (const nt of s.nt) if (nt.ontnum) amendedNotes.add(`${s.ctin.trim().toUpperCase()}|${nt.ontnum}`);
  for (const [kind, list] of [
    ["cdnr", d.cdnr],
    ["cdnra", d.cdnra],
  ] as const) {
    for (const s of list) {
      const ctin = s.ctin.trim().toUpperCase();
      for (const nt of s.nt) {
        if (kind === "cdnr" && amendedNotes.has(`${ctin}|${nt.ntnum}`)) continue;
        docs.push({
          kind,
          supplierGstin: ctin,
          supplierName: s.trdnm ?? null,
          number: nt.ntnum,
          date: fromPortalDate(nt.dt),
          noteType: nt.typ,
          ...figures(nt),
          itcAvailable: nt.itcavl !== "N",
          reverseCharge: nt.rev === "Y",
          pos: pad2State(nt.pos),
          reason: nt.rsn ?? null,
          originalNumber: nt.ontnum ?? null,
        });
      }
    }
  }
  for (const s of d.isd) {
    const ctin = s.ctin.trim().toUpperCase();
    for (const doc of s.doclist) {
      docs.push({
        kind: "isd",
        supplierGstin: ctin,
        supplierName: s.trdnm ?? null,
        number: doc.docnum,
        date: fromPortalDate(doc.docdt),
        noteType: null,
        ...figures({ ...doc, txval: 0 }),
        itcAvailable: doc.itcelg !== "N",
        reverseCharge: false,
        pos: null,
        reason: null,
        originalNumber: null,
      });
    }
  }
  for (const boe of d.impg) {
    docs.push({
      kind: "impg",
      supplierGstin: "",
      supplierName: boe.portcode ? `Bill of entry, port ${boe.portcode}` : "Bill of entry",
      number: boe.boenum,
      date: fromPortalDate(boe.boedt),
      noteType: null,
      ...figures({ ...boe, cgst: 0, sgst: 0 }),
      itcAvailable: true,
      reverseCharge: false,
      pos: null,
      reason: null,
      originalNumber: null,
    });
  }
  const seen = new Map<string, number>();
  return docs.map((doc) => {
    const base = `${doc.kind}:${doc.supplierGstin}:${doc.noteType ?? ""}:${doc.number}:${doc.date}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { ...doc, key: n === 1 ? base : `${base}#${n}` };
  });
}
