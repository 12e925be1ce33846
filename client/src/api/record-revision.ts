import { useCallback, useEffect, useRef, useState } from "react";
import { isStaleRevision, requestWithETag } from "./http.ts";
import { queryClient } from "./query-client.ts";

/**
 * Issue 12: an edit form's hold on the record it opened. On opening it reads the record with
 * its ETag (what the save sends back as If-Match); when the save is refused because someone
 * saved the record meanwhile (412), the form says so until the user reloads the record into it,
 * so nothing typed is overwritten or lost without the user choosing it.
 *
 * `url` is the record's (/api/customers/{id}); null for a new record, which has no revision.
 * `onOpened` gets the record as read on opening (the list the form was opened from may be
 * older); `onReload` gets it when the user asks for it after a refused save.
 */
export function useRecordRevision<T>(url: string | null, callbacks: { onOpened?: (record: T) => void; onReload: (record: T) => void }) {
  const [etag, setEtag] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    if (!url) return;
    let open = true;
    requestWithETag<T>(url)
      .then(({ data, etag: opened }) => {
        if (!open) return;
        setEtag(opened);
        latest.current.onOpened?.(data);
      })
      .catch(() => {
        // Not read (offline, deleted meanwhile): the save goes without If-Match, as before issue 12,
        // and its own answer (a 404, a toast) tells the user what happened.
      });
    return () => {
      open = false;
    };
  }, [url]);

  const reload = useCallback(async () => {
    if (!url) return;
    setReloading(true);
    try {
      const { data, etag: fresh } = await requestWithETag<T>(url);
      setEtag(fresh);
      setStale(false);
      latest.current.onReload(data);
      // The list the form was opened from shows the old values too.
      void queryClient.invalidateQueries({ queryKey: [url.slice(0, url.lastIndexOf("/"))] });
    } catch {
      // Not read this time: the notice stays, and Reload can be pressed again.
    } finally {
      setReloading(false);
    }
  }, [url]);

  /** True, and the notice shows, when `error` is a save refused as stale. */
  const refusedAsStale = useCallback((error: unknown) => {
    if (!isStaleRevision(error)) return false;
    setStale(true);
    return true;
  }, []);

  return { etag, stale, reloading, reload, refusedAsStale };
}

/**
 * Whether two sets of form values, made by the same function, hold the same values. An edit
 * form skips resetting to the record read on opening when it would change nothing: a reset
 * re-mounts a field array's inputs, and a keystroke landing on one that is being replaced is lost.
 */
export function sameFormValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
