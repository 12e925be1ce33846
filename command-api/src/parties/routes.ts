import { Router } from "express";
import type { ZodType } from "zod";
import type { BahiEvent } from "@bahi/shared/events";
import { requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle, type Decider } from "../handling/decider.ts";
import { recordId } from "../handling/ids.ts";
import type { RecordCommand } from "../handling/ownedRecord.ts";
import type { ArchiveCommand } from "./archive.ts";

export interface PartyResource<Input, Event extends BahiEvent, State> {
  label: string;
  schema: ZodType<Input>;
  stream: (id: string) => string;
  decider: Decider<RecordCommand<Input> | ArchiveCommand, Event, State>;
  view: (state: State) => unknown;
  /** Issue 10: refuses deleting a party its documents name (parties/partyChecks.ts). */
  beforeDelete: (deps: CommandDeps, userId: string, id: string) => Promise<void>;
}

/** POST / PUT /:id / DELETE /:id, POST /:id/archive and /:id/unarchive for a business's contacts (customers, vendors). */
export function partyRoutes<Input, Event extends BahiEvent, State>(deps: CommandDeps, resource: PartyResource<Input, Event, State>): Router {
  const router = Router();

  const idParam = (raw: string | undefined) => recordId(raw, resource.label);

  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = resource.schema.parse(req.body);
    const now = deps.clock();
    const id = deps.newId();
    const command: RecordCommand<Input> = { kind: "add", id, ownerId: userId, input, at: now.toISOString() };
    const result = await handle(deps.eventStore, resource.stream(id), resource.decider, command, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.status(201).json(resource.view(result.state));
  });

  router.put("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = idParam(req.params.id);
    const input = resource.schema.parse(req.body);
    const now = deps.clock();
    const command: RecordCommand<Input> = { kind: "update", ownerId: userId, input, at: now.toISOString() };
    const result = await handle(deps.eventStore, resource.stream(id), resource.decider, command, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.json(resource.view(result.state));
  });

  router.delete("/:id", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const id = idParam(req.params.id);
    const now = deps.clock();
    await resource.beforeDelete(deps, userId, id);
    const command: RecordCommand<Input> = { kind: "delete", ownerId: userId, at: now.toISOString() };
    const result = await handle(deps.eventStore, resource.stream(id), resource.decider, command, commandContext(req, userId, now));
    sendPosition(res, result.position);
    res.status(204).end();
  });

  // Issue 10: an archived party leaves the pickers; archiving twice appends nothing.
  for (const kind of ["archive", "unarchive"] as const) {
    router.post(`/:id/${kind}`, async (req, res) => {
      const userId = requireUserId(deps.sessions, req);
      const id = idParam(req.params.id);
      const now = deps.clock();
      const command: ArchiveCommand = { kind, ownerId: userId, at: now.toISOString() };
      const result = await handle(deps.eventStore, resource.stream(id), resource.decider, command, commandContext(req, userId, now));
      sendPosition(res, result.position);
      res.json(resource.view(result.state));
    });
  }

  return router;
}
