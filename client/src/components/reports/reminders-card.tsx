import { BellRing, Copy, MessageCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { describeError } from "../../api/errors.ts";
import { inr, reminderLink, reminderWhatsAppUrl, useAging, type AgingInvoiceRow } from "../../api/aging.ts";
import { useProfile } from "../../api/profile.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { formatIndianDate } from "../../lib/format.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { toast } from "../ui/use-toast.ts";

const daysLate = (days: number) => (days === 1 ? "1 day overdue" : `${days} days overdue`);

function ReminderRow({ row, business }: { row: AgingInvoiceRow; business: string }) {
  const [busy, setBusy] = useState<"send" | "copy" | null>(null);
  // Issue 11: both actions create the invoice's share link, a write an auditor is not offered.
  const canWrite = useCanWrite();

  async function send() {
    setBusy("send");
    try {
      // As the invoice's own WhatsApp share: the link first, then WhatsApp right after the click.
      const url = await reminderLink(row.id);
      window.open(reminderWhatsAppUrl(row, business, formatIndianDate(row.dueDate), url), "_blank", "noopener,noreferrer");
    } catch (error) {
      toast({ title: "Could not send the reminder", description: describeError(error, "Please try again"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function copy() {
    setBusy("copy");
    try {
      const url = await reminderLink(row.id);
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: `Paste it in a message to ${row.customerName}.` });
    } catch (error) {
      toast({ title: "Could not copy the link", description: describeError(error, "Please try again"), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <li data-invoice={row.invoiceNumber} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate font-medium text-foreground">{row.customerName}</p>
        <p className="text-sm text-muted-foreground">
          {row.invoiceNumber} · due {formatIndianDate(row.dueDate)}
        </p>
      </div>
      <div className="flex items-center gap-2 sm:block sm:text-right">
        <p className="font-semibold tabular-nums">{inr(row.balanceDue)}</p>
        <Badge variant={row.daysPastDue > 60 ? "danger" : "warning"}>{daysLate(row.daysPastDue)}</Badge>
      </div>
      {canWrite && (
        <div className="flex w-full gap-2 sm:w-auto">
          <Button size="sm" className="flex-1 sm:flex-none" disabled={busy !== null} onClick={() => void send()} aria-label={`Send reminder for ${row.invoiceNumber} on WhatsApp`}>
            <MessageCircle aria-hidden="true" />
            {busy === "send" ? "Opening WhatsApp..." : "Send reminder"}
          </Button>
          <Button size="sm" variant="outline" className="flex-1 sm:flex-none" disabled={busy !== null} onClick={() => void copy()} aria-label={`Copy link to ${row.invoiceNumber}`}>
            <Copy aria-hidden="true" />
            {busy === "copy" ? "Copying..." : "Copy link"}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Overdue invoices with a one-click WhatsApp reminder (amount, due date, share link). */
export function RemindersCard() {
  const aging = useAging();
  const profile = useProfile();
  const business = profile.data?.companyName ?? "";
  const overdue = aging.data?.invoices.filter((row) => row.daysPastDue > 0) ?? [];
  return (
    <Card role="region" aria-label="Payment reminders" className="mb-8 min-w-0">
      <CardHeader className="flex-row items-start gap-3 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-600">
          <BellRing aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <CardTitle>Payment reminders</CardTitle>
          <CardDescription>Overdue invoices, most overdue first. A reminder opens WhatsApp with the amount, due date and a link to pay.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {aging.isError ? (
          <ErrorState title="Could not load the overdue invoices" error={aging.error} onRetry={() => void aging.refetch()} />
        ) : !aging.data ? (
          <TableSkeleton rows={2} inset="none" />
        ) : overdue.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            <span className="block font-semibold text-foreground">No overdue invoices</span>
            Invoices past their due date and not fully paid show here.{" "}
            <Link href="/invoices" className="font-medium text-primary hover:underline">
              See all invoices
            </Link>
          </p>
        ) : (
          <ul aria-label="Overdue invoices" className="divide-y">
            {overdue.map((row) => (
              <ReminderRow key={row.id} row={row} business={business} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
