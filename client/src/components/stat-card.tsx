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
}

/** One headline figure; the label names the figure for screen readers and tests. */
export function StatCard({ label, value, hint, icon: Icon, tint = "indigo", loading = false }: StatCardProps) {
  return (
    <Card className="p-5" role="group" aria-label={label}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          {loading ? (
            <Skeleton className="mt-2 h-8 w-28" />
          ) : (
            <p className="mt-1.5 truncate text-2xl font-bold tracking-tight text-foreground">{value}</p>
          )}
        </div>
        <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", TINTS[tint])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      {hint && <p className="mt-3 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
