import { Sparkles } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";

/**
 * Issue 10: "Create Invoice" on the Free plan with this month's invoices used up opens here,
 * on what the limit is and the way to lift it, instead of a form the server would refuse.
 */
export function FreeLimitDialog({ limit, onClose }: { limit: number; onClose: () => void }) {
  const [, navigate] = useLocation();
  function upgrade() {
    onClose();
    navigate("/settings");
    // The plan card is further down Settings on a phone: bring it into view once it is drawn.
    window.setTimeout(() => document.querySelector('[role="region"][aria-label="Plan"]')?.scrollIntoView({ block: "start" }), 100);
  }
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <Sparkles aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle>You have used this month's {limit} free invoices</DialogTitle>
          <DialogDescription>
            The Free plan includes {limit} invoices a month. Upgrade to Professional for unlimited invoices, or wait until next month: the count starts again on the 1st.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button type="button" onClick={upgrade}>
            Upgrade
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
