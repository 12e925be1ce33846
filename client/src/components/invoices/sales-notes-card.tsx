import { FileMinus } from "lucide-react";
import { reasonLabel, useSalesNotes } from "../../api/sales-notes.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { Badge } from "../ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";

/** Issue 9, s.34: the invoices page's "Credit & Debit Notes" section, newest first. */
export function SalesNotesCard() {
  const notes = useSalesNotes();
  const list = notes.data ?? [];
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
