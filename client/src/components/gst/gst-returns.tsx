import { Download, FileText, Send } from "lucide-react";
import { useState } from "react";
import { downloadReturnJson, useFileReturn, useGstReturns, type GstReturn, type GstReturnType } from "../../api/gst.ts";
import { describeError } from "../../api/errors.ts";
import { formatIndianDate, formatRupees } from "../../lib/format.ts";
import { gstFailureText, periodLabel, returnStatusVariant, returnTypeLabel } from "../../lib/gst.ts";
import { EmptyState, ErrorState, TableSkeleton } from "../list-states.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { HistoryButton } from "../history/history-button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";
import { TextField } from "../ui/text-field.tsx";
import { WithTooltip } from "../ui/tooltip.tsx";
import { toast } from "../ui/use-toast.ts";
import { PurchaseReconciliation } from "./purchase-reconciliation.tsx";
import { supplierRegistrationOf } from "@bahi/shared/contract";
import { useProfile } from "../../api/profile.ts";
import { CompositionReturns } from "./composition-returns.tsx";
import { ReturnPreviewDialog } from "./return-preview-dialog.tsx";
import { useAccess } from "../../auth/access.tsx";

function FileReturns() {
  const [period, setPeriod] = useState("");
  const [previewing, setPreviewing] = useState<{ returnType: GstReturnType; period: string } | null>(null);
  const file = useFileReturn();
  const disabled = period.trim() === "" || file.isPending;
  // Issue 11: an auditor opens the same preview, without the filing.
  const canFile = useAccess()?.canFile ?? false;

  async function fileReturn() {
    if (!previewing) return;
    const { returnType } = previewing;
    const label = returnTypeLabel(returnType);
    try {
      const outcome = await file.mutateAsync(previewing);
      if (outcome.state === "filed") toast({ title: `${label} Filed Successfully`, description: `ARN: ${outcome.arn}` });
      else toast({ title: `${label} filing in progress`, description: outcome.note });
      setPreviewing(null);
    } catch (error) {
      toast({ title: "Filing Failed", description: gstFailureText(error, "The server could not be reached."), variant: "destructive" });
    }
  }

  const preview = (returnType: GstReturnType) => setPreviewing({ returnType, period: period.trim() });

  return (
    <Card role="region" aria-label="File returns">
      <CardHeader>
        <CardTitle>File returns</CardTitle>
        <CardDescription>
          GSTR-1 reports the period's sales from your invoices; GSTR-3B the tax on them less input tax credit. Each opens a preview first: nothing is filed until you confirm.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <TextField
          id="gst-return-period"
          label="Return Period"
          className="sm:w-64"
          placeholder="MMYYYY"
          inputMode="numeric"
          hint="MMYYYY, e.g. 062026 for June 2026"
          value={period}
          onChange={(event) => setPeriod(event.target.value)}
        />
        {/* Level with the input: below its label (text-sm, leading-none) and the field's gap-2. */}
        <div className="flex flex-wrap gap-3 sm:mt-[1.375rem]">
          <Button onClick={() => preview("GSTR1")} disabled={disabled}>
            <Send aria-hidden="true" />
            {canFile ? "File GSTR-1" : "Preview GSTR-1"}
          </Button>
          <Button variant="outline" onClick={() => preview("GSTR3B")} disabled={disabled}>
            <Send aria-hidden="true" />
            {canFile ? "File GSTR-3B" : "Preview GSTR-3B"}
          </Button>
        </div>
      </CardContent>
      <ReturnPreviewDialog target={previewing} filing={file.isPending} onFile={canFile ? () => void fileReturn() : undefined} onClose={() => setPreviewing(null)} />
    </Card>
  );
}

function ReturnRow({ entry, downloading, onDownload }: { entry: GstReturn; downloading: boolean; onDownload: () => void }) {
  const name = `${returnTypeLabel(entry.returnType)} ${entry.period}`;
  return (
    <TableRow aria-label={name}>
      <TableCell className="font-medium text-foreground">{returnTypeLabel(entry.returnType)}</TableCell>
      <TableCell>
        <p>{periodLabel(entry.period)}</p>
        <p className="font-mono text-xs text-muted-foreground">{entry.period}</p>
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={returnStatusVariant(entry.status)} className="capitalize">
            {entry.status}
          </Badge>
          {entry.filedVia === "sandbox" && (
            <WithTooltip tip="Filed with the GSP's sandbox, not on the GST portal">
              <span tabIndex={0}>
                <Badge variant="outline">Sandbox</Badge>
              </span>
            </WithTooltip>
          )}
        </div>
        {entry.error && <p className="mt-1 max-w-64 text-xs whitespace-normal text-destructive">{entry.error}</p>}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatRupees(entry.totalTurnover, 0)}</TableCell>
      <TableCell className="text-right tabular-nums">
        {entry.returnType === "GSTR3B" ? formatRupees(entry.totalItcClaimed) : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="font-mono text-xs">{entry.arn ?? <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell>{formatIndianDate(entry.dueDate)}</TableCell>
      <TableCell className="text-right whitespace-nowrap">
        <HistoryButton kind="return" id={entry.id} name={name} />
        <Button variant="outline" size="sm" aria-label={`Download JSON ${name}`} disabled={downloading} onClick={onDownload}>
          <Download aria-hidden="true" />
          Download JSON
        </Button>
      </TableCell>
    </TableRow>
  );
}

function ReturnsList() {
  const returns = useGstReturns();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const list = returns.data ?? [];

  async function download(entry: GstReturn) {
    setDownloadingId(entry.id);
    try {
      await downloadReturnJson(entry);
      toast({ title: "Return JSON downloaded", description: `${entry.returnType}-${entry.period}.json, ready for the GST offline tool.` });
    } catch (error) {
      toast({ title: "Failed to download return", description: describeError(error, "An error occurred"), variant: "destructive" });
    } finally {
      setDownloadingId(null);
    }
  }

  if (returns.isError) return <ErrorState title="Could not load your returns" error={returns.error} onRetry={() => void returns.refetch()} />;
  if (!returns.isPending && list.length === 0) {
    return <EmptyState icon={FileText} title="No returns filed yet" text="File GSTR-1 and GSTR-3B for a period above; each filing appears here with its ARN." />;
  }
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Returns</CardTitle>
        <CardDescription>Every filing with its status, turnover and acknowledgement (ARN)</CardDescription>
      </CardHeader>
      <CardContent className="px-3 sm:px-6">
        {returns.isPending ? (
          <TableSkeleton rows={3} inset="none" />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Return</TableHead>
                <TableHead>Period</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Total Turnover</TableHead>
                <TableHead className="text-right">ITC Claimed</TableHead>
                <TableHead>ARN</TableHead>
                <TableHead>Due Date</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((entry) => (
                <ReturnRow key={entry.id} entry={entry} downloading={downloadingId === entry.id} onDownload={() => void download(entry)} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The GST Returns tab: filing, the list of returns, and purchase reconciliation against GSTR-2B. */
export function GstReturns() {
  // Issue 9: a composition business files CMP-08 instead; an unregistered one nothing.
  const registration = supplierRegistrationOf(useProfile().data?.gstCategory);
  if (registration !== "Regular") return <CompositionReturns registration={registration} />;
  return (
    <div className="grid gap-6">
      <FileReturns />
      <ReturnsList />
      <PurchaseReconciliation />
    </div>
  );
}
