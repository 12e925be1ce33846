import { formatPaise, toPaise, type Invoice } from "@bahi/shared/contract";
import { useApplyAdvance, useCustomerAdvances } from "../../api/advances.ts";
import { describeError } from "../../api/errors.ts";
import { balanceOf } from "../../api/payments.ts";
import { formatRupees } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Issue 10: in the payment dialog, when the customer has an advance with money left: pay the
 * invoice from it (up to what the invoice owes and what is left on the oldest advance).
 */
export function ApplyAdvance({ invoice, onApplied }: { invoice: Invoice; onApplied: () => void }) {
  const advances = useCustomerAdvances(invoice.customerId);
  const apply = useApplyAdvance(invoice.customerId);
  const open = (advances.data ?? []).filter((advance) => toPaise(advance.remaining) > 0);
  if (open.length === 0) return null;
  const available = open.reduce((sum, advance) => sum + toPaise(advance.remaining), 0);
  const oldest = open[0]!;
  const amount = formatPaise(Math.min(toPaise(oldest.remaining), toPaise(balanceOf(invoice))));
  if (toPaise(amount) === 0) return null;

  async function use() {
    try {
      const paid = await apply.mutateAsync({ advanceId: oldest.id, invoiceId: invoice.id, amount });
      toast({
        title: "Advance applied",
        description: paid.status === "paid" ? `${invoice.invoiceNumber} is fully paid.` : `${formatRupees(paid.balanceDue)} still to receive on ${invoice.invoiceNumber}.`,
      });
      onApplied();
    } catch (caught) {
      toast({ variant: "destructive", title: "Could not apply the advance", description: describeError(caught, "Please try again.") });
    }
  }

  return (
    <div data-testid="apply-advance" className="flex flex-col gap-2 rounded-xl border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">
        {invoice.customer.name} has <span className="font-medium text-foreground">{formatRupees(formatPaise(available))}</span> paid in advance.
      </p>
      <Button type="button" variant="secondary" size="sm" disabled={apply.isPending} onClick={() => void use()}>
        {apply.isPending ? "Applying..." : `Apply ${formatRupees(amount)} from advance`}
      </Button>
    </div>
  );
}
