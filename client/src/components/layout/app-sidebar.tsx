import { LogOut, Settings } from "lucide-react";
import { Link, useLocation } from "wouter";
import { useLogout } from "../../api/auth.ts";
import { ROLE_LABELS, homeFor, useAccess } from "../../auth/access.tsx";
import { useAuth } from "../../auth/auth-provider.tsx";
import { cn } from "../../lib/utils.ts";
import { Brand } from "../brand.tsx";
import { BusinessSwitcher } from "../team/business-switcher.tsx";
import { isActive, navItemsFor } from "./nav-items.ts";

/**
 * The dark navigation column: brand, the sections the person's role opens and the signed-in
 * person with their role in the current business (issue 11: SPEC's generic "Admin" gave way to
 * the real role), whose block leads to Settings; a switcher when they belong to several businesses.
 */
export function SidebarContents({ onNavigate }: { onNavigate?: () => void }) {
  const [location, navigate] = useLocation();
  const { user } = useAuth();
  const access = useAccess();
  const logout = useLogout();
  const person = access?.person ?? user;
  const fullName = person ? `${person.firstName} ${person.lastName ?? ""}`.trim() : "";
  const initials = person ? `${person.firstName.charAt(0)}${person.lastName?.charAt(0) ?? ""}`.toUpperCase() : "";
  const roleLabel = access ? ROLE_LABELS[access.role] : "";
  const navItems = access ? navItemsFor(access) : [];
  const canOpenSettings = access?.canSeeSettings ?? false;

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 items-center border-b border-sidebar-border px-5">
        <Brand href={access ? homeFor(access.role) : "/dashboard"} inverted />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {navItems.map((item) => {
            const active = isActive(item, location);
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors",
                    active ? "bg-primary text-white shadow-md shadow-black/20" : "text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-white",
                  )}
                >
                  <Icon aria-hidden="true" className="size-[18px]" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-sidebar-border p-4">
        {access && access.businesses.length > 1 && <BusinessSwitcher access={access} onSwitched={onNavigate} />}
        <UserBlock
          href={canOpenSettings ? "/settings" : null}
          active={location === "/settings"}
          onNavigate={onNavigate}
          initials={initials}
          fullName={fullName}
          // With a switcher the business is named right above: the line gives the person's email instead.
          subtitle={access && access.businesses.length > 1 ? access.person.email : access?.companyName || "Your business"}
          roleLabel={roleLabel}
        />
        <div className={cn("mt-4 grid gap-2", canOpenSettings && "grid-cols-2")}>
          {canOpenSettings && (
            <Link
              href="/settings"
              onClick={onNavigate}
              className="flex items-center justify-center gap-2 rounded-lg border border-sidebar-border px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-accent hover:text-white"
            >
              <Settings aria-hidden="true" className="size-4" />
              Settings
            </Link>
          )}
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() => {
              // The sidebar unmounts as soon as the user is signed out, so navigate from the promise.
              // A failed logout (the server gone) still leaves the screen: the session ends when it expires.
              void logout
                .mutateAsync()
                .catch(() => undefined)
                .finally(() => navigate("/"));
            }}
            className="flex items-center justify-center gap-2 rounded-lg border border-sidebar-border px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-accent hover:text-white disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Log out
          </button>
        </div>
      </div>
    </div>
  );
}

interface UserBlockProps {
  /** Settings, or null for a role that may not open them (staff). */
  href: string | null;
  active: boolean;
  onNavigate?: () => void;
  initials: string;
  fullName: string;
  subtitle: string;
  roleLabel: string;
}

/** Who is signed in, in which business, as what: every history line the person writes names the same. */
function UserBlock({ href, active, onNavigate, initials, fullName, subtitle, roleLabel }: UserBlockProps) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-400 to-violet-500 text-sm font-semibold text-white"
      >
        {initials}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-white">{fullName}</span>
        <span className="block truncate text-xs text-sidebar-foreground/70">{subtitle}</span>
      </span>
      {roleLabel && (
        <span data-testid="sidebar-role" className="rounded-full bg-indigo-400/15 px-2 py-0.5 text-[11px] font-semibold text-indigo-200 ring-1 ring-indigo-300/30">
          {roleLabel}
        </span>
      )}
    </>
  );
  const className = "-m-2 flex items-center gap-3 rounded-lg p-2";
  if (!href) return <div className={className}>{body}</div>;
  return (
    <Link
      href={href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      title="Business settings and plan"
      className={cn(className, "transition-colors hover:bg-sidebar-accent", active && "bg-sidebar-accent")}
    >
      {body}
    </Link>
  );
}
