import { Check, FileJson, GitCompareArrows, X } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { describeError } from "../../api/errors.ts";
import { HttpError } from "../../api/http.ts";
import { useAccess } from "../../auth/access.tsx";
import { useDecideMatch, useReconcilePurchases, useReconciliation, type ReconciliationRow, type ReconciliationStatus } from "../../api/gst.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { gstFailureText, periodLabel, readGstr2bFile, type Gstr2bFile } from "../../lib/gst.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { HistoryButton } from "../history/history-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

const STATUS: Record<ReconciliationStatus, { label: string; variant: "success" | "warning" | "danger" | "secondary" | "soft"; hint: string }> = {
  exact_match: { label: "Exact match", variant: "success", hint: "Same supplier, number, date and amounts: the ITC can be claimed." },
  suggested_match: { label: "Suggested match", variant: "soft", hint: "Probably the same bill, written differently. Accept to claim its ITC, or reject to keep them apart." },
  mismatch: { label: "Mismatch", variant: "warning", hint: "The same bill with different figures. Accept to claim on the lower figures, or reject." },
  missing_in_books: { label: "Missing in books", variant: "danger", hint: "In GSTR-2B but not in your expenses: record the bill to claim it." },
  missing_in_2b: { label: "Missing in 2B", variant: "secondary", hint: "In your expenses but not in GSTR-2B yet: its ITC waits until the supplier reports it." },
};

const ORDER: readonly ReconciliationStatus[] = ["exact_match", "suggested_match", "mismatch", "missing_in_books", "missing_in_2b"];

const FIELD_LABELS: Readonly<Record<string, string>> = {
  number: "Bill number",
  date: "Date",
  taxable: "Taxable value",
  igst: "IGST",
  cgst: "CGST",
  sgst: "SGST",
  cess: "Cess",
};

function DocCell({ side }: { side: ReconciliationRow["books"] | ReconciliationRow["portal"] }) {
  if (!side) return <span className="text-muted-foreground">—</span>;
  const tax = ["igst", "cgst", "sgst"] as const;
  return (
    <div className="grid gap-0.5">
      <p className="font-medium text-foreground">{side.number}</p>
      <p className="text-xs text-muted-foreground">
        {formatIndianDate(side.date)} · {formatRupees(side.taxable)}
        {tax
          .filter((head) => side[head] !== "0.00")
          .map((head) => ` · ${head.toUpperCase()} ${formatRupees(side[head])}`)
          .join("")}
      </p>
    </div>
  );
}

