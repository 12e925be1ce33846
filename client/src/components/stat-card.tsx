import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/utils.ts";
import { Card } from "./ui/card.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

const TINTS = {
  indigo: "bg-indigo-100 text-indigo-600",
  emerald: "bg-emerald-100 text-emerald-600",
  amber: "bg-amber-100 text-amber-600",
  rose: "bg-rose-100 text-rose-600",
  sky: "bg-sky-100 text-sky-600",
  violet: "bg-violet-100 text-violet-600",
} as const;

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  tint?: keyof typeof TINTS;
  loading?: boolean;
  /** The figure could not be loaded: shows a dash, never a misleading "0". */
  unavailable?: boolean;
}

/** Headline figures: two to a row on a phone, four on a wide screen. */
export function StatGrid({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={label} className={cn("mb-8 grid min-w-0 grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4", className)}>
      {children}
    </section>
  );
}

/** One headline figure; the label names the figure for screen readers and tests. */
export function StatCard({ label, value, hint, icon: Icon, tint = "indigo", loading = false, unavailable = false }: StatCardProps) {
  return (
    <Card className="min-w-0 p-4 sm:p-5" role="group" aria-label={label}>
      <div className="flex items-start justify-between gap-2 sm:gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
          {loading ? (
            <Skeleton className="mt-2 h-7 w-20 sm:h-8 sm:w-28" />
          ) : unavailable ? (
            <p className="mt-1.5 text-xl font-bold tracking-tight text-muted-foreground sm:text-2xl">
              <span aria-hidden="true">—</span>
              <span className="sr-only">Not available</span>
            </p>
          ) : (
            <p className="mt-1.5 truncate text-xl font-bold tracking-tight text-foreground sm:text-2xl">{value}</p>
          )}
        </div>
        <span className={cn("hidden size-11 shrink-0 items-center justify-center rounded-xl min-[400px]:flex", TINTS[tint])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      {hint && <p className="mt-2 text-xs text-muted-foreground sm:mt-3">{hint}</p>}
    </Card>
  );
}
