import { LayoutDashboard, LogOut } from "lucide-react";
import { Link } from "wouter";
import { useLogout } from "../../api/auth.ts";
import { useAuth } from "../../auth/auth-provider.tsx";
import { Brand } from "../brand.tsx";
import { Button } from "../ui/button.tsx";
import { LoginDialog } from "./login-dialog.tsx";

const ANCHORS = [
  { label: "Features", href: "#features" },
  { label: "Pricing", href: "#pricing" },
  { label: "About", href: "#about" },
];

export function LandingHeader() {
  const { user } = useAuth();
  const logout = useLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand tagline />
        <nav aria-label="Sections" className="hidden items-center gap-8 text-sm font-medium text-slate-600 md:flex">
          {ANCHORS.map((anchor) => (
            <a key={anchor.href} href={anchor.href} className="transition-colors hover:text-slate-900">
              {anchor.label}
            </a>
          ))}
        </nav>
        {user ? (
          <div className="flex items-center gap-2 sm:gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">Welcome, {user.firstName}</span>
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard">
                <LayoutDashboard aria-hidden="true" />
                Dashboard
              </Link>
            </Button>
            <Button variant="ghost" size="sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        ) : (
          <div className="flex items-center gap-2">
            <LoginDialog />
            <Button asChild>
              <Link href="/register">Get Started Free</Link>
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}
