import type { Response } from "express";
import type { Invoice } from "@bahi/shared/contract";
import { collections, type SalesNoteDocument, type UserDocument } from "@bahi/shared/read-models";
import type { BlobStore, ReadStore } from "@bahi/shared/server";
import { logoOf } from "../profile/logo.ts";
import { notePdf } from "./notePdf.ts";

/**
 * GET /api/{credit,debit}-notes/{id}/pdf (issue 9), for a note the caller already owns: the
 * original invoices' dates from their read models (Rule 53 names them), the logo as it is now.
 */
export async function sendNotePdf(deps: { readStore: ReadStore; blobStore: Pick<BlobStore, "get"> }, note: SalesNoteDocument, userId: string, res: Response): Promise<void> {
  const [user, ...invoices] = await Promise.all([
    deps.readStore.get<UserDocument>(collections.users, userId),
    ...note.facts.invoiceIds.map((id) => deps.readStore.get<Invoice>(collections.invoices, id)),
  ]);
  const originals = note.facts.invoiceNumbers.map((invoiceNumber, i) => {
    const invoice = invoices[i];
    return { invoiceNumber, issueDate: invoice && invoice.userId === userId ? invoice.issueDate : null };
  });
  const pdf = await notePdf(note, originals, { logo: await logoOf(deps.blobStore, user as UserDocument | null) });
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", `attachment; filename="${note.number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf"`);
  res.send(pdf);
}
