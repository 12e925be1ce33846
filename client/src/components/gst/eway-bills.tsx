import { Ban, Plus, Truck } from "lucide-react";
import { useState } from "react";
import { useCancelEwayBill, useEwayBills, type EwayBill } from "../../api/gst.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { formatValidity } from "../../lib/eway-bill-form.ts";
import { EmptyState, ErrorState, TableSkeleton } from "../list-states.tsx";
import { ReasonDialog } from "../reason-dialog.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { HistoryButton } from "../history/history-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { WithTooltip } from "../ui/tooltip.tsx";
import { toast } from "../ui/use-toast.ts";
import { EwayBillFormDialog } from "./eway-bill-form-dialog.tsx";

/** Asks why before cancelling an e-way bill. */
function CancelEwayBillDialog({ bill, onClose }: { bill: EwayBill; onClose: () => void }) {
  const cancel = useCancelEwayBill();
  const number = bill.eWayBillNo ?? bill.documentNumber;
  return (
    <ReasonDialog
      id="eway-cancel-reason"
      title={`Cancel e-way bill ${number}?`}
      description={
        <>
          For invoice <span className="font-medium text-foreground">{bill.documentNumber}</span>. An e-way bill can be cancelled only within 24 hours of its generation, and cannot
          be used again.
        </>
      }
      label="Reason for cancellation"
      placeholder="e.g. Order cancelled by the buyer"
      rows={3}
      maxLength={200}
      keepLabel="Keep it"
      confirmLabel="Cancel E-Way Bill"
      failure="The e-way bill could not be cancelled."
      pending={cancel.isPending}
      submit={async (reason) => {
        await cancel.mutateAsync({ id: bill.id, reason });
        toast({ title: `E-way bill ${number} cancelled` });
      }}
      onClose={onClose}
    />
  );
}

function Place({ address, gstin }: { address: string | null | undefined; gstin: string | null | undefined }) {
  return (
    <>
      <p>{address ?? "—"}</p>
      {gstin && <p className="font-mono text-xs text-muted-foreground">{gstin}</p>}
    </>
  );
}

function EwayBillRow({ bill, onCancel }: { bill: EwayBill; onCancel: () => void }) {
  const active = bill.status === "active";
  const canWrite = useCanWrite();
  return (
    <TableRow aria-label={`E-way bill ${bill.eWayBillNo ?? bill.documentNumber}`}>
      <TableCell className="font-mono text-xs">{bill.eWayBillNo ?? "—"}</TableCell>
      <TableCell className="font-medium text-foreground">{bill.documentNumber}</TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={active ? "success" : "secondary"} className="capitalize">
            {bill.status}
          </Badge>
          {bill.sandbox && (
            <WithTooltip tip="A sandbox number: not generated on the NIC e-way bill portal">
              <span tabIndex={0}>
                <Badge variant="outline">Sandbox</Badge>
              </span>
            </WithTooltip>
          )}
        </div>
        {bill.cancelReason && <p className="mt-1 max-w-48 text-xs whitespace-normal text-muted-foreground">{bill.cancelReason}</p>}
      </TableCell>
      <TableCell className="max-w-56 whitespace-normal">
        <Place address={bill.shipFromAddress} gstin={bill.shipFromGstin} />
      </TableCell>
      <TableCell className="max-w-56 whitespace-normal">
        <Place address={bill.shipToAddress} gstin={bill.shipToGstin} />
      </TableCell>
      <TableCell className="whitespace-normal">
        <p className="whitespace-nowrap">{formatValidity(bill.validUpto) || "—"}</p>
        {(bill.distance != null || bill.vehicleNumber) && (
          <p className="text-xs text-muted-foreground">{[bill.distance != null ? `${bill.distance} km` : null, bill.vehicleNumber].filter(Boolean).join(" · ")}</p>
        )}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap">
        <HistoryButton kind="ewaybill" id={bill.id} name={`e-way bill ${bill.eWayBillNo ?? bill.documentNumber}`} />
        {active && canWrite && (
          <Button variant="outline" size="sm" aria-label={`Cancel e-way bill ${bill.eWayBillNo ?? bill.documentNumber}`} onClick={onCancel}>
            <Ban aria-hidden="true" />
            Cancel
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The E-Way Bill tab: generate a bill for an invoice; the bills with their route, validity and status. */
export function EwayBills() {
  const bills = useEwayBills();
  const [generating, setGenerating] = useState(false);
  const [cancelling, setCancelling] = useState<EwayBill | null>(null);
  const list = bills.data ?? [];
  // Issue 11: an auditor sees the bills; generating and cancelling are writes.
  const canWrite = useCanWrite();
  const generateButton = canWrite ? (
    <Button onClick={() => setGenerating(true)}>
      <Plus aria-hidden="true" />
      Generate E-Way Bill
    </Button>
  ) : undefined;

  let body;
  if (bills.isError) body = <ErrorState title="Could not load your e-way bills" error={bills.error} onRetry={() => void bills.refetch()} />;
  else if (!bills.isPending && list.length === 0) {
    body = (
      <EmptyState
        icon={Truck}
        title="No e-way bills yet"
        text="An e-way bill is needed before moving goods worth more than ₹50,000. Generate one from an invoice; without GSP credentials Bahi issues sandbox numbers."
        action={generateButton}
      />
    );
  } else {
    body = (
      <Card className="min-w-0">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>E-Way Bills</CardTitle>
            <CardDescription>Active bills are goods in transit; a bill can be cancelled within 24 hours</CardDescription>
          </div>
          {generateButton}
        </CardHeader>
        <CardContent className="px-3 sm:px-6">
          {bills.isPending ? (
            <TableSkeleton rows={3} inset="none" />
          ) : (
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Bill No.</TableHead>
                  <TableHead>Document No.</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>From</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>Valid Until</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((bill) => (
                  <EwayBillRow key={bill.id} bill={bill} onCancel={() => setCancelling(bill)} />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      {body}
      {generating && <EwayBillFormDialog onClose={() => setGenerating(false)} />}
      {cancelling && <CancelEwayBillDialog key={cancelling.id} bill={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}
