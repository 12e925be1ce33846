/**
 * Closed periods (design §4): once a period's return is filed, a sale or purchase dated in it
 * cannot change that return. It is reported in the next period whose returns are open, but only
 * after the user confirms, having been told what moving it costs (interest s.50(1) on the tax,
 * from the original GSTR-3B due date to the due date of the GSTR-3B it is reported in).
 */
import { formatPaise } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { interestPaise, nextPeriod, periodLabel, periodOrdinal, returnDueDate, returnPeriodOf, type GstReturnType } from "@bahi/shared/returns";
import { DomainError, type EventStore } from "@bahi/shared/server";
import { gstReturnDecider } from "./gstReturn.ts";
import { readState } from "../handling/streamStates.ts";

export type RecordKind = "sale" | "purchase";

/** Paise per head. */
export interface TaxHeads {
  readonly igst: number;
  readonly cgst: number;
  readonly sgst: number;
}

export interface PeriodFiledEffect {
  readonly returnTypes: GstReturnType[];
  /** Money as "0.00" strings (the API edge). */
  readonly tax: string;
  readonly igst: string;
  readonly cgst: string;
  readonly sgst: string;
  readonly interest: string;
  /** The due date of the GSTR-3B the record is reported in: interest is counted up to it. */
  readonly interestUntil: string;
}

export class PeriodFiledError extends DomainError {
  constructor(
    message: string,
    readonly period: string,
    readonly reportIn: string,
    readonly effect: PeriodFiledEffect,
  ) {
    super("PERIOD_FILED", message, { period, reportIn, effect });
  }
}

/**
 * The returns whose filing closes a period for a kind of record: a sale is in GSTR-1 and
 * GSTR-3B, a purchase (its ITC, its reverse-charge tax) only in GSTR-3B.
 */
const CLOSING_RETURNS: Readonly<Record<RecordKind, readonly GstReturnType[]>> = {
  sale: ["GSTR1", "GSTR3B"],
  purchase: ["GSTR3B"],
};

const RETURN_NAME: Readonly<Record<GstReturnType, string>> = { GSTR1: "GSTR-1", GSTR3B: "GSTR-3B" };

/** A bound well past any real run of filed periods, so a corrupt history can never loop forever. */
const MAX_PERIODS_AHEAD = 240;

/** The return types of `kind` already filed for the period. */
export async function filedReturns(eventStore: EventStore, userId: string, period: string, kind: RecordKind): Promise<GstReturnType[]> {
  const filed: GstReturnType[] = [];
  for (const type of CLOSING_RETURNS[kind]) {
    const state = await readState(eventStore, streams.gstReturn(userId, type, period), gstReturnDecider);
    if (state.status === "filed") filed.push(type);
  }
  return filed;
}

/**
 * The MMYYYY period a sale or purchase dated `date` is reported in: its own period while that
 * period's returns are open; otherwise, when the user confirmed (`confirmed`), the next period
 * whose returns are open. Throws PeriodFiledError (409 PERIOD_FILED) when the period is filed
 * and the user has not confirmed, carrying what the move would cost.
 *
 * `tax` is the liability the record adds, in paise per head: a sale's output tax, a purchase's
 * reverse-charge tax. A purchase's ITC is no liability (pass zeros): claiming it later costs
 * no interest.
 */
export async function reportingPeriodFor(
  eventStore: EventStore,
  input: { userId: string; date: string; kind: RecordKind; confirmed: boolean; tax: TaxHeads; today: Date },
): Promise<string> {
  const period = returnPeriodOf(input.date);
  const closedBy = await filedReturns(eventStore, input.userId, period, input.kind);
  if (closedBy.length === 0) return period;

  let reportIn = nextPeriod(period).fp;
  for (let i = 0; i < MAX_PERIODS_AHEAD && (await filedReturns(eventStore, input.userId, reportIn, input.kind)).length > 0; i++) {
    reportIn = nextPeriod(reportIn).fp;
  }
  if (input.confirmed) return reportIn;

  const from = returnDueDate(period, "GSTR3B");
  const until = returnDueDate(reportIn, "GSTR3B");
  const heads = { igst: input.tax.igst, cgst: input.tax.cgst, sgst: input.tax.sgst };
  const interest = interestPaise(heads.igst, from, until) + interestPaise(heads.cgst, from, until) + interestPaise(heads.sgst, from, until);
  const tax = heads.igst + heads.cgst + heads.sgst;
  const what = input.kind === "sale" ? "sale" : "purchase";
  const filedNames = closedBy.map((t) => RETURN_NAME[t]).join(" and ");
  const cost = interest > 0 ? `; interest of ₹${formatPaise(interest)} (18% a year, s.50(1)) is due on its tax of ₹${formatPaise(tax)} until ${until}` : "";
  throw new PeriodFiledError(
    `${filedNames} for ${periodLabel(period)} is already filed. This ${what} can be reported in ${periodLabel(reportIn)} instead${cost}. Confirm to record it there.`,
    period,
    reportIn,
    {
      returnTypes: closedBy,
      tax: formatPaise(tax),
      igst: formatPaise(heads.igst),
      cgst: formatPaise(heads.cgst),
      sgst: formatPaise(heads.sgst),
      interest: formatPaise(interest),
      interestUntil: until,
    },
  );
}

/**
 * Which returns are filed for the periods from `from` up to and including `to`, by each
 * return's own stream (the command side's truth), as the lookup filingRefusal takes.
 */
export async function filedLookup(eventStore: EventStore, userId: string, from: string, to: string): Promise<(type: GstReturnType, period: string) => boolean> {
  const filed = new Set<string>();
  const reads: Promise<void>[] = [];
  for (let p = from; periodOrdinal(p) <= periodOrdinal(to); p = nextPeriod(p).fp) {
    for (const type of ["GSTR1", "GSTR3B"] as const) {
      const period = p;
      reads.push(
        readState(eventStore, streams.gstReturn(userId, type, period), gstReturnDecider).then((state) => {
          if (state.status === "filed") filed.add(`${type}:${period}`);
        }),
      );
    }
  }
  await Promise.all(reads);
  return (type, period) => filed.has(`${type}:${period}`);
}
