import { Link } from "wouter";
import { canOpenScreen, useAccess } from "../../auth/access.tsx";
import { PRODUCT_NAME } from "../brand.tsx";

const QUICK_LINKS = [
  { label: "Dashboard", href: "/dashboard" },
  { label: "Create Invoice", href: "/invoices?new=1" },
  { label: "Customers", href: "/customers" },
  { label: "Reports", href: "/reports" },
];

const FEATURES = ["GST-compliant invoicing", "Inventory tracking", "Expense management", "GST returns and e-way bills"];

export function AppFooter() {
  // Issue 11: only the screens the role opens, and no "Create Invoice" for an auditor.
  const access = useAccess();
  const links = QUICK_LINKS.filter((link) => access && canOpenScreen(access, link.href.split("?")[0] ?? link.href) && (access.canWrite || !link.href.includes("new=1")));
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-8 px-6 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-base font-semibold">{PRODUCT_NAME}</p>
          <p className="mt-2 text-sm text-muted-foreground">Smart invoicing and accounting for Indian small businesses, GST included.</p>
        </div>
        <nav aria-label="Quick links">
          <p className="text-sm font-semibold">Quick Links</p>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            {links.map((link) => (
              <li key={link.label}>
                <Link href={link.href} className="hover:text-foreground">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="text-sm font-semibold">Features</p>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
        <div>
          <p className="text-sm font-semibold">Support</p>
          <p className="mt-3 text-sm text-muted-foreground">Questions about GST, billing or your account?</p>
          <Link href="/contact" className="mt-2 inline-block text-sm font-medium text-primary hover:underline">
            Contact our support team
          </Link>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-6 py-4 text-xs text-muted-foreground sm:flex-row">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </p>
          <nav aria-label="Legal" className="flex gap-5">
            <Link href="/privacy" className="hover:text-foreground">
              Privacy Policy
            </Link>
            <Link href="/terms" className="hover:text-foreground">
              Terms of Service
            </Link>
            <Link href="/contact" className="hover:text-foreground">
              Contact
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
