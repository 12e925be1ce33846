import { KeyRound, QrCode, ScrollText } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";

const POINTS = [
  {
    icon: ScrollText,
    title: "Who must e-invoice",
    text: "Businesses whose aggregate turnover in any financial year since 2017-18 exceeded ₹5 crore must report B2B invoices, credit and debit notes and exports to the Invoice Registration Portal (IRP).",
  },
  {
    icon: QrCode,
    title: "IRN and QR code",
    text: "The IRP answers each invoice with an Invoice Reference Number (IRN), an acknowledgement number and a signed QR code, which must be printed on the invoice. An e-invoice can be cancelled only within 24 hours.",
  },
  {
    icon: KeyRound,
    title: "Not connected yet",
    text: "Registering invoices with the IRP needs credentials from a GST Suvidha Provider (GSP). Bahi has none configured, so it does not generate IRNs: invoices created here are ordinary tax invoices.",
  },
] as const;

/** Information only: what e-invoicing is and, plainly, that Bahi does not register invoices with the IRP. */
export function EInvoiceInfo() {
  return (
    <Card role="region" aria-label="E-Invoice">
      <CardHeader>
        <CardTitle>E-Invoice</CardTitle>
        <CardDescription>Electronic invoicing under GST: invoices registered with the government's IRP</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-xl border p-4">
            <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <h4 className="mt-3 text-sm font-semibold text-foreground">{title}</h4>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
