import { toPaise } from "@bahi/shared/contract";
import type { Paise } from "@bahi/shared/contract";

/** A row of a return table: a label and its figures per column, in paise (null: the column does not apply). */
export interface PreviewRow {
  /** "3.1(a)" */
  ref: string;
  label: string;
  taxable: Paise | null;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
  /** A total or net line, shown stronger. */
  strong?: boolean;
}

export interface PreviewTable {
  ref: string;
  title: string;
  /** Whether the table has a taxable-value column. */
  hasTaxable: boolean;
  rows: PreviewRow[];
}

type Json = Record<string, unknown>;

const objectAt = (value: unknown): Json => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {});
const listAt = (value: unknown): Json[] => (Array.isArray(value) ? value.map(objectAt) : []);

/**
 * A portal JSON amount (rupees as a number, or a "0.00" string) in paise. The portal writes
 * amounts as decimal numbers; reading their decimal text avoids float arithmetic.
 */
export function jsonPaise(value: unknown): Paise {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text === "") return 0;
  const negative = text.startsWith("-");
  try {
    // String(0.1 + 0.2) style noise has more than two decimals: round it at the third.
    const [whole = "0", fraction = ""] = (negative ? text.slice(1) : text).split(".");
    const third = Number(fraction[2] ?? "0");
    const paise = toPaise(`${whole}.${fraction.slice(0, 2) || "0"}`) + (third >= 5 ? 1 : 0);
    return negative ? -paise : paise;
  } catch {
    return 0;
  }
}

function taxRow(ref: string, label: string, source: Json, withTaxable = true, strong = false): PreviewRow {
  return {
    ref,
    label,
    taxable: withTaxable ? jsonPaise(source.txval) : null,
    igst: jsonPaise(source.iamt),
    cgst: jsonPaise(source.camt),
    sgst: jsonPaise(source.samt),
    cess: jsonPaise(source.csamt),
    strong,
  };
}

const byType = (rows: Json[], type: string): Json => rows.find((row) => row.ty === type) ?? {};

/**
 * GSTR-3B's tables from its portal JSON (GST.md §4.1): 3.1 outward and reverse-charge inward
 * supplies, 4 eligible ITC, 5 exempt, nil and non-GST inward supplies, 5.1 interest and late fee.
 */
export function gstr3bTables(json: Json): PreviewTable[] {
  const supplies = objectAt(json.sup_details);
  const itc = objectAt(json.itc_elg);
  const available = listAt(itc.itc_avl);
  const reversed = listAt(itc.itc_rev);
  const ineligible = listAt(itc.itc_inelg);
  const inward = listAt(objectAt(json.inward_sup).isup_details);
  const fees = objectAt(json.intr_ltfee);
  const interest = objectAt(fees.intr_details);
  const lateFee = objectAt(fees.ltfee_details);
  const exemptRow = (ref: string, label: string, type: string): PreviewRow => {
    const row = byType(inward, type);
    return { ref, label, taxable: null, igst: jsonPaise(row.inter), cgst: jsonPaise(row.intra), sgst: 0, cess: 0 };
  };
  return [
    {
      ref: "3.1",
      title: "Outward supplies and inward supplies liable to reverse charge",
      hasTaxable: true,
      rows: [
        taxRow("3.1(a)", "Outward taxable supplies (other than zero-rated, nil-rated and exempted)", objectAt(supplies.osup_det)),
        taxRow("3.1(b)", "Outward taxable supplies (zero-rated)", objectAt(supplies.osup_zero)),
        taxRow("3.1(c)", "Other outward supplies (nil-rated, exempted)", objectAt(supplies.osup_nil_exmp)),
        taxRow("3.1(d)", "Inward supplies (liable to reverse charge)", objectAt(supplies.isup_rev)),
        taxRow("3.1(e)", "Non-GST outward supplies", objectAt(supplies.osup_nongst)),
      ],
    },
    {
      ref: "4",
      title: "Eligible ITC",
      hasTaxable: false,
      rows: [
        taxRow("4(A)(1)", "Import of goods", byType(available, "IMPG"), false),
        taxRow("4(A)(2)", "Import of services", byType(available, "IMPS"), false),
        taxRow("4(A)(3)", "Inward supplies liable to reverse charge", byType(available, "ISRC"), false),
        taxRow("4(A)(4)", "Inward supplies from ISD", byType(available, "ISD"), false),
        taxRow("4(A)(5)", "All other ITC", byType(available, "OTH"), false),
        taxRow("4(B)(1)", "ITC reversed: Rules 38, 42 & 43 and s.17(5)", byType(reversed, "RUL"), false),
        taxRow("4(B)(2)", "ITC reversed: others", byType(reversed, "OTH"), false),
        taxRow("4(C)", "Net ITC available (A) − (B)", objectAt(itc.itc_net), false, true),
        taxRow("4(D)(1)", "ITC reclaimed which was reversed under 4(B)(2) earlier", byType(ineligible, "RUL"), false),
        taxRow("4(D)(2)", "Ineligible ITC under s.16(4) and place-of-supply rules", byType(ineligible, "OTH"), false),
      ],
    },
    {
      ref: "5",
      title: "Exempt, nil-rated and non-GST inward supplies (inter-state / intra-state)",
      hasTaxable: false,
      rows: [exemptRow("5(a)", "Composition, exempt and nil-rated", "GST"), exemptRow("5(b)", "Non-GST supply", "NONGST")],
    },
    {
      ref: "5.1",
      title: "Interest and late fee",
      hasTaxable: false,
      rows: [taxRow("5.1(a)", "Interest (s.50)", interest, false), taxRow("5.1(b)", "Late fee (s.47)", lateFee, false)],
    },
  ];
}

/** The column headings of table 5, where IGST/CGST mean inter-state/intra-state supplies. */
export const TABLE_5_COLUMNS = { igst: "Inter-state", cgst: "Intra-state" } as const;
