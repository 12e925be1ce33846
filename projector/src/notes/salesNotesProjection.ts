import { salesNoteView } from "@bahi/shared/events";
import { collections, type SalesNoteDocument } from "@bahi/shared/read-models";
import type { Projection } from "../projection.ts";

/** Credit and debit notes, one document each (issue 9, s.34). */
export const salesNotesProjection: Projection<SalesNoteDocument> = {
  collection: collections.salesNotes,
  handles: ["SalesNoteIssued"],
  documentIds: (event) => (event.type === "SalesNoteIssued" ? [event.data.noteId] : []),
  evolve(doc, event) {
    if (event.type !== "SalesNoteIssued") return doc;
    return { ...salesNoteView(event.data), facts: event.data };
  },
  ownerOf: (doc) => doc.userId,
};
