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
      return { current: make(year, startMonth, 3, `${MONTHS[startMonth - 1]}–${MONTHS[startMonth + 1]} ${year}`), previous: make(py, pm, 3, `${MONTHS[pm - 1]}–${MONTHS[pm + 1]} ${py}`) };
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


/** Every figure of the Reports screen for one period, computed from the read models' documents. */
export function buildReport(period: ReportPeriod, now: Date, data: { invoices: Invoice[]; expenses: Expense[]; customers: Customer[] }): Report {
  const { current, previous } = reportRanges(period, now);
  const invoices = data.invoices.filter((i) => within(i.issueDate, current));
  const expenses = data.expenses.filter((e) => within(e.date, current));
  const income = invoices.reduce((sum, i) => sum + toPaise(i.total), 0);
  const spent = expenses.reduce((sum, e) => sum + toPaise(e.amount), 0);
  const previousIncome = data.invoices.filter((i) => within(i.issueDate, previous)).reduce((sum, i) => sum + toPaise(i.total), 0);
  const paid = data.invoices.filter((i) => i.paidAt && within(i.paidAt, current));
  const paymentDays = paid.map((i) => (Date.parse(indianDateOf(i.paidAt!)) - Date.parse(indianDateOf(i.issueDate))) / 86_400_000);

  const months = new Map<string, { revenue: number; expenses: number }>();
  for (let day = current.from; day <= current.to; ) {
    months.set(day.slice(0, 7), { revenue: 0, expenses: 0 });
    const [y, m] = day.split("-").map(Number) as [number, number];
    const [ny, nm] = shift(y, m, 1);
    day = `${ny}-${pad(nm)}-01`;
  }
  for (const i of invoices) months.get(indianDateOf(i.issueDate).slice(0, 7))!.revenue += toPaise(i.total);
  for (const e of expenses) months.get(indianDateOf(e.date).slice(0, 7))!.expenses += toPaise(e.amount);

  const outputTax = invoices.reduce((sum, i) => sum + toPaise(i.gstAmount), 0);
  const inputTax = expenses.filter((e) => e.eligibleForItc).reduce((sum, e) => sum + toPaise(e.gstAmount), 0);
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
    gst: { outputTax: rupees(outputTax), inputTax: rupees(inputTax), netPayable: rupees(Math.max(0, outputTax - inputTax)) },
    invoiceCount: invoices.length,
    expenseCount: expenses.length,
  };
}
