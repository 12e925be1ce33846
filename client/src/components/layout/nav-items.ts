import { ChartColumn, FileText, LayoutDashboard, Package, Receipt, ScrollText, ShieldCheck, Truck, Users, type LucideIcon } from "lucide-react";
import { canOpenScreen, type Access } from "../../auth/access.tsx";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** SPEC §2 "Shared layout of authenticated screens": the eight sidebar entries, in order, and issue 11's Ledger. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: LayoutDashboard },
  { label: "Invoices", href: "/invoices", icon: FileText },
  { label: "Inventory", href: "/inventory", icon: Package },
  { label: "Customers", href: "/customers", icon: Users },
  { label: "Vendors", href: "/vendors", icon: Truck },
  { label: "Expenses", href: "/expenses", icon: Receipt },
  { label: "Reports", href: "/reports", icon: ChartColumn },
  { label: "GST Compliance", href: "/gst-compliance", icon: ShieldCheck },
  // Issue 11: the audit trail (Companies (Accounts) Rules 2014, Rule 3(1)), hash-chained.
  { label: "Ledger", href: "/ledger", icon: ScrollText },
];

/** Issue 11: the entries the person's role opens (staff: no Dashboard, Reports, GST Compliance or Ledger). */
export function navItemsFor(access: Access): NavItem[] {
  return NAV_ITEMS.filter((item) => canOpenScreen(access, item.href));
}

/** SPEC §2 counts "/" as Dashboard too, but here "/" is the landing page, which has no sidebar. */
export function isActive(item: NavItem, location: string): boolean {
  return location === item.href;
}
