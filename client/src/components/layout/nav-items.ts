import { ChartColumn, FileText, LayoutDashboard, Package, Receipt, ShieldCheck, Truck, Users, type LucideIcon } from "lucide-react";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** SPEC §2 "Shared layout of authenticated screens": the eight sidebar entries, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: LayoutDashboard },
  { label: "Invoices", href: "/invoices", icon: FileText },
  { label: "Inventory", href: "/inventory", icon: Package },
  { label: "Customers", href: "/customers", icon: Users },
  { label: "Vendors", href: "/vendors", icon: Truck },
  { label: "Expenses", href: "/expenses", icon: Receipt },
  { label: "Reports", href: "/reports", icon: ChartColumn },
  { label: "GST Compliance", href: "/gst-compliance", icon: ShieldCheck },
];

/** SPEC §2 counts "/" as Dashboard too, but here "/" is the landing page, which has no sidebar. */
export function isActive(item: NavItem, location: string): boolean {
  return location === item.href;
}
