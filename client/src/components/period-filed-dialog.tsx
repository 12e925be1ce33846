import { formatIndianDate, formatRupees } from "../lib/format.ts";
import { periodLabel } from "../lib/gst.ts";
import { reportInLabel, returnTypesText, type PeriodFiled } from "../lib/period-filed.ts";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from "./ui/alert-dialog.tsx";

interface PeriodFiledDialogProps {
  /** The server's 409 PERIOD_FILED, or null when closed. */
  filed: PeriodFiled | null;
  pending: boolean;
  /** Sends the same record again with reportInNextOpenPeriod: true. */
  onConfirm: () => void;
  /** Back to the form, with everything typed kept. */
  onCancel: () => void;
}

/**
 * A sale or purchase dated in a period whose return is filed: what moving it into the next open
 * period means (the tax that moves, the interest on it), and the choice to do so.
 */
export function PeriodFiledDialog({ filed, pending, onConfirm, onCancel }: PeriodFiledDialogProps) {
  const effect = filed?.effect ?? null;
  const heads = effect
    ? [
        ["IGST", effect.igst],
        ["CGST", effect.cgst],
        ["SGST", effect.sgst],
      ].filter(([, amount]) => amount !== "0.00" && amount !== "0")
    : [];
  return (
    <AlertDialog
      open={filed !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{filed ? `${periodLabel(filed.period)} is already filed` : "Period already filed"}</AlertDialogTitle>
          <AlertDialogDescription>{filed?.message}</AlertDialogDescription>
        </AlertDialogHeader>
        {filed && (
          <section aria-label="Effect of reporting later" className="grid gap-2 rounded-xl border bg-muted/40 p-4 text-sm">
            <p>
              {returnTypesText(effect?.returnTypes ?? [])} for {periodLabel(filed.period)} cannot change. This record can be reported in{" "}
              <span className="font-medium text-foreground">{periodLabel(filed.reportIn)}</span> instead.
            </p>
            {effect && (
              <dl className="grid gap-1">
                <div className="flex justify-between">
                  <dt className="text-muted-foreground">Tax that moves</dt>
                  <dd className="tabular-nums font-medium" aria-label="Tax that moves">
                    {formatRupees(effect.tax)}
                    {heads.length > 0 && (
                      <span className="ml-1 text-xs font-normal text-muted-foreground">({heads.map(([head, amount]) => `${head} ${formatRupees(amount)}`).join(", ")})</span>
                    )}
                  </dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-muted-foreground">Interest (s.50, 18% a year){effect.interestUntil ? ` until ${formatIndianDate(effect.interestUntil)}` : ""}</dt>
                  <dd className="tabular-nums font-medium" aria-label="Interest">
                    {formatRupees(effect.interest)}
                  </dd>
                </div>
              </dl>
            )}
          </section>
        )}
        <AlertDialogConfirmFooter pending={pending} label={filed ? reportInLabel(filed) : "Report later"} pendingLabel="Saving..." onConfirm={onConfirm} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
