import { JOURNAL_RECORD_LABELS, type JournalEntry } from "@bahi/shared/contract";
import { eventTypeInWords, indiaTime } from "../../api/journal.ts";
import { ActorLabel } from "../actor-label.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table.tsx";

/** A uuid by its first eight characters (the full stream name is the cell's title); other ids (a period, an email) whole. */
function shortId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(id) ? id.slice(0, 8) : id.length > 24 ? `${id.slice(0, 23)}…` : id;
}

function RecordCell({ entry }: { entry: JournalEntry }) {
  if (!entry.record) return <span className="text-muted-foreground">{entry.stream}</span>;
  return (
    <span title={entry.stream}>
      {JOURNAL_RECORD_LABELS[entry.record.kind]} <span className="font-mono text-xs text-muted-foreground">{shortId(entry.record.id)}</span>
    </span>
  );
}

/** What happened in the business's words, with the event's own name underneath for the auditor. */
function What({ entry }: { entry: JournalEntry }) {
  return (
    <span className="grid min-w-0">
      <span className="font-medium break-words text-foreground">{entry.summary}</span>
      {eventTypeInWords(entry.type).toLowerCase() !== entry.summary.toLowerCase() && <span className="text-xs text-muted-foreground">{eventTypeInWords(entry.type)}</span>}
    </span>
  );
}

function ShortHash({ hash }: { hash: string }) {
  return (
    <span className="font-mono text-xs text-muted-foreground" title={hash}>
      {hash.slice(0, 12)}…
    </span>
  );
}

/**
 * The journal's entries: a table on a wide screen, one card per entry on a phone (a row of
 * six columns would make a 390 px screen scroll sideways).
 */
export function JournalEntries({ entries }: { entries: readonly JournalEntry[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Ledger entries">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">#</TableHead>
              <TableHead>When (India)</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Record</TableHead>
              <TableHead>Hash</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.seq} data-seq={entry.seq}>
                <TableCell className="tabular-nums text-muted-foreground">{entry.seq}</TableCell>
                <TableCell>{indiaTime(entry.recordedAt)}</TableCell>
                <TableCell>
                  <ActorLabel actor={entry.actor} />
                </TableCell>
                <TableCell className="max-w-md whitespace-normal">
                  <What entry={entry} />
                </TableCell>
                <TableCell>
                  <RecordCell entry={entry} />
                </TableCell>
                <TableCell>
                  <ShortHash hash={entry.hash} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul aria-label="Ledger entries" className="grid gap-3 md:hidden">
        {entries.map((entry) => (
          <li key={entry.seq} data-seq={entry.seq} className="min-w-0 rounded-lg border p-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <What entry={entry} />
              <span className="shrink-0 tabular-nums text-xs text-muted-foreground">#{entry.seq}</span>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{indiaTime(entry.recordedAt)}</p>
            <div className="mt-2">
              <ActorLabel actor={entry.actor} />
            </div>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <RecordCell entry={entry} />
              <ShortHash hash={entry.hash} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
