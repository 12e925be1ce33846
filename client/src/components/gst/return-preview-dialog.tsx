import { formatInr } from "@bahi/shared/contract";
import { AlertTriangle, Ban, Info } from "lucide-react";
import { useState } from "react";
import { useReturnPreview, type GstReturnType, type HeadsView, type ReturnPreview, type ReturnProblem } from "../../api/gst.ts";
import { describeError } from "../../api/errors.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { periodLabel, returnTypeLabel } from "../../lib/gst.ts";
import { gstr3bTables, TABLE_5_COLUMNS, type PreviewTable } from "../../lib/return-preview.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { asOfLabel, todayInIndia } from "../as-of/as-of.ts";

const money = (paise: number) => formatInr(paise);
const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "0.00");

function ReturnTable({ table }: { table: PreviewTable }) {
  const exempt = table.ref === "5";
  const fees = table.ref === "5.1";
  return (
    <section aria-label={`Table ${table.ref}`} className="grid gap-2">
      <h4 className="text-sm font-semibold text-foreground">
        {table.ref} {table.title}
      </h4>
      <Table className="text-xs">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Nature of supplies</TableHead>
            {table.hasTaxable && <TableHead className="text-right">Taxable value</TableHead>}
            <TableHead className="text-right">{exempt ? TABLE_5_COLUMNS.igst : "IGST"}</TableHead>
            <TableHead className="text-right">{exempt ? TABLE_5_COLUMNS.cgst : "CGST"}</TableHead>
            {!exempt && <TableHead className="text-right">SGST/UTGST</TableHead>}
            {!exempt && !fees && <TableHead className="text-right">Cess</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.ref} aria-label={row.ref} className={cn(row.strong && "font-semibold text-foreground")}>
              <TableCell className="min-w-48 whitespace-normal">
                <span className="mr-1.5 font-mono text-muted-foreground">{row.ref}</span>
                {row.label}
              </TableCell>
              {table.hasTaxable && <TableCell className="text-right tabular-nums">{money(row.taxable ?? 0)}</TableCell>}
              <TableCell className="text-right tabular-nums">{money(row.igst)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(row.cgst)}</TableCell>
              {!exempt && <TableCell className="text-right tabular-nums">{money(row.sgst)}</TableCell>}
              {!exempt && !fees && <TableCell className="text-right tabular-nums">{money(row.cess)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

const HEADS = [
  ["igst", "IGST"],
  ["cgst", "CGST"],
  ["sgst", "SGST/UTGST"],
  ["cess", "Cess"],
] as const;

function PaymentTable({ payment }: { payment: NonNullable<ReturnPreview["payment"]> }) {
  const lines: [string, HeadsView][] = [
    ["Tax payable (3.1(a), (b))", payment.liability],
    ["Paid through ITC", payment.paidFromCredit],
    ["Reverse charge (3.1(d)), in cash", payment.reverseCharge],
    ["Tax paid in cash", payment.cash],
    ["Interest", payment.interest],
    ["Late fee", payment.lateFee],
    ["Credit carried forward", payment.creditCarriedForward],
  ];
  return (
    <section aria-label="Table 6.1" className="grid gap-2">
      <h4 className="text-sm font-semibold text-foreground">6.1 Payment of tax</h4>
      <Table className="text-xs">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Description</TableHead>
            {HEADS.map(([, label]) => (
              <TableHead key={label} className="text-right">
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map(([label, heads]) => (
            <TableRow key={label} aria-label={label}>
              <TableCell className="min-w-40 whitespace-normal">{label}</TableCell>
              {HEADS.map(([head]) => (
                <TableCell key={head} className="text-right tabular-nums">
                  {formatRupees(heads[head])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-right text-sm font-semibold text-foreground">
        Total cash to pay: <span className="tabular-nums">{formatRupees(payment.totalCash)}</span>
      </p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: unknown }) {
  return (
    <div role="group" aria-label={label} className="rounded-lg border bg-muted/40 px-3 py-2">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-base font-semibold text-foreground tabular-nums">{formatRupees(text(value))}</p>
    </div>
  );
}

function Problems({ problems }: { problems: readonly ReturnProblem[] }) {
  if (problems.length === 0) return null;
  const blocking = problems.filter((problem) => problem.blocking);
  return (
    <section aria-label="Problems" className="grid gap-2">
      <h4 className="text-sm font-semibold text-foreground">
        {blocking.length > 0 ? `${blocking.length} ${blocking.length === 1 ? "problem stops" : "problems stop"} this filing` : "Worth a look before filing"}
      </h4>
      <ul className="grid gap-1.5">
        {[...blocking, ...problems.filter((problem) => !problem.blocking)].map((problem, index) => (
          <li
            key={`${problem.code}-${problem.record?.id ?? index}`}
            className={cn(
              "flex gap-2 rounded-lg border px-3 py-2 text-sm",
              problem.blocking ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900",
            )}
          >
            {problem.blocking ? <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
            <span>
              {problem.record && (
                <span className="font-semibold">
                  {problem.record.kind === "invoice" ? "Invoice" : "Purchase"} {problem.record.number}:{" "}
                </span>
              )}
              {problem.message}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Gstr1Summary({ totals }: { totals: Record<string, unknown> }) {
  const count = typeof totals.invoiceCount === "number" ? totals.invoiceCount : 0;
  return (
    <section aria-label="Return totals" className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {count} {count === 1 ? "invoice" : "invoices"} reported
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Taxable value" value={totals.totalTaxableValue} />
        <Figure label="IGST" value={totals.igst} />
        <Figure label="CGST" value={totals.cgst} />
        <Figure label="SGST/UTGST" value={totals.sgst} />
        <Figure label="Total tax" value={totals.totalTax} />
        <Figure label="Invoice value" value={totals.totalInvoiceValue} />
      </div>
    </section>
  );
}

function Gstr3bSummary({ preview }: { preview: ReturnPreview }) {
  const { totals } = preview;
  return (
    <div className="grid gap-5">
      <section aria-label="Return totals" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Output tax" value={totals.outputTax} />
        <Figure label="Input tax credit" value={totals.inputTax} />
        <Figure label="Net payable in cash" value={totals.netPayable} />
        <Figure label="Interest" value={totals.interest} />
        <Figure label="Late fee" value={totals.lateFee} />
        <Figure label="ITC pending" value={totals.pendingItc} />
      </section>
      {gstr3bTables(preview.json).map((table) => (
        <ReturnTable key={table.ref} table={table} />
      ))}
      {preview.payment && <PaymentTable payment={preview.payment} />}
    </div>
  );
}

interface ReturnPreviewDialogProps {
  /** The return to preview, or null when closed. */
  target: { returnType: GstReturnType; period: string } | null;
  filing: boolean;
  /** Absent for a role that may not file (issue 11: an auditor previews, nothing more). */
  onFile?: (() => void) | undefined;
  onClose: () => void;
}

/**
 * What a return would file, before it is filed: its tables and totals, what stops it (the
 * filing rules' refusal, blocking problems) and what is merely worth a look. Filing is the
 * confirmation; it cannot be undone.
 */
export function ReturnPreviewDialog({ target, filing, onFile: fileNow, onClose }: ReturnPreviewDialogProps) {
  // Issue 11: the preview from the books as they stood at the end of a past day; nothing is filed from there.
  const [asOf, setAsOf] = useState("");
  const onFile = asOf ? undefined : fileNow;
  const preview = useReturnPreview(target, asOf);
  const data = preview.data;
  const label = target ? returnTypeLabel(target.returnType) : "";
  const blocked = !data || data.refusal !== null || Boolean(data.filed) || data.problems.some((problem) => problem.blocking);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !filing) onClose();
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{target ? `${label} for ${periodLabel(target.period)}` : "Return preview"}</DialogTitle>
          <DialogDescription>Check the figures before filing. A filed return cannot be changed: corrections go into a later period.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 sm:max-w-xs">
          <TextField id="preview-as-of" label="Books as of (empty: now)" type="date" value={asOf} max={todayInIndia()} onChange={(event) => setAsOf(event.target.value)} />
          {asOf && (
            <p role="status" className="text-sm text-amber-900">
              Showing the return as the books stood on {asOfLabel(asOf)}.
            </p>
          )}
        </div>
        {preview.isPending ? (
          <div aria-busy="true" aria-label="Loading" className="grid gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : preview.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            {describeError(preview.error, "The preview could not be prepared.")}{" "}
            <button type="button" className="font-medium text-primary underline" onClick={() => void preview.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <div className="grid min-w-0 gap-5">
            {data.filed && (
              <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
                Filed{data.filed.filedAt ? ` on ${formatIndianDate(data.filed.filedAt)}` : ""}
                {data.filed.arn ? ` · ARN ${data.filed.arn}` : ""}. A filed return cannot be filed again.
              </p>
            )}
            {data.refusal && (
              <p role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {data.refusal.message}
              </p>
            )}
            <Problems problems={data.problems} />
            {data.returnType === "GSTR3B" ? <Gstr3bSummary preview={data} /> : <Gstr1Summary totals={data.totals} />}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={filing} onClick={onClose}>
            {onFile ? "Cancel" : "Close"}
          </Button>
          {onFile && (
            <Button type="button" disabled={blocked || filing} onClick={onFile}>
              {filing ? "Filing..." : `File ${label}`}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
