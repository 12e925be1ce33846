import { ArrowRight, History } from "lucide-react";
import { describeError } from "../../api/errors.ts";
import type { HistoryChange, HistoryEntry, HistoryKind } from "@bahi/shared/contract";
import { useRecordHistory } from "../../api/history.ts";
import { ActorLabel } from "../actor-label.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Skeleton } from "../ui/skeleton.tsx";

const shown = (value: string | null) => value ?? "—";

/** An edit's fields, before → after. A table on a wide screen; stacked pairs on a phone. */
function Changes({ changes }: { changes: readonly HistoryChange[] }) {
  return (
    <div role="table" aria-label="Changes" className="mt-2 overflow-hidden rounded-md border text-xs">
      <div role="row" className="hidden grid-cols-[8rem_1fr_1fr] gap-2 bg-muted/60 px-2.5 py-1.5 font-medium text-muted-foreground sm:grid">
        <span role="columnheader">Field</span>
        <span role="columnheader">Before</span>
        <span role="columnheader">After</span>
      </div>
      {changes.map((change) => (
        <div role="row" key={change.field} className="grid grid-cols-1 gap-0.5 border-t px-2.5 py-1.5 first:border-t-0 sm:grid-cols-[8rem_1fr_1fr] sm:gap-2 sm:first:border-t">
          <span role="rowheader" className="font-medium text-foreground">
            {change.label}
          </span>
          <span role="cell" className="break-words text-muted-foreground line-through decoration-muted-foreground/40 sm:no-underline">
            {shown(change.from)}
          </span>
          <span role="cell" className="inline-flex items-start gap-1 break-words text-foreground">
            <ArrowRight aria-hidden="true" className="mt-0.5 size-3 shrink-0 text-muted-foreground sm:hidden" />
            {shown(change.to)}
          </span>
        </div>
      ))}
    </div>
  );
}

function Line({ entry }: { entry: HistoryEntry }) {
  return (
    <li className="relative pb-5 pl-6 last:pb-0">
      {/* The timeline's rail and dot. */}
      <span aria-hidden="true" className="absolute top-1.5 left-[5px] h-full w-px bg-border" />
      <span aria-hidden="true" className="absolute top-1.5 left-0 size-[11px] rounded-full border-2 border-primary bg-card" />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <time dateTime={entry.recordedAt}>{entry.at}</time>
        <span aria-hidden="true">·</span>
        <ActorLabel actor={entry.actor} />
      </div>
      <p className="mt-1 text-sm text-foreground">{entry.summary}</p>
      {entry.changes.length > 0 && <Changes changes={entry.changes} />}
    </li>
  );
}

/**
 * Issue 11: the history of one record (Companies (Accounts) Rules 2014, Rule 3(1): each change
 * with its date), oldest first: when (India time), who and in what role, what, and each
 * edited field's old and new value.
 */
export function HistoryDialog({ kind, id, title, onClose }: { kind: HistoryKind; id: string; title: string; onClose: () => void }) {
  const history = useRecordHistory(kind, id);
  const entries = history.data?.entries ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" aria-describedby="history-description">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <History aria-hidden="true" className="size-5 text-muted-foreground" />
            History of {history.data?.record.label ?? title}
          </DialogTitle>
          <DialogDescription id="history-description">Every change, oldest first, with who made it. The history cannot be edited.</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div aria-busy="true" aria-label="Loading history" className="grid gap-4">
            {[0, 1, 2].map((row) => (
              <div key={row} className="grid gap-2">
                <Skeleton className="h-3 w-48" />
                <Skeleton className="h-4 w-full" />
              </div>
            ))}
          </div>
        ) : history.isError ? (
          <div role="alert" className="rounded-lg border border-destructive/30 bg-red-50/50 p-4 text-sm">
            <p className="font-medium text-foreground">Could not load the history</p>
            <p className="mt-1 text-muted-foreground">{describeError(history.error, "The server could not be reached.")}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Nothing has been recorded for this yet.</p>
        ) : (
          <ol aria-label="History" className="grid">
            {entries.map((entry) => (
              <Line key={entry.position} entry={entry} />
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
