import { STALE_REVISION_MESSAGE } from "@bahi/shared/contract";
import { RefreshCw } from "lucide-react";
import { Button } from "./ui/button.tsx";

/**
 * Issue 12: shown above an edit form whose save was refused because the record changed since the
 * form opened it. What the user typed stays in the form until they choose Reload.
 */
export function StaleRecordNotice({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <p>
        <span className="font-medium">{STALE_REVISION_MESSAGE}.</span> Reload to see what was saved; your changes stay here until you do.
      </p>
      <Button type="button" size="sm" variant="outline" onClick={onReload} disabled={reloading}>
        <RefreshCw aria-hidden="true" className={reloading ? "animate-spin" : undefined} />
        {reloading ? "Reloading..." : "Reload"}
      </Button>
    </div>
  );
}
