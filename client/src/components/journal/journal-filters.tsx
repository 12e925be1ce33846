import { JOURNAL_RECORD_KINDS, JOURNAL_RECORD_LABELS, type JournalRecordKind } from "@bahi/shared/contract";
import type { JournalFilters as Filters } from "../../api/journal.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";

const ALL = "all";

/** From and to (India dates), record kind and who acted. Radix Select has no "" value, so "all" stands for none. */
export function JournalFilters({ filters, actors, onChange }: { filters: Filters; actors: readonly { value: string; label: string }[]; onChange: (next: Filters) => void }) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const isFiltered = filters.from || filters.to || filters.kind || filters.actor;
  return (
    <div role="search" aria-label="Filter the ledger" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <div className="grid gap-1.5">
        <Label htmlFor="ledger-from">From</Label>
        <Input id="ledger-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ledger-to">To</Label>
        <Input id="ledger-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ledger-kind">Record</Label>
        <Select value={filters.kind || ALL} onValueChange={(value) => set({ kind: value === ALL ? "" : (value as JournalRecordKind) })}>
          <SelectTrigger id="ledger-kind">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All records</SelectItem>
            {JOURNAL_RECORD_KINDS.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {JOURNAL_RECORD_LABELS[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ledger-actor">Who</Label>
        <Select value={filters.actor || ALL} onValueChange={(value) => set({ actor: value === ALL ? "" : value })}>
          <SelectTrigger id="ledger-actor">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Everyone</SelectItem>
            {actors.map((actor) => (
              <SelectItem key={actor.value} value={actor.value}>
                {actor.label}
              </SelectItem>
            ))}
            <SelectItem value="system">System jobs</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <Button type="button" variant="ghost" disabled={!isFiltered} onClick={() => onChange({ from: "", to: "", kind: "", actor: "" })}>
        Clear filters
      </Button>
    </div>
  );
}
