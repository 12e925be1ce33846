export interface RecentInvoice {
  id: string;
  invoiceNumber: string;
  customer: { name: string };
  total: string;
  status: string;
  issueDate: string;
}

/** SPEC §3 "Dashboard statistics response". Figures are numbers in rupees. */
export interface DashboardStats {
  totalSales: number;
  outstanding: number;
  totalExpenses: number;
  profitMargin: number;
  recentInvoices: RecentInvoice[];
}
