import { Badge } from "../ui/badge.tsx";

/** SPEC §4, invoice list: default style for paid, secondary for pending, destructive for anything else. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  // Issue 9: a cancelled invoice is settled, not an alarm: outlined and struck through.
  if (status === "cancelled") {
    return (
      <Badge variant="outline" className="capitalize text-muted-foreground line-through">
        {status}
      </Badge>
    );
  }
  // Issue 10: partly paid is money on its way, not an alarm.
  const variant = status === "paid" ? "default" : status === "pending" || status === "partially_paid" ? "secondary" : "destructive";
  return (
    <Badge variant={variant} className="capitalize">
      {statusLabel(status)}
    </Badge>
  );
}

/** SPEC §4, dashboard: paid green, pending yellow, anything else red. */
export function DashboardStatusBadge({ status }: { status: string }) {
  const variant = status === "paid" ? "success" : status === "pending" || status === "partially_paid" ? "warning" : status === "cancelled" ? "outline" : "danger";
  return (
    <Badge variant={variant} className="capitalize">
      {statusLabel(status)}
    </Badge>
  );
}

/** Issue 10: "partially_paid" reads "Partly paid". */
export const statusLabel = (status: string) => (status === "partially_paid" ? "Partly paid" : status);
