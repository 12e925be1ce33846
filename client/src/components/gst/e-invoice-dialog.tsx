import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown, Download, TriangleAlert } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { describeError, fieldErrorsOf } from "../../api/errors.ts";
import { useEInvoice, type EInvoice } from "../../api/gst.ts";
import { useProfile } from "../../api/profile.ts";
import { eInvoiceFileName, eInvoiceFormSchema, readSellerLocation, writeSellerLocation, type EInvoiceFormOutput, type EInvoiceFormValues } from "../../lib/einvoice.ts";
import { downloadText } from "../../lib/download.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { TextField } from "../ui/text-field.tsx";

const FIELDS = ["sellerLocation", "sellerPincode", "buyerLocation", "buyerPincode"] as const;
const FORM_ID = "einvoice-form";

/** The signed QR code's fields, drawn as a QR image. */
function SignedQr({ text }: { text: string }) {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: "M", margin: 1, width: 224 })
      .then((url) => {
        if (current) setImage({ text, url });
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [text]);
  if (failed) return <p className="text-sm text-destructive">The QR code could not be drawn.</p>;
  if (image?.text !== text) return <div aria-busy="true" aria-label="Drawing QR code" className="size-56 animate-pulse rounded-lg bg-muted" />;
  return <img src={image.url} alt="Signed QR fields" width={224} height={224} className="size-56 rounded-lg border bg-white" />;
}

function EInvoiceResult({ result, invoiceNumber }: { result: EInvoice; invoiceNumber: string }) {
  const [payloadOpen, setPayloadOpen] = useState(false);
  const json = JSON.stringify(result.payload, null, 2);
  return (
    <section aria-label="E-invoice" className="grid gap-4">
      <div role="note" aria-label="Not registered" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <div>
          <p className="font-semibold">Not registered with the IRP</p>
          <p className="mt-1">{result.note}</p>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
        <SignedQr text={result.qrText} />
        <dl className="grid content-start gap-3 text-sm">
          <div>
            <dt className="font-medium text-muted-foreground">IRN (Invoice Reference Number)</dt>
            <dd aria-label="IRN" className="mt-1 font-mono text-xs break-all text-foreground">
              {result.irn}
            </dd>
          </div>
          <div className="grid grid-cols-2 gap-x-4 gap-y-2">
            {Object.entries(result.qr)
              .filter(([name]) => name !== "Irn")
              .map(([name, value]) => (
                <div key={name} className="min-w-0">
                  <dt className="text-xs text-muted-foreground">{name}</dt>
                  <dd className="truncate font-mono text-xs text-foreground">{String(value)}</dd>
                </div>
              ))}
          </div>
        </dl>
      </div>

      <div className="rounded-lg border">
        <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <Button type="button" variant="ghost" size="sm" aria-expanded={payloadOpen} aria-controls="einvoice-payload" onClick={() => setPayloadOpen((open) => !open)}>
            <ChevronDown aria-hidden="true" className={payloadOpen ? "rotate-180 transition-transform" : "transition-transform"} />
            Payload (schema 1.1 JSON)
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => downloadText(json, eInvoiceFileName(invoiceNumber), "application/json")}>
            <Download aria-hidden="true" />
            Download JSON
          </Button>
        </div>
        {payloadOpen && (
          <pre id="einvoice-payload" aria-label="E-invoice payload" className="max-h-72 overflow-auto border-t bg-muted/40 p-3 font-mono text-xs">
            {json}
          </pre>
        )}
      </div>
    </section>
  );
}

/**
 * An invoice's e-invoice: asks the city and PIN at each end (the seller's are remembered), then
 * shows the IRN, the signed QR code and the payload. Nothing is registered with the IRP.
 */
export function EInvoiceDialog({ invoice, onClose }: { invoice: { id: string; invoiceNumber: string }; onClose: () => void }) {
  const einvoice = useEInvoice();
  const [seller] = useState(readSellerLocation);
  const form = useForm<EInvoiceFormValues, unknown, EInvoiceFormOutput>({
    resolver: zodResolver(eInvoiceFormSchema),
    defaultValues: { sellerLocation: seller.location, sellerPincode: seller.pincode, buyerLocation: "", buyerPincode: "" },
  });
  const { errors } = form.formState;
  const problems = einvoice.isError ? fieldErrorsOf(einvoice.error) : [];
  // Issue 9: the PIN in the business profile fills the seller's PIN (a typed one still wins).
  const profilePin = useProfile().data?.pinCode ?? null;
  useEffect(() => {
    if (profilePin && !form.getFieldState("sellerPincode").isDirty) form.setValue("sellerPincode", profilePin);
  }, [profilePin, form]);

  async function onSubmit(values: EInvoiceFormOutput) {
    writeSellerLocation({ location: values.sellerLocation, pincode: values.sellerPincode });
    try {
      await einvoice.mutateAsync({ invoiceId: invoice.id, locations: values });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>E-invoice {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription>The IRN, signed QR code and schema 1.1 payload the Invoice Registration Portal would receive.</DialogDescription>
        </DialogHeader>
        <form id={FORM_ID} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
          <TextField id="einvoice-seller-city" label="Seller city" autoComplete="address-level2" error={errors.sellerLocation?.message} {...form.register("sellerLocation")} />
          <TextField
            id="einvoice-seller-pin"
            label="Seller PIN"
            inputMode="numeric"
            maxLength={6}
            hint={profilePin ? "From your business profile" : "Remembered on this device"}
            error={errors.sellerPincode?.message}
            {...form.register("sellerPincode")}
          />
          <TextField id="einvoice-buyer-city" label="Buyer city" error={errors.buyerLocation?.message} {...form.register("buyerLocation")} />
          <TextField
            id="einvoice-buyer-pin"
            label="Buyer PIN"
            inputMode="numeric"
            maxLength={6}
            hint="For a buyer abroad (an export), enter 999999"
            error={errors.buyerPincode?.message}
            {...form.register("buyerPincode")}
          />
        </form>

        {einvoice.isError &&
          (problems.length > 0 ? (
            <div role="alert" className="rounded-lg border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-red-900">
              <p className="font-semibold">This invoice cannot be e-invoiced yet:</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((problem, index) => (
                  <li key={index}>{problem.message}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-red-50 px-4 py-3 text-sm text-red-900">
              {describeError(einvoice.error, "The e-invoice could not be prepared. Check your connection and try again.")}
            </p>
          ))}

        {einvoice.data && !einvoice.isError && <EInvoiceResult result={einvoice.data} invoiceNumber={invoice.invoiceNumber} />}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" form={FORM_ID} disabled={einvoice.isPending}>
            {einvoice.isPending ? "Preparing..." : einvoice.data ? "Prepare again" : "Prepare e-invoice"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
