import { formatPaise, indianDateOf, isMeasurableUnit, isMoneyString, quantityUnitProblem, toPaise, toThousandths } from "@bahi/shared/contract";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useCustomers } from "../../api/customers.ts";
import { PURPOSE_OPTIONS, useCreateDeliveryChallan, type ChallanPurpose } from "../../api/delivery-challans.ts";
import { describeError } from "../../api/errors.ts";
import { useProducts } from "../../api/products.ts";
import { formatRupees } from "../../lib/format.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Field, fieldA11y } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";
import { TextareaField, TextField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

interface LineDraft {
  key: number;
  productId: string;
  quantity: string;
  /** Value per unit; empty: the product's selling price. */
  price: string;
}

const QUANTITY = /^\d+(\.\d{1,3})?$/;

/**
 * Issue 9, Rule 55: a delivery challan for goods leaving without a sale. The server takes the
 * next DC number, fills in the business and the customer, and states tax only for goods sent
 * on approval or liquid gas; the form collects who, why and what.
 */
export function DeliveryChallanFormDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateDeliveryChallan();
  const customers = useCustomers();
  const products = useProducts();
  const activeProducts = (products.data ?? []).filter((product) => product.isActive);
  const [customerId, setCustomerId] = useState("");
  const [purpose, setPurpose] = useState<ChallanPurpose | "">("job_work");
  const [issueDate, setIssueDate] = useState(() => indianDateOf(new Date()));
  const [notes, setNotes] = useState("");
  const [nextKey, setNextKey] = useState(1);
  const [lines, setLines] = useState<LineDraft[]>([{ key: 0, productId: "", quantity: "1", price: "" }]);
  const [errors, setErrors] = useState<{ customerId?: string; purpose?: string; issueDate?: string; lines?: string; form?: string }>({});

  const productOf = (id: string) => activeProducts.find((product) => product.id === id);
  /** The line's value in paise, or null while it cannot be read. */
  const valueOf = (line: LineDraft): number | null => {
    const product = productOf(line.productId);
    const price = line.price.trim() === "" ? product?.price : line.price.trim();
    const thousandths = QUANTITY.test(line.quantity.trim()) ? toThousandths(Number(line.quantity.trim())) : null;
    if (!product || thousandths === null || !price || !isMoneyString(price)) return null;
    // Whole paise, half up, as the server rounds a line's value.
    return Math.floor((thousandths * toPaise(price) + 500) / 1000);
  };
  const values = lines.map(valueOf);
  const total = values.every((value) => value !== null) ? values.reduce<number>((sum, value) => sum + (value ?? 0), 0) : null;

  function setLine(key: number, patch: Partial<LineDraft>) {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    setErrors((current) => ({ ...current, lines: undefined, form: undefined }));
  }

  function addLine() {
    setLines((current) => [...current, { key: nextKey, productId: "", quantity: "1", price: "" }]);
    setNextKey((key) => key + 1);
  }

  function lineProblem(): string | undefined {
    for (const [index, line] of lines.entries()) {
      const product = productOf(line.productId);
      if (!product) return `Choose a product for line ${index + 1}`;
      if (!QUANTITY.test(line.quantity.trim()) || Number(line.quantity.trim()) <= 0) return `Enter a quantity for ${product.name}`;
      const unitProblem = quantityUnitProblem(Number(line.quantity.trim()), product.unit, product.name);
      if (unitProblem) return unitProblem;
      if (line.price.trim() !== "" && !isMoneyString(line.price.trim())) return `Value per unit of ${product.name} must be an amount like 499 or 499.50`;
    }
    return undefined;
  }

  async function submit() {
    const found: typeof errors = {};
    if (!customerId) found.customerId = "Choose who the goods go to";
    if (!purpose) found.purpose = "Choose why the goods are sent";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) found.issueDate = "Date is required";
    const problem = lineProblem();
    if (problem) found.lines = problem;
    setErrors(found);
    if (Object.keys(found).length > 0 || !purpose) return;
    try {
      const challan = await create.mutateAsync({
        customerId,
        purpose,
        issueDate,
        items: lines.map((line) => ({
          productId: line.productId,
          quantity: Number(line.quantity.trim()),
          ...(line.price.trim() === "" ? {} : { price: formatPaise(toPaise(line.price.trim())) }),
        })),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      toast({ title: "Delivery challan made", description: `${challan.number} for ${challan.customer.name}.` });
      onClose();
    } catch (failure) {
      setErrors({ form: describeError(failure, "The delivery challan could not be made") });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
    >
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>New Delivery Challan</DialogTitle>
          <DialogDescription>
            For goods that leave without being sold — sent for job work, on approval, or moved. Your stock does not change: the goods are still yours until you sell them on an
            invoice.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="challan-customer" label="Send to" required error={errors.customerId}>
            <Select
              value={customerId}
              onValueChange={(value) => {
                setCustomerId(value);
                setErrors((current) => ({ ...current, customerId: undefined }));
              }}
            >
              <SelectTrigger {...fieldA11y("challan-customer", errors.customerId)}>
                <SelectValue placeholder={customers.isPending ? "Loading customers..." : "Choose a customer"} />
              </SelectTrigger>
              <SelectContent>
                {(customers.data ?? []).map((customer) => (
                  <SelectItem key={customer.id} value={customer.id}>
                    {customer.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id="challan-purpose" label="Why the goods are sent" required error={errors.purpose}>
            <Select
              value={purpose}
              onValueChange={(value) => {
                setPurpose(value as ChallanPurpose);
                setErrors((current) => ({ ...current, purpose: undefined }));
              }}
            >
              <SelectTrigger {...fieldA11y("challan-purpose", errors.purpose)}>
                <SelectValue placeholder="Choose a purpose" />
              </SelectTrigger>
              <SelectContent>
                {PURPOSE_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <TextField id="challan-date" label="Date" type="date" required value={issueDate} error={errors.issueDate} onChange={(event) => setIssueDate(event.target.value)} />
        </div>
        <div className="grid gap-3">
          {lines.map((line, index) => {
            const product = productOf(line.productId);
            return (
              <div key={line.key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2 sm:grid-cols-[1fr_5.5rem_7rem_auto]">
                <Field className="col-span-3 sm:col-span-1" id={`challan-product-${line.key}`} label={index === 0 ? "Product" : <span className="sr-only">Product</span>}>
                  <Select value={line.productId} onValueChange={(value) => setLine(line.key, { productId: value })}>
                    <SelectTrigger id={`challan-product-${line.key}`} aria-label={`Product ${index + 1}`}>
                      <SelectValue placeholder={products.isPending ? "Loading products..." : "Choose a product"} />
                    </SelectTrigger>
                    <SelectContent>
                      {activeProducts.map((option) => (
                        <SelectItem key={option.id} value={option.id}>
                          {option.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
                <Field id={`challan-qty-${line.key}`} label={index === 0 ? "Qty" : <span className="sr-only">Qty</span>}>
                  <Input
                    id={`challan-qty-${line.key}`}
                    aria-label={`Qty ${index + 1}${product ? ` (${product.unit})` : ""}`}
                    inputMode={product && isMeasurableUnit(product.unit) ? "decimal" : "numeric"}
                    className="text-right"
                    value={line.quantity}
                    onChange={(event) => setLine(line.key, { quantity: event.target.value })}
                  />
                </Field>
                <Field id={`challan-price-${line.key}`} label={index === 0 ? "Value / unit (₹)" : <span className="sr-only">Value per unit</span>}>
                  <Input
                    id={`challan-price-${line.key}`}
                    aria-label={`Value per unit ${index + 1}`}
                    inputMode="decimal"
                    className="text-right"
                    placeholder={product?.price ?? ""}
                    value={line.price}
                    onChange={(event) => setLine(line.key, { price: event.target.value })}
                  />
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={lines.length === 1}
                  onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            );
          })}
          <div>
            <Button variant="outline" size="sm" onClick={addLine}>
              <Plus aria-hidden="true" className="size-4" />
              Add item
            </Button>
          </div>
        </div>
        <p className="flex justify-between text-sm">
          <span className="text-muted-foreground">Value of the goods (empty value: the product's selling price)</span>
          <span className="font-medium tabular-nums" aria-label="Value of the goods">
            {total === null ? "—" : formatRupees(formatPaise(total))}
          </span>
        </p>
        <TextareaField
          id="challan-notes"
          label="Notes (optional)"
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          placeholder="e.g. Vehicle MH12AB1234, for stitching"
        />
        {(errors.lines ?? errors.form) && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.lines ?? errors.form}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" disabled={create.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={create.isPending} onClick={() => void submit()}>
            {create.isPending ? "Making..." : "Make Challan"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
