import type { JournalEntry, JournalExportFormat, JournalPage, JournalRecordKind, LedgerVerification } from "@bahi/shared/contract";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { downloadBlob } from "../lib/download.ts";
import { apiRequest, requestJson } from "./http.ts";

/**
 * Issue 11: the ledger (GET /api/ledger), its verification and its export. The journal reads
 * the event store itself, so every write adds to it: it is fetched afresh whenever opened.
 */
export const LEDGER_PATH = "/api/ledger";

export interface JournalFilters {
  /** India dates, "YYYY-MM-DD"; "" for no bound. */
  from: string;
  to: string;
  kind: JournalRecordKind | "";
  /** A member's id, "system", or "" for everyone. */
  actor: string;
}

export const NO_FILTERS: JournalFilters = { from: "", to: "", kind: "", actor: "" };

/** The query string of the filters that are set, in a stable order. */
export function journalQuery(filters: JournalFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function useJournal(filters: JournalFilters) {
  return useInfiniteQuery({
    queryKey: [LEDGER_PATH, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => requestJson<JournalPage>("GET", `${LEDGER_PATH}${journalQuery(filters, pageParam ? { cursor: pageParam } : {})}`),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnMount: "always",
  });
}

/** Recomputes the business's hash chain on the server. */
export function useVerifyLedger() {
  return useMutation({ mutationFn: () => requestJson<LedgerVerification>("GET", `${LEDGER_PATH}/verify`) });
}

export type NotedHeadCheck =
  | { outcome: "matches"; seq: number }
  | { outcome: "differs"; seq: number; hash: string }
  | { outcome: "missing"; seq: number }
  | { outcome: "broken"; verification: LedgerVerification };

/**
 * Whether history up to a head hash noted earlier is unchanged: the chain verifies, and its
 * event at the noted seq still has the noted hash (every event before it is sealed into it).
 */
export async function checkNotedHead(seq: number, hash: string): Promise<NotedHeadCheck> {
  const verification = await requestJson<LedgerVerification>("GET", `${LEDGER_PATH}/verify`);
  if (!verification.ok) return { outcome: "broken", verification };
  const page = await requestJson<JournalPage>("GET", `${LEDGER_PATH}?cursor=${seq - 1}&limit=1`);
  const entry = page.entries[0];
  if (!entry || entry.seq !== seq) return { outcome: "missing", seq };
  return entry.hash === hash.trim().toLowerCase() ? { outcome: "matches", seq } : { outcome: "differs", seq, hash: entry.hash };
}

export function useCheckNotedHead() {
  return useMutation({ mutationFn: ({ seq, hash }: { seq: number; hash: string }) => checkNotedHead(seq, hash) });
}

/** Fetches an export with the session's credentials and saves it under the server's name. */
export async function downloadLedgerExport(format: JournalExportFormat, filters: Pick<JournalFilters, "from" | "to">): Promise<void> {
  const response = await apiRequest("GET", `${LEDGER_PATH}/export${journalQuery({ ...NO_FILTERS, from: filters.from, to: filters.to }, { format })}`);
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  downloadBlob(await response.blob(), match?.[1] ?? `bahi-ledger.${format}`);
}

/** "CustomerAdded" → "Customer added": an event's type in words. */
export function eventTypeInWords(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(" ");
  return words.map((word, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(" ");
}

const AT = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

/** "24 Nov 2026, 3:04:05 pm", India time. */
export function indiaTime(iso: string): string {
  return AT.format(new Date(iso));
}

/** The members (and system jobs) seen in the loaded entries, for the actor filter. */
export function actorsOf(entries: readonly JournalEntry[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const entry of entries) if (entry.actor.kind === "member" && !seen.has(entry.actor.id)) seen.set(entry.actor.id, entry.actor.name);
  return [...seen].map(([value, label]) => ({ value, label }));
}
