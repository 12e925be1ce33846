/**
 * GSTR-1 Table 13 (`doc_issue`): the documents issued in the period, one range per numbering
 * series, with the numbers cancelled or voided in it.
 */
import type { ChallanDocumentNumber } from "./challans.ts";
import { compareDocumentNumbers } from "./portal.ts";

export interface VoidedDocumentNumber {
  readonly number: string;
  /** The document's date, "YYYY-MM-DD": the period the void is reported in. */
  readonly date: string;
  /** The numbering series (issue 9): "invoice" (default), "credit-note" or "debit-note" — Table 13 natures 1, 5, 4. */
  readonly series?: string;
}

export interface Gstr1DocRange {
  readonly num: number;
  readonly from: string;
  readonly to: string;
  readonly totnum: number;
  readonly cancel: number;
  readonly net_issue: number;
}

export interface Gstr1DocIssue {
  readonly doc_det: ReadonlyArray<{ readonly doc_num: number; readonly docs: readonly Gstr1DocRange[] }>;
}

/** Series of document numbers: the number with its last run of digits taken out ("INV/25-26/#"). */
function seriesOf(number: string): { key: string; serial: bigint | null } {
  const match = /^(.*?)(\d+)(\D*)$/.exec(number);
  if (!match) return { key: number, serial: null };
  return { key: `${match[1]}#${match[3]}`, serial: BigInt(match[2]!) };
}

/**
 * Table 13, nature 1 (invoices for outward supply): one range per numbering series. A series is
 * the invoice number with its last run of digits removed, so "INV/25-26/0001…0042" is one
 * series and "EXP/25-26/0001" another. `from`/`to` are the lowest and highest numbers issued
 * in the period, `totnum` the count of numbers issued, `cancel` those voided (a number the
 * series issued to a creation that failed, issue 9) and `net_issue` = `totnum` - `cancel`.
 * Numbers missing inside a range (random proposals) are not counted.
 */
export function documentRanges(numbers: readonly string[], voided: readonly string[] = []): Gstr1DocRange[] {
  const series = new Map<string, Array<{ number: string; serial: bigint | null; voided: boolean }>>();
  for (const [list, isVoid] of [
    [numbers, false],
    [voided, true],
  ] as const) {
    for (const number of list) {
      const { key, serial } = seriesOf(number);
      const members = series.get(key) ?? [];
      members.push({ number, serial, voided: isVoid });
      series.set(key, members);
    }
  }
  const ranges = [...series.values()].map((members) => {
    members.sort((a, b) => (a.serial !== null && b.serial !== null && a.serial !== b.serial ? (a.serial < b.serial ? -1 : 1) : compareDocumentNumbers(a.number, b.number)));
    const cancel = members.filter((m) => m.voided).length;
    return { from: members[0]!.number, to: members[members.length - 1]!.number, count: members.length, cancel };
  });
  ranges.sort((a, b) => compareDocumentNumbers(a.from, b.from));
  return ranges.map((r, i) => ({ num: i + 1, from: r.from, to: r.to, totnum: r.count, cancel: r.cancel, net_issue: r.count - r.cancel }));
}

/** The period (MMYYYY) Table 13 reports a voided number in: its document's date's (YYYY-MM-DD). */
export const voidPeriodOf = (date: string): string => `${date.slice(5, 7)}${date.slice(0, 4)}`;

/**
 * Table 13 of one period: invoices (nature 1; voided and cancelled numbers count as cancelled,
 * and a period whose every number was voided is still listed), then, per IC's DOCUMENT_NATURE,
 * debit notes (4) and credit notes (5) with their own voids, then delivery challans (9-12).
 * Undefined when nothing was issued.
 */
export function documentIssue(input: {
  period: string;
  invoiceNumbers: readonly string[];
  cancelledInvoiceNumbers: readonly string[];
  notes: ReadonlyArray<{ readonly kind: "credit" | "debit"; readonly number: string }>;
  voided: readonly VoidedDocumentNumber[];
  /** Issue 9: the period's delivery challans with their nature (9-12, returns/challans.ts). */
  challans?: readonly ChallanDocumentNumber[];
}): Gstr1DocIssue | undefined {
  const voidedOfPeriod = (series: string) => input.voided.filter((v) => (v.series ?? "invoice") === series && voidPeriodOf(v.date) === input.period).map((v) => v.number);
  const docDet: Array<{ doc_num: number; docs: Gstr1DocRange[] }> = [];
  // Issue 9: bills of supply are outward-supply documents too (nature 1), in their own BOS range.
  const cancelledInvoices = [...voidedOfPeriod("invoice"), ...voidedOfPeriod("bill-of-supply"), ...input.cancelledInvoiceNumbers];
  if (input.invoiceNumbers.length > 0 || cancelledInvoices.length > 0) {
    docDet.push({ doc_num: 1, docs: documentRanges(input.invoiceNumbers, cancelledInvoices) });
  }
  for (const [docNum, kind] of [
    [4, "debit"],
    [5, "credit"],
  ] as const) {
    const numbers = input.notes.filter((n) => n.kind === kind).map((n) => n.number);
    const voided = voidedOfPeriod(`${kind}-note`);
    if (numbers.length > 0 || voided.length > 0) docDet.push({ doc_num: docNum, docs: documentRanges(numbers, voided) });
  }
  // Issue 9: delivery challans, one nature per purpose; a cancelled challan's number counts as cancelled.
  for (const docNum of [9, 10, 11, 12] as const) {
    const ofNature = (input.challans ?? []).filter((c) => c.nature === docNum);
    if (ofNature.length > 0)
      docDet.push({
        doc_num: docNum,
        docs: documentRanges(
          ofNature.filter((c) => !c.cancelled).map((c) => c.number),
          ofNature.filter((c) => c.cancelled).map((c) => c.number),
        ),
      });
  }
  return docDet.length > 0 ? { doc_det: docDet } : undefined;
}
