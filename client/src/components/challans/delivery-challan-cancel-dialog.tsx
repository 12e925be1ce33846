import { useCancelDeliveryChallan, type DeliveryChallan } from "../../api/delivery-challans.ts";
import { ReasonDialog } from "../reason-dialog.tsx";
import { toast } from "../ui/use-toast.ts";

/** Issue 9, Rule 55: a challan for goods that did not go. It stays on record as cancelled; its number is not reused. */
export function DeliveryChallanCancelDialog({ challan, onClose }: { challan: DeliveryChallan; onClose: () => void }) {
  const cancel = useCancelDeliveryChallan();
  return (
    <ReasonDialog
      id="challan-cancel-reason"
      title={`Cancel delivery challan ${challan.number}?`}
      description="Use this when the goods did not go out. The challan stays on record as cancelled and its number is not reused. This cannot be undone."
      label="Reason"
      placeholder="e.g. Tailor could not take the work"
      rows={2}
      maxLength={200}
      keepLabel="Keep Challan"
      confirmLabel="Cancel Challan"
      failure="The challan could not be cancelled"
      pending={cancel.isPending}
      submit={async (reason) => {
        await cancel.mutateAsync({ id: challan.id, reason });
        toast({ title: "Delivery challan cancelled", description: `${challan.number} is cancelled.` });
      }}
      onClose={onClose}
    />
  );
}
