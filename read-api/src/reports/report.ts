import { indianDateOf, type Report, type ReportPeriod } from "@bahi/shared/contract";
import { collections } from "@bahi/shared/read-models";
import type { ReadStore, TallyBucket } from "@bahi/shared/server";

interface Range {
  /** Inclusive Indian dates, "YYYY-MM-DD". */
  from: string;
  to: string;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function monthRange(year: number, month: number, months: number): { from: string; to: string } {
  const endIndex = year * 12 + (month - 1) + months - 1;
  const endYear = Math.floor(endIndex / 12);
  const endMonth = (endIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${endYear}-${pad(endMonth)}-${pad(lastDay)}` };
}

function shift(year: number, month: number, by: number): [number, number] {
  const index = year * 12 + (month - 1) + by;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/**
 * The period and the one before it of the same length, in Indian calendar dates. Quarters are
 * calendar quarters (which are also the financial year's); the year is the financial year,
 * April to March, as Indian businesses keep their books.
 */
export function reportRanges(period: ReportPeriod, now: Date): { current: Range; previous: Range } {
  const [year, month] = indianDateOf(now).split("-").map(Number) as [number, number];
  const make = (y: number, m: number, months: number, label: string): Range => ({ ...monthRange(y, m, months), label });
  switch (period) {
    case "this-month": {
      const [py, pm] = shift(year, month, -1);
      return { current: make(year, month, 1, `${MONTHS[month - 1]} ${year}`), previous: make(py, pm, 1, `${MONTHS[pm - 1]} ${py}`) };
    }
    case "last-month": {
      const [ly, lm] = shift(year, month, -1);
      const [py, pm] = shift(year, month, -2);
      return { current: make(ly, lm, 1, `${MONTHS[lm - 1]} ${ly}`), previous: make(py, pm, 1, `${MONTHS[pm - 1]} ${py}`) };
    }
    case "this-quarter": {
      const startMonth = Math.floor((month - 1) / 3) * 3 + 1;
      const [py, pm] = shift(year, startMonth, -3);
      return {
        current: make(year, startMonth, 3, `${MONTHS[startMonth - 1]}–${MONTHS[startMonth + 1]} ${year}`),
        previous: make(py, pm, 3, `${MONTHS[pm - 1]}–${MONTHS[pm + 1]} ${py}`),
      };
    }
    case "this-year": {
      const start = month >= 4 ? year : year - 1;
      return { current: make(start, 4, 12, `FY ${start}-${pad((start + 1) % 100)}`), previous: make(start - 1, 4, 12, `FY ${start - 1}-${pad(start % 100)}`) };
    }
  }
}

const rupees = (paise: number) => paise / 100;
/** Percent with one decimal, from integers: round(1000 × part / whole) / 10. */
const percent = (part: number, whole: number) => Math.round((1000 * part) / whole) / 10;

/** One month's GST as its GSTR-3B computes it (paise): all liability, net ITC 4(C), tax paid in cash. */
export interface MonthlyGst {
  outputTax: number;
  inputTax: number;
  netPayable: number;
}

/** The Indian months ("2026-06") from one inclusive date to another. */
export function monthsOf(range: { from: string; to: string }): string[] {
  const months: string[] = [];
  for (let day = range.from; day <= range.to;) {
    months.push(day.slice(0, 7));
    const [y, m] = day.split("-").map(Number) as [number, number];
    const [ny, nm] = shift(y, m, 1);
    day = `${ny}-${pad(nm)}-01`;
  }
  return months;
}

/**
 * Every figure of the Reports screen for one period, read off the per-business, per-month
 * tallies the read models keep (issue 12): its cost depends on the months asked, not on the
 * history. Income is the taxable value of the sales (the tax collected is the government's, not
 * income). `gstOfMonth` (MMYYYY → the month's GSTR-3B figures) makes the GST lines the returns'
 * own; a business without a GSTIN files none, and its lines are the plain sums of the tax on its
 * documents (the eligible tax on its purchases, a supplier's credit note taking its tax back).
 */
export async function buildReport(
  readStore: Pick<ReadStore, "tally">,
  userId: string,
  period: ReportPeriod,
  now: Date,
  gstOfMonth?: (period: string) => MonthlyGst | Promise<MonthlyGst>,
): Promise<Report> {
  const { current, previous } = reportRanges(period, now);
  const [sales, payments, purchases, customers] = await Promise.all([
    readStore.tally(collections.invoices, userId, "byIssueMonth"),
    readStore.tally(collections.invoices, userId, "byPaidMonth"),
    readStore.tally(collections.expenses, userId, "byMonth"),
    readStore.tally(collections.customers, userId, "byCreatedMonth"),
  ]);
  const months = monthsOf(current);
  const over = (tally: Record<string, TallyBucket>, monthList: readonly string[], sum: string | null) =>
    monthList.reduce((total, month) => total + (sum === null ? (tally[month]?.count ?? 0) : (tally[month]?.sums[sum] ?? 0)), 0);
  const income = over(sales, months, "taxable");
  const spent = over(purchases, months, "amount");
  const previousIncome = over(sales, monthsOf(previous), "taxable");
  const paidCount = over(payments, months, null);
  const paymentDays = over(payments, months, "paymentDays");

  let gst: MonthlyGst;
  if (gstOfMonth) {
    gst = { outputTax: 0, inputTax: 0, netPayable: 0 };
    for (const month of months) {
      const m = await gstOfMonth(`${month.slice(5, 7)}${month.slice(0, 4)}`);
      gst = { outputTax: gst.outputTax + m.outputTax, inputTax: gst.inputTax + m.inputTax, netPayable: gst.netPayable + m.netPayable };
    }
  } else {
    const outputTax = over(sales, months, "gst");
    const inputTax = over(purchases, months, "itcGst");
    gst = { outputTax, inputTax, netPayable: Math.max(0, outputTax - inputTax) };
  }
  return {
    period,
    label: current.label,
    from: current.from,
    to: current.to,
    totalIncome: rupees(income),
    totalExpenses: rupees(spent),
    netProfit: rupees(income - spent),
    profitMargin: income > 0 ? percent(income - spent, income) : 0,
    revenueGrowth: previousIncome > 0 ? percent(income - previousIncome, previousIncome) : null,
    newCustomers: over(customers, months, null),
    averagePaymentDays: paidCount > 0 ? Math.round((10 * paymentDays) / paidCount) / 10 : null,
    revenueVsExpenses: months.map((month) => ({ month, revenue: rupees(sales[month]?.sums.taxable ?? 0), expenses: rupees(purchases[month]?.sums.amount ?? 0) })),
    gst: { outputTax: rupees(gst.outputTax), inputTax: rupees(gst.inputTax), netPayable: rupees(gst.netPayable) },
    invoiceCount: over(sales, months, null),
    expenseCount: over(purchases, months, null),
  };
}
