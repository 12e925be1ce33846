import { indianDateOf, toPaise, type Customer, type Expense, type Invoice, type Report, type ReportPeriod } from "@bahi/shared/contract";

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

const within = (date: string, range: Range) => {
  const day = indianDateOf(date);
  return day >= range.from && day <= range.to;
};

const rupees = (paise: number) => paise / 100;
/** Percent with one decimal, from integers: round(1000 × part / whole) / 10. */
const percent = (part: number, whole: number) => Math.round((1000 * part) / whole) / 10;

/** One month's GST as its GSTR-3B computes it (paise): all liability, net ITC 4(C), tax paid in cash. */
export interface MonthlyGst {
  outputTax: number;
  inputTax: number;
  netPayable: number;
}

/**
 * Every figure of the Reports screen for one period, computed from the read models' documents.
 * Income is the taxable value of the sales (the tax collected is the government's, not income).
 * `gstOfMonth` (MMYYYY → the month's GSTR-3B figures) makes the GST lines the returns' own; a
 * business without a GSTIN files none, and its lines are the plain sums of the tax on its documents.
 */
export function buildReport(
  period: ReportPeriod,
  now: Date,
  data: { invoices: Invoice[]; expenses: Expense[]; customers: Customer[]; gstOfMonth?: (period: string) => MonthlyGst },
): Report {
  const { current, previous } = reportRanges(period, now);
  const invoices = data.invoices.filter((i) => within(i.issueDate, current));
  const expenses = data.expenses.filter((e) => within(e.date, current));
  const income = invoices.reduce((sum, i) => sum + toPaise(i.subtotal), 0);
  // A supplier's credit note takes its amount back (s.34); bills and debit notes add.
  const expensePaise = (e: Expense) => (e.documentType === "credit_note" ? -toPaise(e.amount) : toPaise(e.amount));
  const spent = expenses.reduce((sum, e) => sum + expensePaise(e), 0);
  const previousIncome = data.invoices.filter((i) => within(i.issueDate, previous)).reduce((sum, i) => sum + toPaise(i.subtotal), 0);
  const paid = data.invoices.filter((i) => i.paidAt && within(i.paidAt, current));
  const paymentDays = paid.map((i) => (Date.parse(indianDateOf(i.paidAt!)) - Date.parse(indianDateOf(i.issueDate))) / 86_400_000);

  const months = new Map<string, { revenue: number; expenses: number }>();
  for (let day = current.from; day <= current.to;) {
    months.set(day.slice(0, 7), { revenue: 0, expenses: 0 });
    const [y, m] = day.split("-").map(Number) as [number, number];
    const [ny, nm] = shift(y, m, 1);
    day = `${ny}-${pad(nm)}-01`;
  }
  for (const i of invoices) months.get(indianDateOf(i.issueDate).slice(0, 7))!.revenue += toPaise(i.subtotal);
  for (const e of expenses) months.get(indianDateOf(e.date).slice(0, 7))!.expenses += expensePaise(e);

  const gst = data.gstOfMonth
    ? [...months.keys()]
        .map((month) => data.gstOfMonth!(`${month.slice(5, 7)}${month.slice(0, 4)}`))
        .reduce((sum, m) => ({ outputTax: sum.outputTax + m.outputTax, inputTax: sum.inputTax + m.inputTax, netPayable: sum.netPayable + m.netPayable }), {
          outputTax: 0,
          inputTax: 0,
          netPayable: 0,
        })
    : plainGst(invoices, expenses);
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
    newCustomers: data.customers.filter((c) => within(c.createdAt, current)).length,
    averagePaymentDays: paymentDays.length > 0 ? Math.round((10 * paymentDays.reduce((a, b) => a + b, 0)) / paymentDays.length) / 10 : null,
    revenueVsExpenses: [...months].map(([month, v]) => ({ month, revenue: rupees(v.revenue), expenses: rupees(v.expenses) })),
    gst: { outputTax: rupees(gst.outputTax), inputTax: rupees(gst.inputTax), netPayable: rupees(gst.netPayable) },
    invoiceCount: invoices.length,
    expenseCount: expenses.length,
  };
}

/** Without a GSTIN: the tax on the sales, the eligible tax on the purchases, and the difference. */
function plainGst(invoices: Invoice[], expenses: Expense[]): MonthlyGst {
  const outputTax = invoices.reduce((sum, i) => sum + toPaise(i.gstAmount), 0);
  const inputTax = expenses.filter((e) => e.eligibleForItc).reduce((sum, e) => sum + (e.documentType === "credit_note" ? -1 : 1) * toPaise(e.gstAmount), 0);
  return { outputTax, inputTax, netPayable: Math.max(0, outputTax - inputTax) };
}
