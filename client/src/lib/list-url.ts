/**
 * Issue 10: a list's search, filters, sort and page live in the URL query, so a filtered view
 * can be bookmarked, survives a reload and Back steps through it. Pure functions over the
 * search string (without or with its "?"); the pages navigate to what they return.
 *
 * Paging is by the server's keyset cursors, which only go forward: `cursor` is the current
 * page's, `back` the earlier pages' (FIRST_PAGE for page one), so Previous needs no offset.
 */

/** The filter values of a list by URL key; a key that is absent or empty is not set. */
export type ListParams = Readonly<Record<string, string>>;

const CURSOR = "cursor";
const BACK = "back";
/** Stands for page one (no cursor) in `back`; a server cursor is base64url, never this. */
const FIRST_PAGE = "~";
const SEPARATOR = ",";

function paramsOf(search: string): URLSearchParams {
  return new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
}

function toSearch(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The values of `keys` in the URL (trimmed; empty ones left out), plus the current cursor. */
export function listParamsOf(search: string, keys: readonly string[]): ListParams {
  const params = paramsOf(search);
  const result: Record<string, string> = {};
  for (const key of [...keys, CURSOR]) {
    const value = params.get(key)?.trim();
    if (value) result[key] = value;
  }
  return result;
}

/** Whether any of `keys` (the filters and the search, not the sort) is set. */
export function isFiltered(params: ListParams, keys: readonly string[]): boolean {
  return keys.some((key) => Boolean(params[key]));
}

/**
 * The search with `patch` applied (undefined or "" removes a key), back on page one: a new
 * filter makes the old cursors meaningless. Other keys (?view=, ?new=) stay as they are.
 */
export function withFilters(search: string, patch: Readonly<Record<string, string | undefined>>): string {
  const params = paramsOf(search);
  for (const [key, value] of Object.entries(patch)) {
    const trimmed = value?.trim();
    if (trimmed) params.set(key, trimmed);
    else params.delete(key);
  }
  // The server refuses from > to (400): the bound just chosen wins and the other one goes.
  const from = params.get("from");
  const to = params.get("to");
  if (from && to && from > to) params.delete("from" in patch ? "to" : "from");
  params.delete(CURSOR);
  params.delete(BACK);
  return toSearch(params);
}

/** The search with `keys` removed (e.g. a dialog's ?view= once it closes), filters kept. */
export function without(search: string, keys: readonly string[]): string {
  const params = paramsOf(search);
  for (const key of keys) params.delete(key);
  return toSearch(params);
}

function backOf(params: URLSearchParams): string[] {
  const back = params.get(BACK);
  return back ? back.split(SEPARATOR).filter(Boolean) : [];
}

/** The next page: the current one goes onto `back`. */
export function nextPageSearch(search: string, nextCursor: string): string {
  const params = paramsOf(search);
  const back = [...backOf(params), params.get(CURSOR) || FIRST_PAGE];
  params.set(BACK, back.join(SEPARATOR));
  params.set(CURSOR, nextCursor);
  return toSearch(params);
}

/** The page before, from `back`; on page one the search unchanged. */
export function previousPageSearch(search: string): string {
  const params = paramsOf(search);
  const back = backOf(params);
  const previous = back.pop();
  if (previous === undefined) {
    params.delete(CURSOR);
  } else if (previous === FIRST_PAGE) {
    params.delete(CURSOR);
  } else {
    params.set(CURSOR, previous);
  }
  if (back.length > 0) params.set(BACK, back.join(SEPARATOR));
  else params.delete(BACK);
  return toSearch(params);
}

/**
 * How many pages come before this one (0 on page one). A bookmarked page whose `back` was
 * lost still has a cursor, so it counts at least one.
 */
export function pageIndexOf(search: string): number {
  const params = paramsOf(search);
  const back = backOf(params).length;
  return params.get(CURSOR) ? Math.max(back, 1) : 0;
}

/** The query string sent to the server: the filters, the cursor and the page size (never `back`). */
export function serverQueryOf(params: ListParams, limit?: number): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    if (key !== BACK && params[key]) query.set(key, params[key]);
  }
  if (limit !== undefined) query.set("limit", String(limit));
  return query.toString();
}

/** The same filters without paging, for the plain array (CSV export). */
export function plainQueryOf(params: ListParams): string {
  const { [CURSOR]: _cursor, ...filters } = params;
  return serverQueryOf(filters);
}

/**
 * "Showing 26–50 of 312" (or "No matches"), from the page index, the page's length and the total.
 * A capped total (the server stopped counting a filter's matches) reads "1000+", never less than
 * the rows already paged past.
 */
export function showingText(pageIndex: number, limit: number, shown: number, total: number, capped = false): string {
  const first = pageIndex * limit + 1;
  const last = first + shown - 1;
  const of = capped ? `${Math.max(total, last)}+` : `${total}`;
  if (shown === 0) return total === 0 ? "No matches" : `Nothing on this page of ${of}`;
  return `Showing ${first}–${last} of ${of}`;
}
