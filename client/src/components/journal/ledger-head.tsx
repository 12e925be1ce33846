import type { JournalHead, LedgerVerification } from "@bahi/shared/contract";
import { Copy, Download, ShieldAlert, ShieldCheck } from "lucide-react";
import { describeError } from "../../api/errors.ts";
import { downloadLedgerExport, useVerifyLedger, type JournalFilters } from "../../api/journal.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { toast } from "../ui/use-toast.ts";
import { NotedHeadCheckForm } from "./noted-head-check.tsx";

const PROBLEM_WORDS: Record<string, string> = {
  edited: "was changed after it was recorded",
  deleted: "is missing: an event was deleted",
  inserted: "was added directly in the database",
  reordered: "is out of place: events were swapped",
};

function VerifyResult({ result }: { result: LedgerVerification }) {
  if (result.ok) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Ledger verified: all {result.checked.toLocaleString("en-IN")} events are intact and in order{result.head ? `, up to event #${result.head.seq}` : ""}.
        </span>
      </p>
    );
  }
  const problem = result.firstProblem!;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Problem found: event #{problem.seq} {PROBLEM_WORDS[problem.kind] ?? problem.kind}
        {problem.position ? ` (position ${problem.position})` : ""}. The {result.checked.toLocaleString("en-IN")} events before it are intact.
      </span>
    </p>
  );
}

/**
 * Today's head hash in full (an auditor notes it and later checks that history up to it has
 * not changed), the chain's verification, and the export an auditor takes away.
 */
export function LedgerHead({ head, filters }: { head: JournalHead | null | undefined; filters: JournalFilters }) {
  const verify = useVerifyLedger();

  async function copy() {
    if (!head) return;
    try {
      await navigator.clipboard.writeText(head.hash);
      toast({ title: "Head hash copied", description: "Keep it with your audit notes to check the ledger against later." });
    } catch {
      toast({ title: "Could not copy", description: "Select the hash and copy it yourself.", variant: "destructive" });
    }
  }
  async function download(format: "jsonl" | "csv") {
    try {
      await downloadLedgerExport(format, filters);
      toast({
        title: "Export downloaded",
        description:
          format === "jsonl" ? "Check it offline with: bahi ledger verify-export FILE" : "The manifest is in the X-Bahi-Manifest header; the JSON Lines export carries it inside.",
      });
    } catch (error) {
      toast({ title: "Could not export the ledger", description: describeError(error, "Please try again"), variant: "destructive" });
    }
  }

  return (
    <Card className="mb-6">
      <CardHeader className="pb-3">
        <CardTitle>Tamper evidence</CardTitle>
        <CardDescription>
          Each event is sealed with a SHA-256 hash of the one before it, so any change made directly in the database shows up when the ledger is verified.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-foreground">Today's head hash{head ? ` (event #${head.seq})` : ""}:</p>
          {head ? (
            <div className="mt-1 flex items-start gap-2">
              <code data-testid="head-hash" className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all">
                {head.hash}
              </code>
              <Button type="button" variant="outline" size="icon" aria-label="Copy head hash" onClick={() => void copy()}>
                <Copy aria-hidden="true" className="size-4" />
              </Button>
            </div>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">No events yet.</p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {verify.isPending ? "Verifying…" : "Verify ledger"}
          </Button>
          <Button type="button" variant="outline" onClick={() => void download("jsonl")}>
            <Download aria-hidden="true" className="size-4" />
            Export JSONL
          </Button>
          <Button type="button" variant="outline" onClick={() => void download("csv")}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </Button>
        </div>
        {verify.data && <VerifyResult result={verify.data} />}
        {verify.error && (
          <p role="alert" className="text-sm text-destructive">
            {describeError(verify.error, "Could not verify the ledger. Please try again.")}
          </p>
        )}
        <NotedHeadCheckForm />
      </CardContent>
    </Card>
  );
}
