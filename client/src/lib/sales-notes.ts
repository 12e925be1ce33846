import { formatPaise, toPaise, type Invoice, type SalesNote } from "@bahi/shared/contract";

type NoteFigures = Pick<SalesNote, "kind" | "invoiceIds" | "total">;

/** The notes issued against one invoice. */
export function notesOfInvoice<Note extends NoteFigures>(notes: readonly Note[], invoiceId: string): Note[] {
  return notes.filter((note) => note.invoiceIds.includes(invoiceId));
}

/**
 * What the customer owes on the invoice after its notes: total, less credit notes, plus debit
 * notes. A note against several invoices counts its share only where the server says so, so the
 * server's `netTotal` wins when the invoice carries it.
 */
export function netTotalOf(invoice: Pick<Invoice, "id" | "total">, notes: readonly NoteFigures[]): string {
  const fromServer = (invoice as { netTotal?: unknown }).netTotal;
  if (typeof fromServer === "string") return fromServer;
  let paise = toPaise(invoice.total);
  for (const note of notesOfInvoice(notes, invoice.id)) paise += note.kind === "credit" ? -toPaise(note.total) : toPaise(note.total);
  return formatPaise(paise);
}
