import type { Invoice } from "@bahi/shared/contract";
import { Copy, Link2, Link2Off, MessageCircle } from "lucide-react";
import { useState } from "react";
import { describeError } from "../../api/errors.ts";
import { openWhatsAppShare, useCreateShareLink, useRevokeShareLink, useShareLink, whatsAppShareUrl } from "../../api/share.ts";
import { formatIndianDate } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Input } from "../ui/input.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { toast } from "../ui/use-toast.ts";

/**
 * Issue 10: a link the customer opens without an account (the invoice, its PDF and a UPI QR
 * for what is due), copied or sent on WhatsApp, and taken back when it should stop working.
 */
export function InvoiceShareDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const link = useShareLink(invoice.id);
  const create = useCreateShareLink(invoice.id);
  const revoke = useRevokeShareLink(invoice.id);
  const url = link.data?.url ?? null;
  const cancelled = invoice.status === "cancelled";

  async function makeLink() {
    try {
      await create.mutateAsync();
    } catch (error) {
      toast({ title: "Could not create the link", description: describeError(error, "Please try again"), variant: "destructive" });
    }
  }
  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Paste it in a message to your customer." });
    } catch {
      toast({ title: "Could not copy", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  }
  async function stop() {
    try {
      await revoke.mutateAsync();
      toast({ title: "Link turned off", description: "Anyone who opens it now sees that it no longer works." });
    } catch (error) {
      toast({ title: "Could not turn off the link", description: describeError(error, "Please try again"), variant: "destructive" });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Share invoice {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>Your customer can open this link without an account to see the invoice, download its PDF and pay by UPI.</DialogDescription>
        </DialogHeader>
        {link.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : url ? (
          <div className="grid gap-2">
            <label htmlFor="share-link-url" className="text-sm font-medium">
              Share link
            </label>
            <div className="flex gap-2">
              <Input id="share-link-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">Anyone with this link can see this invoice. Turn it off when it should stop working.</p>
          </div>
        ) : cancelled ? (
          <p className="text-sm text-muted-foreground">A cancelled invoice cannot be shared.</p>
        ) : (
          <p className="text-sm text-muted-foreground">No link yet. Create one to send it to your customer.</p>
        )}
        <DialogFooter className="gap-2">
          {url ? (
            <>
              <Button variant="outline" disabled={revoke.isPending} onClick={() => void stop()}>
                <Link2Off aria-hidden="true" />
                {revoke.isPending ? "Turning off..." : "Turn off link"}
              </Button>
              <Button asChild>
                <a href={whatsAppShareUrl(invoice, url, formatIndianDate(invoice.dueDate))} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" />
                  Send on WhatsApp
                </a>
              </Button>
            </>
          ) : (
            !cancelled && (
              <Button disabled={create.isPending || link.isPending} onClick={() => void makeLink()}>
                <Link2 aria-hidden="true" />
                {create.isPending ? "Creating link..." : "Create link"}
              </Button>
            )
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The preview's "Share link" (the dialog above) and "WhatsApp" (the link sent straight away). */
export function InvoiceShareButtons({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  async function whatsApp() {
    setSending(true);
    try {
      await openWhatsAppShare(invoice, formatIndianDate(invoice.dueDate));
    } catch (error) {
      toast({ title: "Could not share on WhatsApp", description: describeError(error, "Please try again"), variant: "destructive" });
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" />
        Share link
      </Button>
      {invoice.status !== "cancelled" && (
        <Button variant="outline" disabled={sending} onClick={() => void whatsApp()}>
          <MessageCircle aria-hidden="true" />
          {sending ? "Opening WhatsApp..." : "WhatsApp"}
        </Button>
      )}
      {open && <InvoiceShareDialog invoice={invoice} onClose={() => setOpen(false)} />}
    </>
  );
}
