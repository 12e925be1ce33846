import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { HttpError, requestJson } from "./http.ts";

/** One code of the official HSN/SAC master (GET /api/gst/hsn), with the rate Bahi knows for it. */
export interface HsnMasterCode {
  code: string;
  description: string;
  kind: "goods" | "services";
  /** The 4-digit heading's description for a longer code; null for a heading. */
  heading: string | null;
  /** Percent ("5", "18"); null when Bahi's table has no rate for it. */
  gstRate: string | null;
  effectiveFrom: string | null;
  rateFrom: string | null;
  withoutItc: boolean;
  rateNote: string | null;
}

const DEBOUNCE_MS = 250;

/** What the user typed, once they stop typing for a moment. */
export function useDebounced(text: string, ms = DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** GET /api/gst/hsn?q=: the master does not change while the app runs, so answers stay cached. */
export function useHsnSearch(text: string) {
  const q = text.trim().slice(0, 100);
  return useQuery<HsnMasterCode[]>({
    queryKey: ["/api/gst/hsn", q],
    queryFn: () => requestJson<HsnMasterCode[]>("GET", `/api/gst/hsn?q=${encodeURIComponent(q)}`),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/gst/hsn/:code: one code's description and rate; null when it is not in the master. */
export function useHsnLookup(code: string | null) {
  const digits = (code ?? "").replace(/[\s.]/g, "");
  return useQuery<HsnMasterCode | null>({
    queryKey: ["/api/gst/hsn/code", digits],
    queryFn: async () => {
      try {
        return await requestJson<HsnMasterCode>("GET", `/api/gst/hsn/${encodeURIComponent(digits)}`);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: /^(\d{4}|\d{6}|\d{8})$/.test(digits),
  });
}
