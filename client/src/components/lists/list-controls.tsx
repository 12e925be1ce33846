import { ChevronLeft, ChevronRight, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import type { Page } from "@bahi/shared/contract";
import { PAGE_SIZE } from "../../api/lists.ts";
import { isFiltered, listParamsOf, nextPageSearch, pageIndexOf, previousPageSearch, showingText, withFilters, without, type ListParams } from "../../lib/list-url.ts";
import { cn } from "../../lib/utils.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";

/** How long the search box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's state in the URL of `path`: its filter `keys` (search first), the page, and the
 * moves between them. Filter and page changes push a history entry (Back undoes them); the
 * search box replaces its own entry as the user types.
 */
export function useListUrl(path: string, keys: readonly string[], filterKeys: readonly string[] = keys.filter((key) => key !== "sort" && key !== "asOf")) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = listParamsOf(search, keys);
  const go = (next: string, replace = false) => navigate(`${path}${next}`, { replace });
  return {
    search,
    params,
    filtered: isFiltered(params, filterKeys),
    pageIndex: pageIndexOf(search),
    setFilters: (patch: Record<string, string | undefined>, options: { replace?: boolean } = {}) => go(withFilters(search, patch), options.replace),
    clearFilters: () => go(withFilters(search, Object.fromEntries(filterKeys.map((key) => [key, undefined])))),
    next: (cursor: string) => go(nextPageSearch(search, cursor)),
    previous: () => go(previousPageSearch(search)),
    /** Drops keys that opened a dialog (?new=1, ?view=<id>) and keeps the filters. */
    drop: (dropKeys: readonly string[]) => go(without(search, dropKeys), true),
  };
}

/** The row of controls above a table: search, filters, sort; wraps on a phone. */
export function ListToolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="search" aria-label={label} className="grid grid-cols-2 items-end gap-3 px-6 pb-4 lg:grid-cols-4">
      {children}
    </div>
  );
}

function ControlLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-xs font-medium text-muted-foreground">
      {children}
    </label>
  );
}

/** The search box; it searches SEARCH_DEBOUNCE_MS after the last key, and follows the URL (Back, Clear). */
export function SearchBox({ label, placeholder, value, onSearch }: { label: string; placeholder: string; value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The latest callback, so a parent's re-render does not restart the wait.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      search.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="col-span-2">
      <ControlLabel htmlFor={id}>{label}</ControlLabel>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input id={id} type="search" maxLength={100} value={text} placeholder={placeholder} onChange={(event) => setText(event.target.value)} className="pl-9" />
      </div>
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

const ALL = "__all";

/** A labelled select over one URL key; the first option ("All …", value "") clears it. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("min-w-0", className)}>
      <ControlLabel htmlFor={id}>{label}</ControlLabel>
      <Select value={value || ALL} onValueChange={(chosen) => onChange(chosen === ALL ? "" : chosen)}>
        <SelectTrigger id={id} aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value || ALL} value={option.value || ALL}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** A date bound of the list ("YYYY-MM-DD"). */
export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <ControlLabel htmlFor={id}>{label}</ControlLabel>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** Clears every filter; shown only while one is set. */
export function ClearFilters({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  if (!shown) return null;
  return (
    <Button variant="ghost" onClick={onClear} className="col-span-2 justify-self-start lg:col-span-1">
      <X aria-hidden="true" />
      Clear filters
    </Button>
  );
}

/** "Showing 26–50 of 312" with Previous and Next. */
/** Where the list is and how it moves: what useListUrl gives. */
type Paging = Pick<ReturnType<typeof useListUrl>, "pageIndex" | "next" | "previous">;

/** "Showing 26–50 of 312" with Previous and Next, for one page of a server-paged list. */
export function ListPager({
  label,
  listUrl: { pageIndex, next: onNext, previous: onPrevious },
  page: { items, total, totalCapped, nextCursor },
  busy,
}: {
  label: string;
  listUrl: Paging;
  page: Pick<Page<unknown, unknown>, "items" | "total" | "totalCapped" | "nextCursor">;
  busy: boolean;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 border-t px-6 py-4">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {showingText(pageIndex, PAGE_SIZE, items.length, total, totalCapped)}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={pageIndex === 0 || busy} onClick={onPrevious}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!nextCursor || busy} onClick={() => nextCursor && onNext(nextCursor)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** The list's params as the server reads them (the hooks' argument). */
export type { ListParams };
