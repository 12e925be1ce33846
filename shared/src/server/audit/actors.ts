import type { EventActor } from "../../contract/history.ts";
import type { EventMetadata } from "../ports/eventStore.ts";

/** The system jobs that append events, by the id in their `system:{id}` actor. */
const SYSTEM_JOBS: Record<string, string> = {
  "overdue-sweep": "Overdue check",
  "overdue-job": "Overdue check",
  "gst-filing-worker": "GST filing",
  "reconciliation-worker": "GSTR-2B reconciliation",
  "process-recovery": "Recovery of unfinished work",
};

/**
 * Issue 11: who appended an event, as a history line and a ledger entry both name them: the
 * member by the name and role the event recorded, else (events before team access, when only
 * the owner could act) by `names`, looked up once per person; or the system job.
 */
export function actorOf(metadata: Pick<EventMetadata, "actor" | "actorName" | "actorRole">, businessId: string, names: ReadonlyMap<string, string>): EventActor {
  const actor = metadata.actor ?? "";
  const colon = actor.indexOf(":");
  const [kind, id] = colon < 0 ? [actor, ""] : [actor.slice(0, colon), actor.slice(colon + 1)];
  if (kind === "user") {
    const role = metadata.actorRole ?? (id === businessId ? "owner" : "member");
    return { kind: "member", id, name: metadata.actorName || names.get(id) || (role === "owner" ? "The owner" : "A member"), role };
  }
  // A job not named above: its id in words ("nightly-tidy-up" → "Nightly tidy up").
  if (kind === "system") return { kind: "system", id, name: SYSTEM_JOBS[id] ?? id.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()) };
  return { kind: "system", id: actor, name: "Bahi" };
}

/** The people these events name without a name (before issue 11): whom `names` must hold. */
export function unnamedPeople(events: readonly { metadata: Pick<EventMetadata, "actor" | "actorName"> }[]): string[] {
  const ids = new Set<string>();
  for (const event of events) if (event.metadata.actor?.startsWith("user:") && !event.metadata.actorName) ids.add(event.metadata.actor.slice("user:".length));
  return [...ids];
}
