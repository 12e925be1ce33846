import { createContext, useContext, useEffect, useId, useRef, type ComponentProps, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  idFor: (value: string, part: "tab" | "panel") => string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error("Tabs parts must sit inside <Tabs>");
  return context;
}

/** WAI-ARIA tabs: one panel shown at a time, arrow keys move between tabs (automatic activation). */
export function Tabs({ value, onValueChange, className, children }: { value: string; onValueChange: (value: string) => void; className?: string; children: ReactNode }) {
  const base = useId();
  const idFor = (tab: string, part: "tab" | "panel") => `${base}-${part}-${tab.replace(/\W+/g, "-")}`;
  return (
    <TabsContext.Provider value={{ value, onValueChange, idFor }}>
      <div className={cn("grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6", className)}>{children}</div>
    </TabsContext.Provider>
  );
}

export function TabsList({ className, children, ...props }: ComponentProps<"div">) {
  const ref = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
    const current = tabs.findIndex((tab) => tab === document.activeElement);
    if (current === -1) return;
    const next =
      event.key === "ArrowRight"
        ? (current + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (current - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  }

  return (
    <div
      ref={ref}
      role="tablist"
      onKeyDown={onKeyDown}
      className={cn("inline-flex max-w-full items-center gap-1 justify-self-start overflow-x-auto rounded-xl border bg-muted/60 p-1", className)}
      {...props}
    >
      {children}
    </div>
  );
}

export function TabsTrigger({ value, className, children, ...props }: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const ref = useRef<HTMLButtonElement>(null);
  // On a phone the list scrolls sideways: keep the chosen tab in view.
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [selected]);
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={tabs.idFor(value, "tab")}
      aria-selected={selected}
      aria-controls={tabs.idFor(value, "panel")}
      tabIndex={selected ? 0 : -1}
      onClick={() => tabs.onValueChange(value)}
      className={cn(
        "inline-flex h-9 shrink-0 items-center gap-2 rounded-lg px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 [&_svg]:size-4",
        selected && "bg-card text-foreground shadow-sm",
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}

/** Only the selected panel is mounted, so a tab's reads start when it is first opened. */
export function TabsContent({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div role="tabpanel" id={tabs.idFor(value, "panel")} aria-labelledby={tabs.idFor(value, "tab")} tabIndex={0} className={cn("outline-none", className)}>
      {children}
    </div>
  );
}
