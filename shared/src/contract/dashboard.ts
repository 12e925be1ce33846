export interface RecentInvoice {
  id: string;
  invoiceNumber: string;
  customer: { name: string };
  total: string;
  status: string;
  issueDate: string;
}

export interface MonthlyFigure {
  /** "2026-06" (Indian calendar month). */
  month: string;
  /** Rupees, e.g. 125000.5. */
  amount: number;
}

/**
 * SPEC §3 "Dashboard statistics response", figures in rupees as numbers, plus what the
 * charts need: sales per month for the last 12 months (oldest first, months without sales
 * included as 0) and expenses by category for this month.
 */
export interface DashboardStats {
  totalSales: number;
  outstanding: number;
  totalExpenses: number;
  profitMargin: number;
  recentInvoices: RecentInvoice[];
  salesByMonth: MonthlyFigure[];
  expenseBreakdown: { category: string; amount: number }[];
}

export interface SearchResults {
  invoices: { id: string; invoiceNumber: string; customerName: string; total: string; status: string }[];
  customers: { id: string; name: string; gstNumber: string | null; email: string | null }[];
  products: { id: string; name: string; sku: string; stock: number }[];
}
