import type { Product } from "@bahi/shared/contract";
import { ScanBarcode } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { findProductByCode } from "../../lib/barcode-lookup.ts";
import { ProductFormDialog } from "../products/product-form-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { toast } from "../ui/use-toast.ts";
import { ScanDialog } from "./scan-dialog.tsx";

/**
 * Issue 10: the inventory's 'Scan Barcode'. A known code shows its product in the list; an unknown
 * one opens 'Add Product' with the barcode filled in.
 */
export function InventoryScanButton({ products }: { products: readonly Product[] }) {
  const [, navigate] = useLocation();
  const [scanning, setScanning] = useState(false);
  const [newBarcode, setNewBarcode] = useState<string | null>(null);

  function found(code: string) {
    setScanning(false);
    const product = findProductByCode(products, code);
    if (product) {
      navigate(`/inventory?product=${encodeURIComponent(product.id)}`);
      toast({ title: `Found ${product.name}`, description: `SKU ${product.sku}` });
    } else {
      toast({ title: "No product has this barcode yet", description: "Add it now, with the barcode filled in." });
      setNewBarcode(code.trim());
    }
  }

  return (
    <>
      <Button variant="outline" onClick={() => setScanning(true)}>
        <ScanBarcode aria-hidden="true" />
        Scan Barcode
      </Button>
      <ScanDialog open={scanning} onClose={() => setScanning(false)} onCode={found} description="Find a product by its barcode or SKU." />
      {newBarcode !== null && <ProductFormDialog key={`new-${newBarcode}`} product={null} barcode={newBarcode} onClose={() => setNewBarcode(null)} />}
    </>
  );
}
