import { FileJson, GitCompareArrows } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useReconcilePurchases, useReconciliation, type ReconciliationRow, type ReconciliationStatus } from "../../api/gst.ts";
import { formatIndianDate } from "../../lib/format.ts";
import { gstFailureText, periodLabel, readGstr2bFile, type Gstr2bFile } from "../../lib/gst.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const STATUS: Record<ReconciliationStatus, { label: string; variant: "success" | "warning" | "danger" | "secondary" }> = {
  matched: { label: "Matched", variant: "success" },
  mismatch: { label: "Mismatch", variant: "warning" },
  missing_in_books: { label: "Missing in books", variant: "danger" },
  missing_in_2b: { label: "Missing in GSTR-2B", variant: "secondary" },
};

function RowsTable({ rows }: { rows: readonly ReconciliationRow[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Status</TableHead>
          <TableHead>Supplier GSTIN</TableHead>
          <TableHead>Invoice</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Differences</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => {
          const status = STATUS[row.status] ?? { label: row.status, variant: "secondary" as const };
          return (
            <TableRow key={`${row.supplierGstin}-${row.invoiceNumber}-${index}`} aria-label={`${row.invoiceNumber} ${status.label}`}>
              <TableCell>
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
              <TableCell>
                <p className="font-mono text-xs">{row.supplierGstin}</p>
                {row.supplierName && <p className="text-xs text-muted-foreground">{row.supplierName}</p>}
              </TableCell>
              <TableCell className="font-medium">{row.invoiceNumber}</TableCell>
              <TableCell>{formatIndianDate(row.invoiceDate)}</TableCell>
              <TableCell className="max-w-96 text-xs whitespace-normal">
                {row.differences.length === 0 && (row.notes ?? []).length === 0 ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <ul className="grid gap-0.5">
                    {row.differences.map((difference) => (
                      <li key={difference}>{difference}</li>
                    ))}
                    {(row.notes ?? []).map((note) => (
                      <li key={note} className="text-muted-foreground">
                        {note}
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function ReconciliationResult({ period }: { period: string }) {
  const result = useReconciliation(period);
  if (result.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading" className="grid gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (result.isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The reconciled rows could not be loaded.{" "}
        <button type="button" className="font-medium text-primary underline" onClick={() => void result.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const { rows, summary } = result.data;
  if (!summary) {
    // The file is stored but its result has not reached the read side yet.
    return (
      <p className="text-sm text-muted-foreground">
        The GSTR-2B for {periodLabel(period)} is uploaded; its result is not ready yet.{" "}
        <button type="button" className="font-medium text-primary underline" onClick={() => void result.refetch()}>
          Refresh
        </button>
      </p>
    );
  }
  return (
    <section aria-label={`Reconciliation for ${periodLabel(period)}`} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-semibold text-foreground">
          {periodLabel(period)}: {rows.length} {rows.length === 1 ? "invoice" : "invoices"} compared
        </h4>
        <p className="text-xs text-muted-foreground">
          {summary.matched} matched · {summary.mismatch} {summary.mismatch === 1 ? "mismatch" : "mismatches"} · {summary.missing_in_books} missing in books ·{" "}
          {summary.missing_in_2b} missing in GSTR-2B
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Neither GSTR-2B nor your expenses have supplier invoices for this period.</p>
      ) : (
        <RowsTable rows={rows} />
      )}
    </section>
  );
}

/**
 * Purchase Reconciliation: the GSTR-2B the portal generated for a period against the expenses
 * recorded with a vendor GSTIN and invoice number. The file is read here, to say what it holds,
 * and checked by the server.
 */
export function PurchaseReconciliation() {
  const [period, setPeriod] = useState("");
  const [file, setFile] = useState<{ name: string; read: Gstr2bFile } | null>(null);
  const [shownPeriod, setShownPeriod] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const reconcile = useReconcilePurchases();
  const disabled = period.trim() === "" || reconcile.isPending;

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) {
      setFile(null);
      return;
    }
    const read = readGstr2bFile(await chosen.text());
    setFile({ name: chosen.name, read });
    // The file names its own period: fill it in when none was typed.
    if (read.ok && read.returnPeriod && period.trim() === "") setPeriod(read.returnPeriod);
  }

  async function start() {
    const target = period.trim();
    if (file && !file.read.ok) {
      toast({ title: "Reconciliation Failed", description: file.read.error, variant: "destructive" });
      return;
    }
    try {
      const outcome = await reconcile.mutateAsync({ period: target, gstr2b: file?.read.ok ? file.read.data : null });
      if (outcome.state === "done") {
        toast({ title: "Reconciliation Complete", description: `Matched: ${outcome.matched}, Unmatched: ${outcome.unmatched}` });
        setShownPeriod(target);
      } else {
        toast({ title: "Reconciliation in progress", description: outcome.note });
      }
    } catch (error) {
      toast({ title: "Reconciliation Failed", description: gstFailureText(error, "The server could not be reached."), variant: "destructive" });
    }
  }

  const fileNote = !file ? (
    "Download GSTR-2B (JSON) for the period from the GST portal. Without a file, the one uploaded before for the period is used."
  ) : file.read.ok ? (
    <>
      {file.name}: {file.read.invoices} {file.read.invoices === 1 ? "invoice" : "invoices"} from {file.read.suppliers} {file.read.suppliers === 1 ? "supplier" : "suppliers"}
      {file.read.returnPeriod && file.read.returnPeriod !== period.trim() && period.trim() !== "" && (
        <span className="text-amber-700"> · the file is for {periodLabel(file.read.returnPeriod)}</span>
      )}
    </>
  ) : (
    <span className="text-destructive">{file.read.error}</span>
  );

  return (
    <Card role="region" aria-label="Purchase Reconciliation">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GitCompareArrows aria-hidden="true" className="size-4 text-primary" />
          Purchase Reconciliation
        </CardTitle>
        <CardDescription>Match the purchase invoices your suppliers reported in GSTR-2B against your expenses, before claiming input tax credit.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)_auto] sm:items-start">
          <TextField
            id="reconciliation-period"
            label="Reconciliation Period"
            placeholder="MMYYYY"
            inputMode="numeric"
            hint="MMYYYY, e.g. 062026"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
          />
          <Field id={fileId} label="GSTR-2B JSON" hint={fileNote}>
            <div className="flex items-center gap-2">
              <Input
                ref={fileInput}
                id={fileId}
                type="file"
                accept="application/json,.json"
                onChange={(event) => void chooseFile(event)}
                className="file:mr-3 file:rounded-md file:border-0 file:bg-accent file:px-2.5 file:py-1 file:text-xs file:font-medium file:text-accent-foreground"
              />
              {file && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setFile(null);
                    if (fileInput.current) fileInput.current.value = "";
                  }}
                >
                  Clear
                </Button>
              )}
            </div>
          </Field>
          <Button className="sm:mt-[1.375rem]" onClick={() => void start()} disabled={disabled}>
            <FileJson aria-hidden="true" />
            {reconcile.isPending ? "Reconciling..." : "Start Reconciliation"}
          </Button>
        </div>
        {shownPeriod && <ReconciliationResult period={shownPeriod} />}
      </CardContent>
    </Card>
  );
}
