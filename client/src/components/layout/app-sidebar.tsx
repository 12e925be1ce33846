import { LogOut, Settings } from "lucide-react";
import { Link, useLocation } from "wouter";
import { useLogout } from "../../api/auth.ts";
import { useAuth } from "../../auth/auth-provider.tsx";
import { cn } from "../../lib/utils.ts";
import { Brand } from "../brand.tsx";
import { NAV_ITEMS, isActive } from "./nav-items.ts";

/** The dark navigation column: brand, the eight sections and the signed-in user, whose block leads to Settings. */
export function SidebarContents({ onNavigate }: { onNavigate?: () => void }) {
  const [location, navigate] = useLocation();
  const { user } = useAuth();
  const logout = useLogout();
  const fullName = user ? `${user.firstName} ${user.lastName ?? ""}`.trim() : "";
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName?.charAt(0) ?? ""}`.toUpperCase() : "";

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 items-center border-b border-sidebar-border px-5">
        <Brand href="/dashboard" inverted />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {NAV_ITEMS.map((item) => {
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
                    active
                      ? "bg-primary text-white shadow-md shadow-black/20"
                      : "text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-white",
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
        <Link
          href="/settings"
          onClick={onNavigate}
          aria-current={location === "/settings" ? "page" : undefined}
          title="Business settings and plan"
          className={cn(
            "-m-2 flex items-center gap-3 rounded-lg p-2 transition-colors hover:bg-sidebar-accent",
            location === "/settings" && "bg-sidebar-accent",
          )}
        >
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-400 to-violet-500 text-sm font-semibold text-white"
          >
            {initials}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-white">{fullName}</span>
            <span className="block text-xs text-sidebar-foreground/70">Business Owner</span>
          </span>
          <span className="rounded-full bg-indigo-400/15 px-2 py-0.5 text-[11px] font-semibold text-indigo-200 ring-1 ring-indigo-300/30">
            Admin
          </span>
        </Link>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Link
            href="/settings"
            onClick={onNavigate}
            className="flex items-center justify-center gap-2 rounded-lg border border-sidebar-border px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-accent hover:text-white"
          >
            <Settings aria-hidden="true" className="size-4" />
            Settings
          </Link>
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() => {
              // The sidebar unmounts as soon as the user is signed out, so navigate from the promise.
              void logout.mutateAsync().catch(() => undefined).finally(() => navigate("/"));
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
