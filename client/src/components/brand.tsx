import { Link } from "wouter";
import { cn } from "../lib/utils.ts";

export const PRODUCT_NAME = "Bahi";

function BrandMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-xl text-lg font-bold text-white",
        inverted ? "bg-white/15 ring-1 ring-white/30" : "bg-gradient-to-br from-indigo-500 to-violet-600 shadow-md shadow-indigo-500/30",
        className,
      )}
    >
      ₹
    </span>
  );
}

/** The product name with its mark, linking home; `tagline` adds 'Smart Invoicing Software' underneath. */
export function Brand({ href = "/", tagline = false, inverted = false }: { href?: string; tagline?: boolean; inverted?: boolean }) {
  return (
    <Link href={href} className="flex items-center gap-2.5 rounded-lg">
      <BrandMark inverted={inverted} />
      <span className="flex flex-col leading-tight">
        <span className={cn("text-xl font-bold tracking-tight", inverted ? "text-white" : "text-foreground")}>{PRODUCT_NAME}</span>
        {tagline && <span className={cn("hidden text-xs sm:block", inverted ? "text-sidebar-foreground/70" : "text-muted-foreground")}>Smart Invoicing Software</span>}
      </span>
    </Link>
  );
}
