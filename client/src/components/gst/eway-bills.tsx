import { Ban, Plus, Truck } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { describeError } from "../../api/errors.ts";
import { useCancelEwayBill, useEwayBills, type EwayBill } from "../../api/gst.ts";
import { formatValidity } from "../../lib/eway-bill-form.ts";
import { EmptyState, ErrorState, TableSkeleton } from "../list-states.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../ui/alert-dialog.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextareaField } from "../ui/text-field.tsx";
import { WithTooltip } from "../ui/tooltip.tsx";
import { toast } from "../ui/use-toast.ts";
import { EwayBillFormDialog } from "./eway-bill-form-dialog.tsx";

/** Asks why before cancelling; stays open while the call is in flight so a refusal can be read. */
function CancelEwayBillDialog({ bill, onClose }: { bill: EwayBill; onClose: () => void }) {
  const cancel = useCancelEwayBill();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const number = bill.eWayBillNo ?? bill.documentNumber;

  async function confirm() {
    if (!reason.trim()) {
      setError("Reason is required");
      return;
    }
    try {
      await cancel.mutateAsync({ id: bill.id, reason: reason.trim() });
      toast({ title: `E-way bill ${number} cancelled` });
      onClose();
    } catch (failure) {
      setError(describeError(failure, "The e-way bill could not be cancelled."));
    }
  }

  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open && !cancel.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel e-way bill {number}?</AlertDialogTitle>
          <AlertDialogDescription>
            For invoice <span className="font-medium text-foreground">{bill.documentNumber}</span>. An e-way bill can be cancelled only within 24 hours of its generation, and
            cannot be used again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <TextareaField
          id="eway-cancel-reason"
          label="Reason for cancellation"
          required
          rows={3}
          maxLength={200}
          placeholder="e.g. Order cancelled by the buyer"
          value={reason}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep it</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            onClick={(event: MouseEvent<HTMLButtonElement>) => {
              event.preventDefault();
              void confirm();
            }}
          >
            {cancel.isPending ? "Cancelling..." : "Cancel E-Way Bill"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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
      <TableCell className="text-right">
        {active && (
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
  const generateButton = (
    <Button onClick={() => setGenerating(true)}>
      <Plus aria-hidden="true" />
      Generate E-Way Bill
    </Button>
  );

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
