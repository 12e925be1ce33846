import { Menu } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Brand } from "../brand.tsx";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "../ui/sheet.tsx";
import { AppFooter } from "./app-footer.tsx";
import { SidebarContents } from "./app-sidebar.tsx";

/** Every authenticated screen: sidebar on the left (a slide-in sheet on small screens), footer below. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="flex min-h-screen bg-background">
      {/* The dark column spans the whole page; its contents stay in view while the page scrolls. */}
      <aside className="hidden w-64 shrink-0 bg-sidebar lg:block">
        <div className="sticky top-0 h-screen">
          <SidebarContents />
        </div>
      </aside>
      <div className="flex min-h-screen min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-card/90 px-4 backdrop-blur lg:hidden">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger className="rounded-md p-2 text-foreground hover:bg-muted" aria-label="Open menu">
              <Menu className="size-5" />
            </SheetTrigger>
            <SheetContent aria-describedby={undefined}>
              <SheetTitle className="sr-only">Menu</SheetTitle>
              <SidebarContents onNavigate={() => setMenuOpen(false)} />
            </SheetContent>
          </Sheet>
          <Brand href="/dashboard" />
        </header>
        <main className="flex-1">
          <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
        </main>
        <AppFooter />
      </div>
    </div>
  );
}
