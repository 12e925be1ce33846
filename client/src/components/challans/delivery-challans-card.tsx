import { indianDateOf } from "@bahi/shared/contract";
import { Ban, Download, Plus, Truck } from "lucide-react";
import { useState } from "react";
import { downloadDeliveryChallanPdf, purposeLabel, useDeliveryChallans, type DeliveryChallan } from "../../api/delivery-challans.ts";
import { describeError } from "../../api/errors.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { RowAction } from "../row-action.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { toast } from "../ui/use-toast.ts";
import { DeliveryChallanCancelDialog } from "./delivery-challan-cancel-dialog.tsx";
import { DeliveryChallanFormDialog } from "./delivery-challan-form-dialog.tsx";
import { HistoryButton } from "../history/history-button.tsx";

/**
 * What is due by when: the tax invoice for goods kept on approval (s.31(7), six months), the
 * goods back from job work (s.143, a year) — else they count as sold. Red once the date passed.
 */
function FollowUp({ challan }: { challan: DeliveryChallan }) {
  if (!challan.followUp) return null;
  const late = challan.followUp.by < indianDateOf(new Date());
  const what = challan.followUp.action === "invoice" ? "Make the invoice if kept, by" : "Bring back by";
  return (
    <span className={`block text-xs ${late ? "font-medium text-destructive" : "text-muted-foreground"}`}>
      {what} {formatIndianDate(challan.followUp.by)}
      {late ? " (date passed)" : ""}
    </span>
  );
}

/** Issue 9, Rule 55: the invoices page's "Delivery Challans" section, newest first, with the form and PDFs. */
export function DeliveryChallansCard() {
  const challans = useDeliveryChallans();
  const list = challans.data ?? [];
  const [creating, setCreating] = useState(false);
  const canWrite = useCanWrite();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<DeliveryChallan | null>(null);

  async function download(challan: DeliveryChallan) {
    setPendingId(challan.id);
    try {
      await downloadDeliveryChallanPdf(challan);
      toast({ title: "Delivery challan PDF downloaded", description: challan.number });
    } catch (error) {
      toast({ title: "Failed to download the challan PDF", description: describeError(error, "An error occurred"), variant: "destructive" });
    } finally {
      setPendingId(null);
    }
  }

  return (
    <section aria-labelledby="delivery-challans-title" className="mt-8">
      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="delivery-challans-title">Delivery Challans</CardTitle>
            <CardDescription>Goods sent without a sale (job work, on approval, moved). Stock does not change.</CardDescription>
          </div>
          {canWrite && (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New Challan
            </Button>
          )}
        </CardHeader>
        {challans.isError ? (
          <CardContent>
            <ErrorState title="Could not load your delivery challans" error={challans.error} onRetry={() => void challans.refetch()} />
          </CardContent>
        ) : challans.isPending ? (
          <TableSkeleton inset="flush" />
        ) : list.length === 0 ? (
          <CardContent>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Truck aria-hidden="true" className="size-4" />
              No delivery challans yet. Make one when goods leave your shop without a sale.
            </p>
          </CardContent>
        ) : (
          <CardContent className="px-3 sm:px-6">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Challan #</TableHead>
                  <TableHead className="hidden sm:table-cell">Sent to</TableHead>
                  <TableHead className="hidden sm:table-cell">Purpose</TableHead>
                  <TableHead className="text-right">Value</TableHead>
                  <TableHead className="hidden sm:table-cell">Date</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((challan) => (
                  <TableRow key={challan.id} aria-label={challan.number}>
                    <TableCell className="font-medium">
                      {challan.number}
                      {challan.status === "cancelled" && (
                        <Badge variant="outline" className="ml-2" title={challan.cancelReason ?? undefined}>
                          Cancelled
                        </Badge>
                      )}
                      {/* Phones drop the customer, purpose and date columns: they go under the number. */}
                      <span className="block whitespace-normal text-xs font-normal text-muted-foreground sm:hidden">
                        {challan.customer.name} · {formatIndianDate(challan.issueDate)}
                        <span className="block">{purposeLabel(challan.purpose)}</span>
                        <FollowUp challan={challan} />
                      </span>
                    </TableCell>
                    <TableCell className="hidden max-w-48 truncate sm:table-cell">{challan.customer.name}</TableCell>
                    <TableCell className="hidden whitespace-normal sm:table-cell">
                      {purposeLabel(challan.purpose)}
                      <FollowUp challan={challan} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatRupees(challan.statesTax ? challan.total : challan.subtotal)}</TableCell>
                    <TableCell className="hidden sm:table-cell">{formatIndianDate(challan.issueDate)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <Button variant="ghost" size="icon" aria-label={`Download ${challan.number} PDF`} disabled={pendingId === challan.id} onClick={() => void download(challan)}>
                        <Download aria-hidden="true" className="size-4" />
                      </Button>
                      <HistoryButton kind="delivery-challan" id={challan.id} name={challan.number} />
                      {canWrite && challan.status !== "cancelled" && (
                        <RowAction tip="Cancel" label={`Cancel ${challan.number}`} icon={Ban} destructive onClick={() => setCancelling(challan)} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        )}
      </Card>
      {creating && <DeliveryChallanFormDialog onClose={() => setCreating(false)} />}
      {cancelling && <DeliveryChallanCancelDialog challan={cancelling} onClose={() => setCancelling(null)} />}
    </section>
  );
}
