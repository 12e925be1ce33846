import { Router } from "express";
import { salesNoteCreateSchema, type SalesNoteKind } from "@bahi/shared/contract";
import { salesNoteView } from "@bahi/shared/events";
import { requireUserId } from "@bahi/shared/server";
import type { CommandDeps } from "../deps.ts";
import { commandContext, sendPosition } from "../handling/context.ts";
import { issueSalesNote } from "./issueSalesNote.ts";

/** POST / for one kind; mounted at /credit-notes and /debit-notes. */
export function salesNoteRoutes(deps: CommandDeps, kind: SalesNoteKind): Router {
  const router = Router();
  router.post("/", async (req, res) => {
    const userId = requireUserId(deps.sessions, req);
    const input = salesNoteCreateSchema.parse(req.body);
    const now = deps.clock();
    const { note, position } = await issueSalesNote(deps.eventStore, kind, input, { userId, noteId: deps.newId(), now }, commandContext(req, userId, now));
    sendPosition(res, position);
    res.status(201).json(salesNoteView(note));
  });
  return router;
}
