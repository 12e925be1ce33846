import type { LucideIcon } from "lucide-react";
import { Button } from "./ui/button.tsx";
import { WithTooltip } from "./ui/tooltip.tsx";

/** An icon button in a table row, with its tooltip; `destructive` turns red on hover. */
export function RowAction({ tip, label, icon: Icon, onClick, destructive = false }: { tip: string; label: string; icon: LucideIcon; onClick: () => void; destructive?: boolean }) {
  return (
    <WithTooltip tip={tip}>
      <Button variant="ghost" size="icon" aria-label={label} onClick={onClick} className={destructive ? "hover:bg-red-50 hover:text-destructive" : undefined}>
        <Icon />
      </Button>
    </WithTooltip>
  );
}
