import type { Product } from "@bahi/shared/contract";
import { Camera, ScanBarcode } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import { findProductByCode, placeScannedProduct } from "../../lib/barcode-lookup.ts";
import { normalisePercent } from "../../lib/gst-rate-options.ts";
import { emptyInvoiceRow, type InvoiceFormOutput, type InvoiceFormValues } from "../../lib/invoice-form.ts";
import { scanBurst } from "../../lib/scan-burst.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { ScanDialog } from "./scan-dialog.tsx";

interface InvoiceScanFieldProps {
  products: readonly Product[];
  form: UseFormReturn<InvoiceFormValues, unknown, InvoiceFormOutput>;
  items: UseFieldArrayReturn<InvoiceFormValues, "items">;
}

/**
 * Issue 10: scanning on the invoice form. A code typed or sent by a USB scanner into the box (or
 * read by the camera) adds its product as a line, or one more of it when it is already there. A
 * scanner's burst is also caught when the focus is not in a text box, so the cashier need not
 * click the box first.
 */
export function InvoiceScanField({ products, form, items }: InvoiceScanFieldProps) {
  const id = useId();
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const [camera, setCamera] = useState(false);
  const add = useRef<(code: string) => void>(() => {});

  add.current = (scanned: string) => {
    const product = findProductByCode(products, scanned);
    if (!product) {
      setMessage({ text: `No product has the barcode or SKU "${scanned.trim()}". Add it in Inventory first.`, problem: true });
      return;
    }
    if (!product.isActive) {
      setMessage({ text: `${product.name} is inactive. Activate it in Inventory to sell it.`, problem: true });
      return;
    }
    const rows = form.getValues("items") ?? [];
    const place = placeScannedProduct(rows, product.id);
    const validate = { shouldValidate: form.formState.isSubmitted };
    if (place.kind === "increment") {
      form.setValue(`items.${place.index}.quantity`, place.quantity, validate);
      setMessage({ text: `${product.name}: quantity now ${place.quantity}`, problem: false });
      return;
    }
    // SPEC §2, as when the product is picked by hand: its price, and its GST rate (18 when it has none).
    const row = { ...emptyInvoiceRow(), productId: product.id, price: product.price, gstRate: normalisePercent(product.gstRate) || "18" };
    if (place.kind === "fill") {
      form.setValue(`items.${place.index}.productId`, row.productId, validate);
      form.setValue(`items.${place.index}.price`, row.price, validate);
      form.setValue(`items.${place.index}.gstRate`, row.gstRate, validate);
    } else {
      items.append(row, { shouldFocus: false });
    }
    setMessage({ text: `Added ${product.name}`, problem: false });
  };

  // A USB scanner firing while the focus is on a button, a picker or nowhere.
  useEffect(() => {
    const burst = scanBurst();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (isTextEntry(event.target)) {
        burst.reset();
        return;
      }
      const scanned = burst.key(event.key, event.timeStamp);
      if (scanned) {
        event.preventDefault();
        event.stopPropagation();
        add.current(scanned);
      }
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter here looks the code up; it must not submit the invoice.
    event.preventDefault();
    if (!code.trim()) return;
    add.current(code);
    setCode("");
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-2">
        <div className="relative flex-1">
          <ScanBarcode aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={id}
            aria-label="Scan barcode"
            aria-describedby={`${id}-status`}
            autoComplete="off"
            className="pl-9"
            placeholder="Scan or type a barcode or SKU, then press Enter"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => setCamera(true)}>
          <Camera aria-hidden="true" />
          Camera
        </Button>
      </div>
      <p id={`${id}-status`} role="status" className={message?.problem ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"}>
        {message?.text ?? ""}
      </p>
      <ScanDialog
        open={camera}
        onClose={() => setCamera(false)}
        description="Hold the barcode in front of the camera to add the product to this invoice."
        onCode={(scanned) => {
          setCamera(false);
          add.current(scanned);
        }}
      />
    </div>
  );
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["button", "checkbox", "radio", "submit", "reset"].includes(target.type);
}
