import { CircleExclamationPoint, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { describeError } from "../api/errors.ts";
import { Button } from "./ui/button.tsx";
import { Card } from "./ui/card.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

/** What a list shows when it has nothing in it. */
export function EmptyState({ icon: Icon, title, text, action }: { icon: LucideIcon; title: string; text?: ReactNode; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center justify-center border-dashed px-6 py-16 text-center shadow-none">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-foreground">{title}</p>
      {text && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </Card>
  );
}

/** What a list shows when its read failed, with a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Card role="alert" className="flex flex-col items-center justify-center border-destructive/30 bg-red-50/50 px-6 py-14 text-center shadow-none">
      <CircleExclamationPoint aria-hidden="true" className="size-8 text-destructive" />
      <p className="mt-3 font-semibold text-foreground">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{describeError(error, "The server could not be reached.")}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/**
 * Rows of placeholders while a table loads. `inset`: "card" pads like a card body, "flush"
 * the same without top padding (right under a card header), "none" for content already padded.
 */
export function TableSkeleton({ rows = 4, inset = "card" }: { rows?: number; inset?: "card" | "flush" | "none" }) {
  const padding = { card: " p-6", flush: " p-6 pt-0", none: "" }[inset];
  return (
    <div aria-busy="true" aria-label="Loading" className={`grid gap-3${padding}`}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}
