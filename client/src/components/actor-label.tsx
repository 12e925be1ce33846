import { Bot } from "lucide-react";
import { ROLE_LABELS, type EventActor, type TeamRole } from "@bahi/shared/contract";
import { Badge } from "./ui/badge.tsx";

/** Issue 11: who did something, as a history line and a ledger row show them: name and role, or a system job. */
export function ActorLabel({ actor }: { actor: EventActor }) {
  if (actor.kind === "system") {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Bot aria-hidden="true" className="size-3.5 text-muted-foreground" />
        <span className="font-medium text-foreground">{actor.name}</span>
        <Badge variant="secondary">System</Badge>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-foreground">{actor.name}</span>
      <Badge variant="soft">{ROLE_LABELS[actor.role as TeamRole] ?? "Member"}</Badge>
    </span>
  );
}
