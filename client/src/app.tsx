import type { ComponentType } from "react";
import { Route, Switch } from "wouter";
import { canOpenScreen, useAccess, useMembershipWatch } from "./auth/access.tsx";
import { useAuth } from "./auth/auth-provider.tsx";
import { AppLayout } from "./components/layout/app-layout.tsx";
import { ReadOnlyBanner, RoleForbidden } from "./components/team/role-screens.tsx";
import { FullPageSpinner } from "./components/ui/spinner.tsx";
import { ContactPage } from "./pages/contact.tsx";
import { CustomersPage } from "./pages/customers.tsx";
import { DashboardPage } from "./pages/dashboard.tsx";
import { ExpensesPage } from "./pages/expenses.tsx";
import { GstCompliancePage } from "./pages/gst-compliance.tsx";
import { InventoryPage } from "./pages/inventory.tsx";
import { InvitePage } from "./pages/invite.tsx";
import { InvoicesPage } from "./pages/invoices.tsx";
import { LedgerPage } from "./pages/ledger.tsx";
import { LandingPage } from "./pages/landing.tsx";
import { LoginPage } from "./pages/login.tsx";
import { NotFoundPage } from "./pages/not-found.tsx";
import { PrivacyPage } from "./pages/privacy.tsx";
import { RegisterPage } from "./pages/register.tsx";
import { ReportsPage } from "./pages/reports.tsx";
import { SettingsPage } from "./pages/settings.tsx";
import { SetupPage } from "./pages/setup.tsx";
import { TermsPage } from "./pages/terms.tsx";
import { VendorsPage } from "./pages/vendors.tsx";

/**
 * Signed out, an application route shows the login screen in its place (SPEC §2, §6). Signed in,
 * the person's role in the current business (issue 11) decides whether the screen opens.
 */
function Authenticated({ page: Page, path }: { page: ComponentType; path: string }) {
  const { user, isLoading } = useAuth();
  const access = useAccess();
  useMembershipWatch();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <LoginPage stayOnPage />;
  if (!access) return <FullPageSpinner />;
  return (
    <AppLayout>
      <ReadOnlyBanner access={access} />
      {canOpenScreen(access, path) ? <Page /> : <RoleForbidden access={access} />}
    </AppLayout>
  );
}

const APP_ROUTES: ReadonlyArray<readonly [string, ComponentType]> = [
  ["/dashboard", DashboardPage],
  ["/invoices", InvoicesPage],
  ["/inventory", InventoryPage],
  ["/customers", CustomersPage],
  ["/vendors", VendorsPage],
  ["/expenses", ExpensesPage],
  ["/reports", ReportsPage],
  ["/gst-compliance", GstCompliancePage],
  // Issue 11: the business's events, hash-chained, for owners and auditors.
  ["/ledger", LedgerPage],
  // Reached from the sidebar's user block rather than its eight entries.
  ["/settings", SettingsPage],
  // Issue 9: the first-run setup, offered after registration and while the profile lacks what invoices print.
  ["/setup", SetupPage],
];

export function App() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/login">{() => <LoginPage />}</Route>
      <Route path="/invite/:token">{(params) => <InvitePage token={params.token} />}</Route>
      {APP_ROUTES.map(([path, page]) => (
        <Route key={path} path={path}>
          {() => <Authenticated page={page} path={path} />}
        </Route>
      ))}
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/terms" component={TermsPage} />
      <Route path="/contact" component={ContactPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
