import { financialYearFirstDay, indianDateOf, type CustomerLedger, type LedgerEntry } from "@bahi/shared/contract";
import { FileDown, FileText, ScrollText, Wallet } from "lucide-react";
import { useState } from "react";
import { describeError } from "../../api/errors.ts";
import { downloadLedgerPdf, useCustomerLedger } from "../../api/ledger.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { ErrorState, TableSkeleton } from "../list-states.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";
import { RecordAdvanceForm } from "./record-advance-form.tsx";
import { asOfLabel, todayInIndia } from "../as-of/as-of.ts";

/** "₹1,180.00 Dr" (the customer owes), "₹200.00 Cr" (owed to the customer), "₹0.00". */
export function drCr(amount: string): string {
  if (amount.startsWith("-")) return `${formatRupees(amount.slice(1))} Cr`;
  return amount === "0.00" ? formatRupees(amount) : `${formatRupees(amount)} Dr`;
}

const blankZero = (amount: string) => (amount === "0.00" ? "" : formatRupees(amount));

/** Issue 10: the "Statement" button on a customer's card and the statement dialog it opens. */
export function CustomerStatementButton({ customer }: { customer: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Statement of ${customer.name}`} onClick={() => setOpen(true)}>
        <ScrollText />
        Statement
      </Button>
      {open && <CustomerStatementDialog customer={customer} onClose={() => setOpen(false)} />}
    </>
  );
}

export function CustomerStatementDialog({ customer, onClose }: { customer: { id: string; name: string }; onClose: () => void }) {
  const today = indianDateOf(new Date());
  const [from, setFrom] = useState(financialYearFirstDay(today));
  const [to, setTo] = useState(today);
  // Issue 11: the statement from the books as they stood at the end of this day (empty: now).
  const [asOf, setAsOf] = useState("");
  const datesProblem = !from || !to ? "Choose both dates" : from > to ? "The from date must be on or before the to date" : null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Statement of account: {customer.name}</DialogTitle>
          <DialogDescription>Invoices, notes, payments and advances with the running balance. Dr: the customer owes you; Cr: you owe the customer.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-3 sm:max-w-xl sm:grid-cols-3">
          <TextField id="ledger-from" label="From" type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
          <TextField id="ledger-to" label="To" type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
          <TextField id="ledger-as-of" label="Books as of" type="date" value={asOf} max={todayInIndia()} onChange={(event) => setAsOf(event.target.value)} />
        </div>
        {asOf && (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Showing the statement as the books stood on {asOfLabel(asOf)}.
          </p>
        )}
        {datesProblem ? (
          <p role="alert" className="text-sm text-destructive">
            {datesProblem}
          </p>
        ) : (
          <StatementBody customer={customer} from={from} to={to} asOf={asOf} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function StatementBody({ customer, from, to, asOf, onClose }: { customer: { id: string; name: string }; from: string; to: string; asOf: string; onClose: () => void }) {
  const ledger = useCustomerLedger(customer.id, from, to, asOf);
  const [downloading, setDownloading] = useState(false);
  const [recordingAdvance, setRecordingAdvance] = useState(false);
  // Nothing is recorded into a past moment's books.
  const canWrite = useCanWrite() && !asOf;

  async function download(data: CustomerLedger) {
    setDownloading(true);
    try {
      await downloadLedgerPdf(data, asOf);
    } catch (error) {
      toast({ variant: "destructive", title: "Could not download the statement", description: describeError(error, "Please try again.") });
    } finally {
      setDownloading(false);
    }
  }

  if (ledger.isPending) return <TableSkeleton rows={4} inset="none" />;
  if (ledger.isError) return <ErrorState title="Could not load the statement" error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const data = ledger.data;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-muted/50 p-3 text-sm sm:grid-cols-4">
        <Figure label="Opening balance" value={drCr(data.openingBalance)} testId="ledger-opening" />
        <Figure label="Debit" value={formatRupees(data.totalDebit)} />
        <Figure label="Credit" value={formatRupees(data.totalCredit)} />
        <Figure label="Closing balance" value={drCr(data.closingBalance)} testId="ledger-closing" strong />
      </dl>
      {data.entries.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed px-4 py-8 text-center">
          <FileText aria-hidden="true" className="size-6 text-muted-foreground" />
          <p className="mt-2 text-sm font-medium">
            No transactions between {formatIndianDate(data.from)} and {formatIndianDate(data.to)}
          </p>
          <p className="text-sm text-muted-foreground">Choose other dates to see earlier invoices and payments.</p>
        </div>
      ) : (
        <>
          <ul aria-label="Statement entries" className="grid max-h-[45dvh] gap-2 overflow-y-auto sm:hidden">
            {data.entries.map((entry, index) => (
              <EntryItem key={`${entry.documentId}-${entry.kind}-${index}`} entry={entry} />
            ))}
          </ul>
          <div className="hidden max-h-[50dvh] overflow-auto sm:block">
            <Table aria-label="Statement entries" className="min-w-[560px]">
              <TableHeader>
                <TableRow>
                  <TableHead>Date</TableHead>
                  <TableHead>Particulars</TableHead>
                  <TableHead className="text-right">Debit</TableHead>
                  <TableHead className="text-right">Credit</TableHead>
                  <TableHead className="text-right">Balance</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.entries.map((entry, index) => (
                  <EntryRow key={`${entry.documentId}-${entry.kind}-${index}`} entry={entry} />
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      {recordingAdvance && <RecordAdvanceForm customer={customer} onDone={() => setRecordingAdvance(false)} />}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        {!recordingAdvance && canWrite && (
          <Button type="button" variant="outline" onClick={() => setRecordingAdvance(true)}>
            <Wallet />
            Record advance
          </Button>
        )}
        <Button type="button" disabled={downloading} onClick={() => void download(data)}>
          <FileDown />
          {downloading ? "Downloading..." : "Download PDF"}
        </Button>
      </DialogFooter>
    </>
  );
}

function Figure({ label, value, testId, strong = false }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd data-testid={testId} className={strong ? "font-semibold text-foreground" : "text-foreground"}>
        {value}
      </dd>
    </div>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">{formatIndianDate(entry.date)}</TableCell>
      <TableCell className="whitespace-normal">
        <span className="block">{entry.description}</span>
        {entry.number && entry.kind === "payment" && <span className="block text-xs text-muted-foreground">Ref. {entry.number}</span>}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{blankZero(entry.debit)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{blankZero(entry.credit)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{drCr(entry.balance)}</TableCell>
    </TableRow>
  );
}

/** On a phone: one stacked row per entry, the amount and the balance after it on the right. */
function EntryItem({ entry }: { entry: LedgerEntry }) {
  const debit = entry.debit !== "0.00";
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border px-3 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words text-foreground">{entry.description}</p>
        <p className="text-xs text-muted-foreground">
          {formatIndianDate(entry.date)}
          {entry.number && entry.kind === "payment" ? ` · Ref. ${entry.number}` : ""}
        </p>
      </div>
      <div className="shrink-0 text-right tabular-nums">
        <p className={debit ? "text-foreground" : "text-emerald-700"}>{debit ? `+${formatRupees(entry.debit)}` : `−${formatRupees(entry.credit)}`}</p>
        <p className="text-xs text-muted-foreground">{drCr(entry.balance)}</p>
      </div>
    </li>
  );
}