function Decision({ row, period }: { row: ReconciliationRow; period: string }) {
  const decide = useDecideMatch();
  // Issue 11: an auditor sees each decision taken, and takes none.
  const canFile = useAccess()?.canFile ?? false;
  const canDecide = canFile && (row.status === "suggested_match" || row.status === "mismatch") && row.books && row.portal;
  const name = row.portal?.number ?? row.books?.number ?? row.key;

  async function choose(decision: "accept" | "reject") {
    if (!row.books || !row.portal) return;
    try {
      await decide.mutateAsync({ period, expenseId: row.books.expenseId, portalKey: row.portal.key, decision });
      toast({
        title: decision === "accept" ? "Match accepted" : "Match rejected",
        description: decision === "accept" ? `${name}: its ITC can be claimed.` : `${name}: the bill and the 2B entry are kept apart.`,
      });
    } catch (error) {
      toast({ title: "Could not save the decision", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      {row.decision && <Badge variant={row.decision === "accepted" ? "success" : "secondary"}>{row.decision === "accepted" ? "Accepted" : "Rejected"}</Badge>}
      {canDecide && row.decision !== "accepted" && (
        <Button size="sm" disabled={decide.isPending} aria-label={`Accept ${name}`} onClick={() => void choose("accept")}>
          <Check aria-hidden="true" />
          Accept
        </Button>
      )}
      {canDecide && row.decision !== "rejected" && (
        <Button size="sm" variant="outline" disabled={decide.isPending} aria-label={`Reject ${name}`} onClick={() => void choose("reject")}>
          <X aria-hidden="true" />
          Reject
        </Button>
      )}
    </div>
  );
}

function RowsTable({ rows, period }: { rows: readonly ReconciliationRow[]; period: string }) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Supplier</TableHead>
          <TableHead>In your books</TableHead>
          <TableHead>In GSTR-2B</TableHead>
          <TableHead>Differences</TableHead>
          <TableHead className="text-right">Decision</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const status = STATUS[row.status] ?? { label: row.status, variant: "secondary" as const };
          const number = row.portal?.number ?? row.books?.number ?? row.key;
          return (
            <TableRow key={row.key} aria-label={`${number} ${status.label}`}>
              <TableCell>
                <p className="font-mono text-xs">{row.supplierGstin ?? "—"}</p>
                {row.supplierName && <p className="text-xs text-muted-foreground">{row.supplierName}</p>}
                {row.kind && row.kind !== "b2b" && (
                  <Badge variant="outline" className="mt-1 uppercase">
                    {row.kind}
                  </Badge>
                )}
              </TableCell>
              <TableCell>
                <DocCell side={row.books} />
              </TableCell>
              <TableCell>
                <DocCell side={row.portal} />
                {row.portal && !row.portal.itcAvailable && <p className="text-xs font-medium text-red-700">ITC not available (itcavl N)</p>}
                {row.portal?.reverseCharge && <p className="text-xs text-muted-foreground">Reverse charge</p>}
              </TableCell>
              <TableCell className="max-w-80 text-xs whitespace-normal">
                {row.differences.length === 0 && row.notes.length === 0 ? (
                  <span className="text-muted-foreground">—</span>
                ) : (
                  <ul className="grid gap-0.5">
                    {row.differences.map((difference) => (
                      <li key={difference.field}>
                        {FIELD_LABELS[difference.field] ?? difference.field}: {difference.books} in books, {difference.portal} in 2B
                      </li>
                    ))}
                    {row.notes.map((note) => (
                      <li key={note} className="text-muted-foreground">
                        {note}
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
              <TableCell className="text-right">
                <Decision row={row} period={period} />
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
  const { rows, summary, reportIn } = result.data;
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
  const groups = ORDER.map((status) => ({ status, rows: rows.filter((row) => row.status === status) })).filter((group) => group.rows.length > 0);
  return (
    <section aria-label={`Reconciliation for ${periodLabel(period)}`} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="inline-flex items-center gap-1">
          <h4 className="text-sm font-semibold text-foreground">
            {periodLabel(period)}: {summary.matched} of {summary.total} matched
          </h4>
          <HistoryButton kind="reconciliation" id={period} name={`the GSTR-2B reconciliation for ${periodLabel(period)}`} />
        </div>
        <p className="text-xs text-muted-foreground">
          {ORDER.map((status) => `${summary[status] ?? 0} ${STATUS[status].label.replace(/^\w/, (first) => first.toLowerCase())}`).join(" · ")}
          {reportIn && reportIn !== period ? ` · ITC reported in GSTR-3B for ${periodLabel(reportIn)}` : ""}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Neither GSTR-2B nor your expenses have supplier invoices for this period.</p>
      ) : (
        groups.map((group) => (
          <section key={group.status} aria-label={STATUS[group.status].label} className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATUS[group.status].variant}>{STATUS[group.status].label}</Badge>
              <span className="text-xs text-muted-foreground">{STATUS[group.status].hint}</span>
            </div>
            <RowsTable rows={group.rows} period={period} />
          </section>
        ))
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
  /** The server's refusal of the file (GSTR2B_MISMATCH: another GSTIN or period), shown until the next try. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const reconcile = useReconcilePurchases();
  const disabled = period.trim() === "" || reconcile.isPending;
  // Issue 11: an auditor reads a period's result; uploading and reconciling are writes.
  const canFile = useAccess()?.canFile ?? false;

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
    setRefusal(null);
    try {
      const outcome = await reconcile.mutateAsync({ period: target, gstr2b: file?.read.ok ? file.read.data : null });
      if (outcome.state === "done") {
        toast({ title: "Reconciliation Complete", description: `Matched: ${outcome.matched}, Unmatched: ${outcome.unmatched}` });
        setShownPeriod(target);
      } else {
        toast({ title: "Reconciliation in progress", description: outcome.note });
      }
    } catch (error) {
      if (error instanceof HttpError && error.errorBody?.code === "GSTR2B_MISMATCH") setRefusal(error.errorBody.message);
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
          {canFile ? (
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
          ) : (
            <p className="text-sm text-muted-foreground sm:mt-[1.375rem]">The result of the last reconciliation of the period, as the owner or accountant ran it.</p>
          )}
          {canFile ? (
            <Button className="sm:mt-[1.375rem]" onClick={() => void start()} disabled={disabled}>
              <FileJson aria-hidden="true" />
              {reconcile.isPending ? "Reconciling..." : "Start Reconciliation"}
            </Button>
          ) : (
            <Button className="sm:mt-[1.375rem]" variant="outline" onClick={() => setShownPeriod(period.trim())} disabled={period.trim() === ""}>
              <FileJson aria-hidden="true" />
              Show result
            </Button>
          )}
        </div>
        {refusal && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {refusal} Nothing was recorded: choose the GSTR-2B of your GSTIN for the period.
          </p>
        )}
        {shownPeriod && <ReconciliationResult period={shownPeriod} />}
      </CardContent>
    </Card>
  );
}
