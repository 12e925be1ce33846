import type { ComponentProps } from "react";
import type { Page } from "@bahi/shared/contract";
import type { ListParams } from "../../lib/list-url.ts";
import { ClearFilters, FilterSelect, ListPager, ListToolbar, SearchBox, type FilterOption } from "./list-controls.tsx";

/** The URL keys of the customer and vendor lists (issue 10); archived ones have their own list below. */
export const PARTY_LIST_KEYS = ["q", "sort"] as const;

const SORT_OPTIONS: FilterOption[] = [
  { value: "", label: "Newest first" },
  { value: "name-asc", label: "Name, A to Z" },
];

/** Search and sort above a party card grid. */
export function PartyToolbar({
  noun,
  filters,
  setFilters,
  filtered,
  onClear,
}: {
  noun: "customers" | "vendors";
  filters: ListParams;
  setFilters: (patch: Record<string, string | undefined>, options?: { replace?: boolean }) => void;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <div className="mb-4 rounded-xl border bg-card pt-4 shadow-sm [&>div]:pb-4">
      <ListToolbar label={`Find ${noun}`}>
        <SearchBox label={`Search ${noun}`} placeholder="Name, email, phone or GSTIN" value={filters.q ?? ""} onSearch={(q) => setFilters({ q }, { replace: true })} />
        <FilterSelect label="Sort" value={filters.sort ?? ""} options={SORT_OPTIONS} onChange={(sort) => setFilters({ sort })} />
        <ClearFilters shown={filtered} onClear={onClear} />
      </ListToolbar>
    </div>
  );
}

/** "Showing 1–25 of 40" with Previous and Next, under a party card grid. */
export function PartyPager<T, S>({ label, page, listUrl, busy }: { label: string; page: Page<T, S>; listUrl: ComponentProps<typeof ListPager>["listUrl"]; busy: boolean }) {
  return (
    <div className="mt-4 rounded-xl border bg-card shadow-sm [&>nav]:border-t-0">
      <ListPager label={label} listUrl={listUrl} page={page} busy={busy} />
    </div>
  );
}
