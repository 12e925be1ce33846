import { stockAdjustmentSchema, stockReceiptSchema } from "@bahi/shared/contract";
import type { Product } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { describeError } from "../../api/errors.ts";
import { useAdjustStock, useReceiveStock } from "../../api/products.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { stockText } from "../../lib/quantity.ts";
import { FormDialog } from "../form-dialog.tsx";
import { TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

function OnHand({ product }: { product: Product }) {
  return (
    <p className="rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground sm:col-span-2">
      On hand: <span className="font-semibold text-foreground">{stockText(product.stock, product.unit)}</span> · Min stock: {product.minStock}
    </p>
  );
}

/** 'Receive stock' (the Reorder button): units that arrived from a supplier. */
export function ReceiveStockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const receive = useReceiveStock();
  const form = useForm<z.input<typeof stockReceiptSchema>, unknown, z.output<typeof stockReceiptSchema>>({
    resolver: zodResolver(stockReceiptSchema),
    defaultValues: { quantity: "", note: "" },
  });
  const { errors } = form.formState;

  async function onSubmit(input: z.output<typeof stockReceiptSchema>) {
    try {
      await receive.mutateAsync({ id: product.id, quantity: input.quantity, note: input.note });
      toast({ title: "Stock received successfully", description: `${input.quantity} added to ${product.name}.` });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["quantity", "note"]);
      toast({ title: "Failed to receive stock", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Receive stock"
      description={`Record units of ${product.name} that arrived from your supplier.`}
      formId="receive-stock-form"
      pending={receive.isPending}
      submitLabel="Receive Stock"
      pendingLabel="Saving..."
    >
      <form id="receive-stock-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <OnHand product={product} />
        <TextField
          id="receive-quantity"
          label="Quantity"
          required
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          autoFocus
          placeholder="50"
          error={errors.quantity?.message}
          {...form.register("quantity")}
        />
        <TextField id="receive-note" label="Note" placeholder="Supplier bill no. 1234" error={errors.note?.message} {...form.register("note")} />
      </form>
    </FormDialog>
  );
}

/** A correction after counting: damaged or lost units (negative) or found ones (positive). */
export function AdjustStockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const adjust = useAdjustStock();
  const form = useForm<z.input<typeof stockAdjustmentSchema>, unknown, z.output<typeof stockAdjustmentSchema>>({
    resolver: zodResolver(stockAdjustmentSchema),
    defaultValues: { quantityDelta: "", reason: "" },
  });
  const { errors } = form.formState;

  async function onSubmit(input: z.output<typeof stockAdjustmentSchema>) {
    try {
      await adjust.mutateAsync({ id: product.id, quantityDelta: input.quantityDelta, reason: input.reason });
      toast({ title: "Stock adjusted successfully", description: `${product.name}: ${input.quantityDelta > 0 ? "+" : ""}${input.quantityDelta}.` });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["quantityDelta", "reason"]);
      toast({ title: "Failed to adjust stock", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Adjust stock"
      description={`Correct the count of ${product.name}: a negative number removes damaged or lost units.`}
      formId="adjust-stock-form"
      pending={adjust.isPending}
      submitLabel="Adjust Stock"
      pendingLabel="Saving..."
    >
      <form id="adjust-stock-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <OnHand product={product} />
        <TextField
          id="adjust-quantityDelta"
          label="Change in units"
          required
          type="number"
          step="any"
          inputMode="decimal"
          autoFocus
          placeholder="-2"
          error={errors.quantityDelta?.message}
          {...form.register("quantityDelta")}
        />
        <TextField id="adjust-reason" label="Reason" required placeholder="Damaged in transit" error={errors.reason?.message} {...form.register("reason")} />
      </form>
    </FormDialog>
  );
}
