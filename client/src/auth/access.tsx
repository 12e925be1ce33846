import { ROLE_LABELS, type Me, type TeamRole } from "@bahi/shared/contract";
import { useEffect } from "react";
import { HttpError } from "../api/http.ts";
import { ME_KEY, useMe } from "../api/me.ts";
import { queryClient } from "../api/query-client.ts";
import { toast } from "../components/ui/use-toast.ts";
import { readOnlyAsOf, useAsOf } from "../components/as-of/as-of-control.tsx";
import { useAuth } from "./auth-provider.tsx";

export { ROLE_LABELS };

/** One line per invitable role, shown where the owner picks one (issue 11 "Team access"). */
export const ROLE_DESCRIPTIONS: Record<Exclude<TeamRole, "owner">, string> = {
  accountant: "Everything except the plan and the team: invoices, reports, GST filing, settings.",
  staff: "Invoices, customers, vendors, products and expenses. No reports, GST filing or settings.",
  auditor: "Reads everything, the ledger and every record's history, and cannot change anything.",
};

/**
 * What the signed-in person may do in the business the session works in. The server decides
 * (shared/src/server/http/roles.ts refuses with 403 ROLE_FORBIDDEN); this only keeps the screens
 * from offering what would be refused.
 */
export interface Access {
  role: TeamRole;
  businessId: string;
  companyName: string;
  person: Me["person"];
  businesses: Me["businesses"];
  /** Any create, edit, delete, payment, import, upload or filing. */
  canWrite: boolean;
  /** Dashboard and Reports. */
  canSeeReports: boolean;
  /** The GST Compliance screen (returns, reconciliation, e-way bills). */
  canSeeGst: boolean;
  /** Filing a return, uploading GSTR-2B and the other GST commands. */
  canFile: boolean;
  canManageTeam: boolean;
  canSeeLedger: boolean;
  /** Settings: staff may not open them; an auditor sees them read-only. */
  canSeeSettings: boolean;
  canEditSettings: boolean;
  canChangePlan: boolean;
}

export function accessFor(me: Me): Access {
  const role = me.current.role;
  const writer = role !== "auditor";
  const office = role !== "staff";
  return {
    role,
    businessId: me.current.businessId,
    companyName: me.current.companyName,
    person: me.person,
    businesses: me.businesses,
    canWrite: writer,
    canSeeReports: office,
    canSeeGst: office,
    canFile: writer && office,
    canManageTeam: role === "owner",
    canSeeLedger: office,
    canSeeSettings: office,
    canEditSettings: writer && office,
    canChangePlan: role === "owner",
  };
}

/** The screens each capability opens; a screen not listed here is open to every role. */
const SCREEN_GATES: ReadonlyArray<readonly [string, (access: Access) => boolean]> = [
  ["/dashboard", (a) => a.canSeeReports],
  ["/reports", (a) => a.canSeeReports],
  ["/gst-compliance", (a) => a.canSeeGst],
  ["/ledger", (a) => a.canSeeLedger],
  ["/settings", (a) => a.canSeeSettings],
  ["/setup", (a) => a.canEditSettings],
];

export function canOpenScreen(access: Access, path: string): boolean {
  const gate = SCREEN_GATES.find(([screen]) => path === screen || path.startsWith(`${screen}/`));
  return gate ? gate[1](access) : true;
}

/** Where a role starts: staff have no dashboard, so their day starts at the invoices. */
export function homeFor(role: TeamRole): string {
  return role === "staff" ? "/invoices" : "/dashboard";
}

/** After signing in: the first screen the person's role in their current business may see. */
export async function landingAfterSignIn(): Promise<string> {
  try {
    const me = await queryClient.fetchQuery<Me>({ queryKey: ME_KEY });
    return homeFor(me.current.role);
  } catch {
    // The dashboard is every office role's start; were the role unknown, its screen still guards itself.
    return "/dashboard";
  }
}

/**
 * The access of the signed-in person, or null while GET /api/me loads. Should the read fail,
 * the person is treated as the owner of their own books: the server still refuses what the role
 * may not do, and a failed read must not lock an owner out of every screen.
 */
export function useAccess(): Access | null {
  const { user } = useAuth();
  const me = useMe(user !== null);
  // Issue 11: a screen shown as of a past moment (?asOf=) offers nothing that writes.
  const asOf = useAsOf();
  if (me.data) return readOnlyAsOf(accessFor(me.data), asOf);
  if (me.isError && user) {
    return readOnlyAsOf(
      accessFor({
        person: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
        current: { businessId: user.id, companyName: user.companyName ?? "", role: "owner" },
        businesses: [{ businessId: user.id, companyName: user.companyName ?? "", role: "owner", current: true }],
      }),
      asOf,
    );
  }
  return null;
}

/** True unless the person is an auditor (or still loading: nothing that writes flashes up first). */
export function useCanWrite(): boolean {
  return useAccess()?.canWrite ?? false;
}

function isNotAMember(error: unknown): boolean {
  return error instanceof HttpError && error.status === 403 && error.errorBody?.code === "NOT_A_MEMBER";
}

let noticeShown = false;

/**
 * A member removed while working is refused with 403 NOT_A_MEMBER and the server moves the
 * session back to their own business: drop every cached read of the old one, read /api/me again
 * and say what happened, once. Watches reads and commands alike through the query client's caches.
 */
export function useMembershipWatch(): void {
  useEffect(() => {
    const onRemoved = (error: unknown) => {
      if (!isNotAMember(error) || noticeShown) return;
      noticeShown = true;
      toast({ title: "Access removed", description: "You are no longer a member of that business. You are back in your own books.", variant: "destructive" });
      // Reset, not remove: the screens on view read again, now from the person's own business.
      void queryClient.resetQueries().finally(() => {
        noticeShown = false;
      });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onRemoved(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") onRemoved(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, []);
}
