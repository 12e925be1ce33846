import { useState, type FormEvent } from "react";
import { describeError } from "../../api/errors.ts";
import { useCheckNotedHead, type NotedHeadCheck } from "../../api/journal.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";

function Outcome({ check }: { check: NotedHeadCheck }) {
  switch (check.outcome) {
    case "matches":
      return (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          Matches: history up to event #{check.seq} is unchanged since you noted it.
        </p>
      );
    case "differs":
      return (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          Does not match: event #{check.seq} now has hash <code className="font-mono text-xs break-all">{check.hash}</code>. History up to it was rewritten after you noted it.
        </p>
      );
    case "missing":
      return (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          The ledger has no event #{check.seq}: events up to it were removed after you noted it.
        </p>
      );
    case "broken":
      return (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          The ledger does not verify: event #{check.verification.firstProblem?.seq} has a problem ({check.verification.firstProblem?.kind}).
        </p>
      );
  }
}

/** An auditor's later check of a head hash noted from this screen (or an export's manifest). */
export function NotedHeadCheckForm() {
  const [seq, setSeq] = useState("");
  const [hash, setHash] = useState("");
  const check = useCheckNotedHead();
  const valid = /^\d+$/.test(seq) && Number(seq) > 0 && /^[0-9a-fA-F]{64}$/.test(hash.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) check.mutate({ seq: Number(seq), hash });
  }

  return (
    <form aria-label="Check a noted head hash" onSubmit={submit} className="grid gap-3 border-t pt-4">
      <p className="text-sm font-medium text-foreground">Check a head hash you noted earlier</p>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="noted-seq">Event #</Label>
          <Input id="noted-seq" inputMode="numeric" value={seq} onChange={(event) => setSeq(event.target.value.trim())} />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="noted-hash">Hash</Label>
          <Input id="noted-hash" className="font-mono text-xs" value={hash} onChange={(event) => setHash(event.target.value)} />
        </div>
        <Button type="submit" variant="outline" disabled={!valid || check.isPending}>
          {check.isPending ? "Checking…" : "Check hash"}
        </Button>
      </div>
      {check.data && <Outcome check={check.data} />}
      {check.error && (
        <p role="alert" className="text-sm text-destructive">
          {describeError(check.error, "Could not check the hash. Please try again.")}
        </p>
      )}
    </form>
  );
}
