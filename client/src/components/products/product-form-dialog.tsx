import { basisPointsToPercent, DEFAULT_GST_RATE, formatCessPerUnit, kindOfHsn, PRODUCT_CATEGORIES, productCreateSchema, productUpdateSchema } from "@bahi/shared/contract";
import type { Product, ProductCreateInput, ProductUpdateInput } from "@bahi/shared/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { describeError } from "../../api/errors.ts";
import { HttpError } from "../../api/http.ts";
import { useCreateProduct, useUpdateProduct } from "../../api/products.ts";
import { sameFormValues, useRecordRevision } from "../../api/record-revision.ts";
import { useProfile } from "../../api/profile.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { gstRateOptions, normalisePercent } from "../../lib/gst-rate-options.ts";
import { FormDialog } from "../form-dialog.tsx";
import { StaleRecordNotice } from "../stale-record-notice.tsx";
import { HsnPicker } from "./hsn-picker.tsx";
import { UnitPicker } from "./unit-picker.tsx";
import { Label } from "../ui/label.tsx";
import { SelectField } from "../ui/select-field.tsx";
import { Switch } from "../ui/switch.tsx";
import { TextField, TextareaField } from "../ui/text-field.tsx";
import { toast } from "../ui/use-toast.ts";

type ProductFormInput = z.input<typeof productCreateSchema>;
type ProductFormOutput = ProductCreateInput | ProductUpdateInput;

const FIELDS = [
  "name",
  "description",
  "sku",
  "category",
  "price",
  "stock",
  "minStock",
  "gstRate",
  "hsnCode",
  "kind",
  "cessRate",
  "cessPerUnit",
  "taxability",
  "unit",
  "barcode",
] as const;
const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => ({ value: category, label: category }));

function initialValues(product: Product | null, barcode?: string): ProductFormInput {
  return {
    name: product?.name ?? "",
    description: product?.description ?? "",
    sku: product?.sku ?? "",
    category: product?.category ?? ("" as ProductFormInput["category"]),
    price: product?.price ?? "",
    stock: "0",
    minStock: String(product?.minStock ?? 10),
    gstRate: product ? normalisePercent(product.gstRate) || String(DEFAULT_GST_RATE) : String(DEFAULT_GST_RATE),
    hsnCode: product?.hsnCode ?? "",
    // Documents projected before products had a kind: the code says it (99… is a service).
    kind: product?.kind ?? kindOfHsn(product?.hsnCode),
    // Issue 9: empty when there is none, so the fields stay blank for ordinary goods.
    cessRate: product?.cessRate && product.cessRate !== "0" ? product.cessRate : "",
    cessPerUnit: product?.cessPerUnit && /[1-9]/.test(product.cessPerUnit) ? product.cessPerUnit : "",
    isActive: true,
    taxability: product?.taxability ?? "taxable",
    unit: product?.unit ?? "NOS",
    // Issue 10: a code scanned for a product not yet in the list arrives filled in.
    barcode: product?.barcode ?? barcode ?? "",
  };
}
/** Issue 9: how GST treats the product; the untaxed ones go on bills of supply (Rule 49). */
const TAXABILITY_OPTIONS = [
  { value: "taxable", label: "Taxable" },
  { value: "nil", label: "Nil rated", hint: "GST rate 0%" },
  { value: "exempt", label: "Exempt", hint: "No GST by notification" },
  { value: "nonGst", label: "Non-GST", hint: "Outside GST, e.g. petrol" },
];

interface ProductFormDialogProps {
  /** The product being edited, or null to add a new one. */
  product: Product | null;
  onClose: () => void;
  /** Issue 10: a scanned code no product has yet, for a new product. */
  barcode?: string;
}

/**
 * Add or edit a product. Opening stock is asked only when adding: afterwards stock moves through
 * receipts, adjustments and invoices. Mount it with a `key` per target.
 */
