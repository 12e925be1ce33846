import { ScrollText } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { actorsOf, NO_FILTERS, useJournal, type JournalFilters as Filters } from "../api/journal.ts";
import { JournalEntries } from "../components/journal/journal-entries.tsx";
import { JournalFilters } from "../components/journal/journal-filters.tsx";
import { LedgerHead } from "../components/journal/ledger-head.tsx";
import { EmptyState, ErrorState, TableSkeleton } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";

/**
 * Issue 11: the ledger, every event of the business in the order its hash chain holds them
 * (Companies (Accounts) Rules 2014, Rule 3(1): an audit trail of each change, with its date),
 * for the owner and the auditor. Read only: nothing here changes the books.
 */
export function LedgerPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const journal = useJournal(filters);
  const entries = useMemo(() => journal.data?.pages.flatMap((page) => page.entries) ?? [], [journal.data]);
  const head = journal.data?.pages[0]?.head;
  // The actor filter offers everyone seen so far, kept while a filter narrows the list.
  const [actors, setActors] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    setActors((known) => {
      const fresh = actorsOf(entries).filter((actor) => !known.some((k) => k.value === actor.value));
      return fresh.length > 0 ? [...known, ...fresh] : known;
    });
  }, [entries]);

  return (
    <div>
      <PageHeader title="Ledger" description="Every change to your books, in order, with who made it and when — sealed so that edits made outside Bahi show up." />
      <LedgerHead head={head} filters={filters} />
      <JournalFilters filters={filters} actors={actors} onChange={setFilters} />
      {journal.isPending ? (
        <Card>
          <TableSkeleton rows={6} />
        </Card>
      ) : journal.isError ? (
        <ErrorState title="Could not load the ledger" error={journal.error} onRetry={() => void journal.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={filters === NO_FILTERS ? "No events yet" : "No events match"}
          text={filters === NO_FILTERS ? "Everything you record appears here." : "Try other dates, records or people."}
        />
      ) : (
        <Card>
          <CardContent className="p-3 sm:p-4">
            <JournalEntries entries={entries} />
            <div className="mt-4 flex flex-col items-center gap-2 text-sm text-muted-foreground">
              <span>
                Showing {entries.length.toLocaleString("en-IN")} event{entries.length === 1 ? "" : "s"}
              </span>
              {journal.hasNextPage && (
                <Button type="button" variant="outline" onClick={() => void journal.fetchNextPage()} disabled={journal.isFetchingNextPage}>
                  {journal.isFetchingNextPage ? "Loading…" : "Load more"}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
