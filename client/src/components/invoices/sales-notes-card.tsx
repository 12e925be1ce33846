import { Download, FileMinus } from "lucide-react";
import { useState } from "react";
import { describeError } from "../../api/errors.ts";
import { downloadSalesNotePdf, reasonLabel, useSalesNotes, type SalesNote } from "../../api/sales-notes.ts";
import { RowAction } from "../row-action.tsx";
import { toast } from "../ui/use-toast.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { HistoryButton } from "../history/history-button.tsx";

/** Issue 9, s.34: the invoices page's "Credit & Debit Notes" section, newest first. */
export function SalesNotesCard() {
  const notes = useSalesNotes();
  const list = notes.data ?? [];
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(note: SalesNote) {
    if (downloading) return;
    setDownloading(note.id);
    try {
      const fileName = await downloadSalesNotePdf(note);
      toast({ title: `${note.kind === "credit" ? "Credit" : "Debit"} note PDF downloaded`, description: fileName });
    } catch (error) {
      toast({ title: "Failed to download the note PDF", description: describeError(error, "An error occurred"), variant: "destructive" });
    } finally {
      setDownloading(null);
    }
  }
  return (
    <section aria-labelledby="sales-notes-title" className="mt-8">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle id="sales-notes-title">Credit &amp; Debit Notes</CardTitle>
          <CardDescription>Returns, discounts and corrections against issued invoices</CardDescription>
        </CardHeader>
        {notes.isError ? (
          <CardContent>
            <ErrorState title="Could not load your credit and debit notes" error={notes.error} onRetry={() => void notes.refetch()} />
          </CardContent>
        ) : notes.isPending ? (
          <TableSkeleton inset="flush" />
        ) : list.length === 0 ? (
          <CardContent>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <FileMinus aria-hidden="true" className="size-4" />
              No notes yet. Issue one from an invoice's Credit Note or Debit Note action.
            </p>
          </CardContent>
        ) : (
          <CardContent className="px-3 sm:px-6">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Note #</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Invoice</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Reason</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((note) => (
                  <TableRow key={note.id} aria-label={note.number}>
                    <TableCell className="font-medium">{note.number}</TableCell>
                    <TableCell>
                      <Badge variant={note.kind === "credit" ? "secondary" : "outline"}>{note.kind === "credit" ? "Credit" : "Debit"}</Badge>
                    </TableCell>
                    <TableCell>{(note.invoiceNumbers ?? []).join(", ")}</TableCell>
                    <TableCell className="max-w-48 truncate">{note.customer.name}</TableCell>
                    <TableCell>{reasonLabel(note.reason)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {note.kind === "credit" ? "−" : "+"}
                      {formatRupees(note.total)}
                    </TableCell>
                    <TableCell>{formatIndianDate(note.issueDate)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <HistoryButton kind={note.kind === "credit" ? "credit-note" : "debit-note"} id={note.id} name={note.number} />
                      <RowAction tip="Download PDF" label={`Download PDF of ${note.number}`} icon={Download} onClick={() => void download(note)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        )}
      </Card>
    </section>
  );
}
