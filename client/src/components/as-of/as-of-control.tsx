import { History } from "lucide-react";
import { useId } from "react";
import { useLocation, useSearch } from "wouter";
import { withFilters } from "../../lib/list-url.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { AS_OF_PARAM, asOfFromInputs, asOfInputs, asOfLabel, todayInIndia } from "./as-of.ts";

/** The screen's "As of" moment from the URL (`?asOf=`), or null: the books as they are now. */
export function useAsOf(): string | null {
  const value = new URLSearchParams(useSearch()).get(AS_OF_PARAM)?.trim();
  return value ? value : null;
}

/** Moves the screen to another moment (null: now), back on a list's first page, other filters kept. */
export function useSetAsOf(): (asOf: string | null) => void {
  const [location, navigate] = useLocation();
  const search = useSearch();
  return (asOf) => navigate(`${location}${withFilters(search, { [AS_OF_PARAM]: asOf ?? undefined })}`);
}

/**
 * The "As of" date and time fields for a page header. Picking a date shows the books at the end
 * of that day (or at the time given); "Now" goes back to today's books. The moment is India's
 * wall clock, as every date in Bahi is.
 */
export function AsOfControl() {
  const id = useId();
  const asOf = useAsOf();
  const setAsOf = useSetAsOf();
  const { date, time } = asOfInputs(asOf);
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="As of">
      <div>
        <label htmlFor={`${id}-date`} className="mb-1 block text-xs font-medium text-muted-foreground">
          As of
        </label>
        <Input
          id={`${id}-date`}
          type="date"
          aria-label="As of date"
          className="w-40"
          max={todayInIndia()}
          value={date}
          onChange={(event) => setAsOf(event.target.value ? asOfFromInputs(event.target.value, time) : null)}
        />
      </div>
      <Input type="time" aria-label="As of time" className="w-28" value={time} disabled={!date} onChange={(event) => date && setAsOf(asOfFromInputs(date, event.target.value))} />
      {asOf && (
        <Button variant="outline" onClick={() => setAsOf(null)}>
          Now
        </Button>
      )}
    </div>
  );
}

/** While a screen shows a past moment: says which, and offers the way back to today. */
export function AsOfBanner() {
  const asOf = useAsOf();
  const setAsOf = useSetAsOf();
  if (!asOf) return null;
  return (
    <div role="status" aria-label="As of" className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <History aria-hidden="true" className="size-4 shrink-0" />
      <p className="flex-1">
        Showing your books as they stood on <span className="font-semibold">{asOfLabel(asOf)}</span>. Nothing can be changed from here.
      </p>
      <Button variant="outline" size="sm" onClick={() => setAsOf(null)}>
        Back to today
      </Button>
    </div>
  );
}

/**
 * What a person may do on a screen shown as of a past moment: read. Every write button the
 * screens gate on canWrite, canFile or canEditSettings (auth/access.tsx) goes, whatever the role.
 */
export function readOnlyAsOf<T extends { canWrite: boolean; canFile: boolean; canEditSettings: boolean }>(access: T, asOf: string | null): T {
  return asOf ? { ...access, canWrite: false, canFile: false, canEditSettings: false } : access;
}
