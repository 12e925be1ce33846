import type { Invoice } from "@bahi/shared/contract";
import { useState } from "react";
import { describeError } from "../../api/errors.ts";
import { downloadInvoicePdf } from "../../api/invoices.ts";
import { downloadText, invoiceFileName } from "../../lib/download.ts";
import { invoiceAsText } from "../../lib/invoice-text.ts";
import { toast } from "../ui/use-toast.ts";

/** SPEC §2: download produces a plain text file named after the invoice number, then a success toast. */
export function downloadInvoiceText(invoice: Invoice): void {
  downloadText(invoiceAsText(invoice), invoiceFileName(invoice.invoiceNumber, "txt"), "text/plain;charset=utf-8");
  toast({ title: "Invoice downloaded successfully" });
}

/** The GST tax invoice PDF, with the id of the one being fetched so its button can show it. */
export function useInvoicePdfDownload() {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [pendingLayout, setPendingLayout] = useState<"a4" | "thermal" | null>(null);

  async function download(invoice: { id: string; invoiceNumber: string }, layout: "a4" | "thermal" = "a4") {
    setPendingId(invoice.id);
    setPendingLayout(layout);
    try {
      await downloadInvoicePdf(invoice, layout);
      const name = layout === "thermal" ? `${invoice.invoiceNumber}-receipt` : invoice.invoiceNumber;
      toast({ title: layout === "thermal" ? "Thermal receipt downloaded" : "Invoice PDF downloaded", description: invoiceFileName(name, "pdf") });
    } catch (error) {
      toast({ title: "Failed to download invoice PDF", description: describeError(error, "An error occurred"), variant: "destructive" });
    } finally {
      setPendingId(null);
      setPendingLayout(null);
    }
  }

  return { download, pendingId, pendingLayout };
}