export function ProductFormDialog({ product, onClose, barcode }: ProductFormDialogProps) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;
  const [today] = useState(() => new Date());
  const form = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(product ? productUpdateSchema : productCreateSchema) as Resolver<ProductFormInput, unknown, ProductFormOutput>,
    defaultValues: initialValues(product, barcode),
  });
  const { errors, isDirty } = form.formState;
  // Issue 12: the save names the revision opened here; a 412 says the product changed meanwhile.
  const revision = useRecordRevision<Product>(product ? `/api/products/${encodeURIComponent(product.id)}` : null, {
    onOpened: (fresh) => {
      const values = initialValues(fresh);
      if (!isDirty && !sameFormValues(values, initialValues(product))) form.reset(values);
    },
    onReload: (fresh) => form.reset(initialValues(fresh)),
  });
  // Issue 9: goods or services and the HSN/SAC code, with the digits the turnover band needs.
  const profile = useProfile();
  const [kind, gstRate, taxability] = useWatch({ control: form.control, name: ["kind", "gstRate", "taxability"] });
  const rateOptions = gstRateOptions(today, product ? normalisePercent(product.gstRate) : undefined);

  async function onSubmit(output: ProductFormOutput) {
    // The schema turns the rate into basis points; the API takes the percent, as the form shows it.
    const body = { ...output, gstRate: basisPointsToPercent(output.gstRate), cessRate: basisPointsToPercent(output.cessRate), cessPerUnit: formatCessPerUnit(output.cessPerUnit) };
    try {
      if (product) await update.mutateAsync({ id: product.id, input: body, ifMatch: revision.etag });
      else await create.mutateAsync(body as Omit<ProductCreateInput, "gstRate" | "cessRate" | "cessPerUnit"> & { gstRate: string; cessRate: string; cessPerUnit: string });
      toast({ title: product ? "Product updated successfully" : "Product added successfully" });
      onClose();
    } catch (error) {
      if (revision.refusedAsStale(error)) return;
      const placed = applyServerFieldErrors(error, form.setError, FIELDS);
      if (placed === 0 && error instanceof HttpError && error.status === 409) {
        form.setError("sku", { type: "server", message: error.errorBody?.message ?? "A product with this SKU already exists" }, { shouldFocus: true });
      }
      toast({
        title: product ? "Failed to update product" : "Failed to add product",
        description: describeError(error, "An error occurred"),
        variant: "destructive",
      });
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={product ? "Edit Product" : "Add New Product"}
      description={product ? "Update this product's details. Stock changes through Receive stock and adjustments." : "Add a product with its price, GST rate and opening stock."}
      formId="product-form"
      pending={pending}
      submitLabel={product ? "Update Product" : "Add Product"}
      pendingLabel={product ? "Updating..." : "Adding..."}
    >
      {revision.stale ? <StaleRecordNotice onReload={() => void revision.reload()} reloading={revision.reloading} /> : null}
      <form id="product-form" noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
        <TextField id="product-name" label="Product Name" required className="sm:col-span-2" placeholder="Cotton shirt" error={errors.name?.message} {...form.register("name")} />
        <TextareaField
          id="product-description"
          label="Description"
          className="sm:col-span-2"
          rows={2}
          placeholder="Half sleeves, assorted colours"
          error={errors.description?.message}
          {...form.register("description")}
        />
        <TextField id="product-sku" label="SKU" required placeholder="SHIRT-001" autoCapitalize="characters" error={errors.sku?.message} {...form.register("sku")} />
        <SelectField
          control={form.control}
          name="category"
          id="product-category"
          label="Category"
          required
          placeholder="Select category"
          options={CATEGORY_OPTIONS}
          error={errors.category?.message}
        />
        <TextField
          id="product-barcode"
          label="Barcode"
          className="sm:col-span-2"
          autoComplete="off"
          placeholder="8901234567890"
          hint="Optional: the number under the barcode on the pack, so scanning finds this product"
          error={errors.barcode?.message}
          {...form.register("barcode")}
        />
        <TextField
          id="product-price"
          label="Price (₹)"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          placeholder="0.00"
          hint="Before GST"
          error={errors.price?.message}
          {...form.register("price")}
        />
        <SelectField control={form.control} name="gstRate" id="product-gstRate" label="GST Rate" options={rateOptions} error={errors.gstRate?.message} />
        <SelectField
          control={form.control}
          name="taxability"
          id="product-taxability"
          label="Tax treatment"
          options={TAXABILITY_OPTIONS}
          hint="Nil rated, exempt and non-GST items are sold without GST"
          error={errors.taxability?.message}
          onChosen={(value) => {
            if (value !== "taxable") form.setValue("gstRate", "0");
          }}
        />
        {!product && (
          <TextField
            id="product-stock"
            label="Opening Stock"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            placeholder="0"
            error={errors.stock?.message}
            {...form.register("stock")}
          />
        )}
        {/* Issue 9: the unit GSTR-1 and e-invoices report (UQC); measured units take quantities like 2.5. */}
        <Controller
          control={form.control}
          name="unit"
          render={({ field }) => <UnitPicker id="product-unit" value={field.value ?? "NOS"} onChange={field.onChange} onBlur={field.onBlur} error={errors.unit?.message} />}
        />
        <TextField
          id="product-minStock"
          label="Min Stock"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder="10"
          hint="Alert at or below this level"
          error={errors.minStock?.message}
          {...form.register("minStock")}
        />
        <Controller
          control={form.control}
          name="hsnCode"
          render={({ field }) => (
            <HsnPicker
              id="product-hsnCode"
              className="sm:col-span-2"
              code={field.value ?? ""}
              onCodeChange={field.onChange}
              onBlur={field.onBlur}
              kind={kind ?? "goods"}
              onKindChange={(next) => form.setValue("kind", next)}
              turnoverAbove5Crore={profile.data?.turnoverAbove5Crore ?? false}
              gstRate={gstRate == null ? null : String(gstRate)}
              onUseRate={taxability === "taxable" || taxability === undefined ? (rate) => form.setValue("gstRate", rate, { shouldDirty: true }) : null}
              error={errors.hsnCode?.message ?? errors.kind?.message}
            />
          )}
        />
        <TextField
          id="product-cessRate"
          label="Cess (%)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          inputMode="decimal"
          placeholder="0"
          hint="Compensation cess, ad valorem; invoices from 1 Feb 2026 cannot carry it"
          error={errors.cessRate?.message}
          {...form.register("cessRate")}
        />
        <TextField
          id="product-cessPerUnit"
          label="Cess per unit (₹)"
          type="number"
          min={0}
          step={0.001}
          inputMode="decimal"
          placeholder="0"
          hint="Specific cess, e.g. 1.591 for ₹1,591 per thousand"
          error={errors.cessPerUnit?.message}
          {...form.register("cessPerUnit")}
        />
        {!product && (
          <div className="flex items-center gap-3 self-end pb-2">
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => <Switch id="product-isActive" checked={field.value !== false} onCheckedChange={field.onChange} />}
            />
            <Label htmlFor="product-isActive">Active</Label>
          </div>
        )}
      </form>
    </FormDialog>
  );
}
