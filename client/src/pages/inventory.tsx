import { formatInr, PRODUCT_CATEGORIES, TAXABILITY_LABELS, toPaise, type ProductListSummary } from "@bahi/shared/contract";
import { RowAction } from "../components/row-action.tsx";
import { useCanWrite } from "../auth/access.tsx";
import type { Product } from "@bahi/shared/contract";
import { Boxes, CircleCheck, IndianRupee, Package, PackagePlus, Pencil, Plus, SlidersHorizontal, Trash, TriangleExclamationPoint } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { usePagedList } from "../api/lists.ts";
import { ClearFilters, FilterSelect, ListPager, ListToolbar, SearchBox, useListUrl, type FilterOption } from "../components/lists/list-controls.tsx";
import { describeError } from "../api/errors.ts";
import { stockText } from "../lib/quantity.ts";
import { useDeleteProduct, useLowStockProducts, useProducts, useSetProductActive } from "../api/products.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog.tsx";
import { EmptyState, ErrorState, TableSkeleton } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { ProductFormDialog } from "../components/products/product-form-dialog.tsx";
import { AdjustStockDialog, ReceiveStockDialog } from "../components/products/stock-dialogs.tsx";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Skeleton } from "../components/ui/skeleton.tsx";
import { Switch } from "../components/ui/switch.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../components/ui/table.tsx";
import { InventoryScanButton } from "../components/barcode/inventory-scan.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { formatRupees } from "../lib/format.ts";
import { cn } from "../lib/utils.ts";
import { HistoryButton } from "../components/history/history-button.tsx";
import { AsOfBanner, AsOfControl } from "../components/as-of/as-of-control.tsx";

/** Which dialog is open, and for which product. */
type Dialog = { kind: "add" } | { kind: "edit"; product: Product } | { kind: "receive"; product: Product } | { kind: "adjust"; product: Product } | null;

const LOW_STOCK_ALERTS_SHOWN = 5;

function isLowStock(product: Product): boolean {
  return product.stock <= product.minStock;
}

const CATEGORY_TINTS: Record<string, string> = {
  Electronics: "bg-sky-100 text-sky-700",
  Clothing: "bg-rose-100 text-rose-700",
  "Home & Garden": "bg-emerald-100 text-emerald-700",
  Books: "bg-amber-100 text-amber-700",
  Sports: "bg-violet-100 text-violet-700",
  Other: "bg-slate-100 text-slate-700",
};

/** How many products each category has, over every product; a card filters the table by it. */
function CategoryCards({ products, selected, onSelect }: { products: readonly Product[]; selected: string; onSelect: (category: string) => void }) {
  const counts = PRODUCT_CATEGORIES.map((category) => ({ category, count: products.filter((p) => p.category === category).length })).filter((entry) => entry.count > 0);
  if (counts.length === 0) return null;
  return (
    <section aria-label="Categories" className="mb-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {counts.map(({ category, count }) => (
        <Card key={category} role="group" aria-label={category} className={cn("min-w-0 p-0", selected === category && "ring-2 ring-primary/50")}>
          <button
            type="button"
            aria-pressed={selected === category}
            title={selected === category ? "Show every category" : `Show only ${category}`}
            onClick={() => onSelect(selected === category ? "" : category)}
            className="flex w-full min-w-0 items-center gap-3 rounded-xl p-4 text-left outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg", CATEGORY_TINTS[category])}>
              <Boxes aria-hidden="true" className="size-4" />
            </span>
            <span className="block min-w-0">
              <span className="block truncate text-sm font-medium text-foreground" title={category}>
                {category}
              </span>
              <span className="block text-xs text-muted-foreground">
                {count} {count === 1 ? "item" : "items"}
              </span>
            </span>
          </button>
        </Card>
      ))}
    </section>
  );
}

function LowStockAlerts({ products, loading, failed, onReorder }: { products: readonly Product[]; loading: boolean; failed: boolean; onReorder: (product: Product) => void }) {
  const canWrite = useCanWrite();
  return (
    <Card className="mb-8" aria-label="Low Stock Alerts" role="region">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <TriangleExclamationPoint aria-hidden="true" className="size-4 text-amber-600" />
          Low Stock Alerts
        </CardTitle>
        <CardDescription>Products at or below their minimum stock</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : failed ? (
          <p className="text-sm text-muted-foreground">Low stock alerts could not be loaded.</p>
        ) : products.length === 0 ? (
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            All products are well stocked
          </p>
        ) : (
          <ul className="grid gap-2">
            {products.slice(0, LOW_STOCK_ALERTS_SHOWN).map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50/60 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold text-foreground">{product.name}</p>
                  <p className="text-xs text-amber-800">
                    Only {stockText(product.stock, product.unit)} left (Min: {product.minStock})
                  </p>
                </div>
                {canWrite && (
                  <Button size="sm" variant="outline" onClick={() => onReorder(product)} aria-label={`Reorder ${product.name}`}>
                    <PackagePlus aria-hidden="true" />
                    Reorder
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

interface ProductTableProps {
  products: readonly Product[];
  highlightId: string | null;
  togglingId: string | null;
  onToggleActive: (product: Product) => void;
  onOpen: (dialog: Exclude<Dialog, null | { kind: "add" }>) => void;
  onDelete: (product: Product) => void;
}

function ProductTable({ products, highlightId, togglingId, onToggleActive, onOpen, onDelete }: ProductTableProps) {
  // Issue 11: an auditor sees the stock and each product's history; nothing that changes them.
  const canWrite = useCanWrite();
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Product</TableHead>
          <TableHead>SKU</TableHead>
          <TableHead>Category</TableHead>
          <TableHead>Stock</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead>GST</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <TableRow
            key={product.id}
            id={`product-${product.id}`}
            aria-label={product.name}
            className={cn(!product.isActive && "text-muted-foreground", highlightId === product.id && "bg-accent/70 ring-2 ring-primary/40 ring-inset")}
          >
            <TableCell className="max-w-72 whitespace-normal">
              <p className="font-medium text-foreground">{product.name}</p>
              {product.description && <p className="line-clamp-1 text-xs text-muted-foreground">{product.description}</p>}
            </TableCell>
            <TableCell className="font-mono text-xs">
              {product.sku}
              {/* Issue 10: the barcode, when there is one, under the SKU. */}
              {product.barcode && <span className="block text-muted-foreground">{product.barcode}</span>}
            </TableCell>
            <TableCell>{product.category}</TableCell>
            <TableCell>
              <Badge variant={isLowStock(product) ? "destructive" : "secondary"}>{stockText(product.stock, product.unit)}</Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatRupees(product.price)}</TableCell>
            {/* Issue 9: nil-rated, exempt and non-GST products say so instead of "0%". */}
            <TableCell>{product.taxability && product.taxability !== "taxable" ? TAXABILITY_LABELS[product.taxability] : `${product.gstRate}%`}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <Switch
                  checked={product.isActive}
                  disabled={!canWrite || togglingId === product.id}
                  onCheckedChange={() => onToggleActive(product)}
                  aria-label={`${product.name} active`}
                />
                <span className={cn("text-xs font-medium", product.isActive ? "text-emerald-700" : "text-muted-foreground")}>{product.isActive ? "Active" : "Inactive"}</span>
              </div>
            </TableCell>
            <TableCell className="text-right">
              <HistoryButton kind="product" id={product.id} name={product.name} />
              {canWrite && (
                <>
                  <RowAction tip="Receive stock" label={`Receive stock for ${product.name}`} icon={PackagePlus} onClick={() => onOpen({ kind: "receive", product })} />
                  <RowAction tip="Adjust stock" label={`Adjust stock for ${product.name}`} icon={SlidersHorizontal} onClick={() => onOpen({ kind: "adjust", product })} />
                  <RowAction tip="Edit" label={`Edit ${product.name}`} icon={Pencil} onClick={() => onOpen({ kind: "edit", product })} />
                  <RowAction tip="Delete" label={`Delete ${product.name}`} icon={Trash} onClick={() => onDelete(product)} destructive />
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The URL keys of the product list (issue 10). */
// Issue 11: asOf rides along with the filters, so the server answers the stock as it stood then.
const PRODUCT_LIST_KEYS = ["q", "status", "category", "sort", "asOf"] as const;

const PRODUCT_STATUS_OPTIONS: FilterOption[] = [
  { value: "", label: "All products" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "low-stock", label: "Low stock" },
  { value: "out-of-stock", label: "Out of stock" },
];

const PRODUCT_CATEGORY_OPTIONS: FilterOption[] = [{ value: "", label: "All categories" }, ...PRODUCT_CATEGORIES.map((category) => ({ value: category, label: category }))];

const PRODUCT_SORT_OPTIONS: FilterOption[] = [
  { value: "", label: "Newest first" },
  { value: "name-asc", label: "Name, A to Z" },
  { value: "stock-asc", label: "Stock, lowest" },
  { value: "price-desc", label: "Price, highest" },
  { value: "price-asc", label: "Price, lowest" },
];

/** Whole rupees of a server figure ("1234.50"); "—" if it is not money. */
function wholeRupeesOf(amount: string | undefined): string {
  try {
    return amount === undefined ? "—" : formatInr(toPaise(amount), { decimals: 0 });
  } catch {
    return "—";
  }
}

export function InventoryPage() {
  const params = new URLSearchParams(useSearch());
  // The dashboard's 'Add Product' quick action links to /inventory?add=1; search results to ?product=<id>.
  const openedFromQuickAction = params.has("add");
  const highlightId = params.get("product");
  const canWrite = useCanWrite();
  const [dialog, setDialog] = useState<Dialog>(() => (openedFromQuickAction && canWrite ? { kind: "add" } : null));
  const [deleting, setDeleting] = useState<Product | null>(null);
  const listUrl = useListUrl("/inventory", PRODUCT_LIST_KEYS);
  const { params: filters, setFilters } = listUrl;
  const page = usePagedList<Product, ProductListSummary>("/api/products", filters);
  // The scanner and the category cards look at every product, not the page shown.
  const products = useProducts();
  const lowStock = useLowStockProducts();
  const remove = useDeleteProduct();
  const setActive = useSetProductActive();

  const list = products.data ?? [];
  const rows = page.data?.items ?? [];
  // Issue 10: the server's figures over every product; none while loading or failed.
  const summary = page.data?.summary ?? null;
  const hasAny = summary ? summary.count > 0 : rows.length > 0 || listUrl.filtered;

  useEffect(() => {
    if (highlightId && page.data) document.getElementById(`product-${highlightId}`)?.scrollIntoView({ block: "center" });
  }, [highlightId, page.data]);

  function closeDialog() {
    setDialog(null);
    if (openedFromQuickAction) listUrl.drop(["add"]);
  }

  async function toggleActive(product: Product) {
    const isActive = !product.isActive;
    try {
      await setActive.mutateAsync({ id: product.id, isActive });
      toast({ title: isActive ? "Product activated" : "Product deactivated", description: product.name });
    } catch (error) {
      toast({ title: "Failed to update product", description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Product deleted successfully" });
    } catch {
      toast({ title: "Failed to delete product", variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  }

  const addButton = canWrite ? (
    <Button onClick={() => setDialog({ kind: "add" })}>
      <Plus aria-hidden="true" />
      Add Product
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader
        title="Inventory"
        description="Products, stock levels and low-stock alerts"
        actions={
          <>
            <AsOfControl />
            {canWrite && <InventoryScanButton products={list} />}
            {addButton}
          </>
        }
      />
      <AsOfBanner />

      <StatGrid label="Inventory figures" className="sm:grid-cols-3 xl:grid-cols-3">
        <StatCard label="Total Products" value={summary ? summary.count : "—"} icon={Package} tint="indigo" loading={page.isPending} />
        <StatCard label="Low Stock" value={summary ? summary.lowStock : "—"} icon={TriangleExclamationPoint} tint="amber" loading={page.isPending} />
        <StatCard label="Stock Value" value={wholeRupeesOf(summary?.stockValue)} hint="Price × stock on hand" icon={IndianRupee} tint="emerald" loading={page.isPending} />
      </StatGrid>

      {/* Issue 11: the cards and alerts count today's products; as of a past moment the list and its figures are then's alone. */}
      {!filters.asOf && <CategoryCards products={list} selected={filters.category ?? ""} onSelect={(category) => setFilters({ category })} />}

      {!filters.asOf && (
        <LowStockAlerts products={lowStock.data ?? []} loading={lowStock.isPending} failed={lowStock.isError} onReorder={(product) => setDialog({ kind: "receive", product })} />
      )}

      {page.isError ? (
        <ErrorState title="Could not load your products" error={page.error} onRetry={() => (listUrl.pageIndex > 0 ? listUrl.setFilters({}) : void page.refetch())} />
      ) : !page.isPending && !hasAny ? (
        <EmptyState icon={Package} title="No products found. Add your first product to get started." action={addButton} />
      ) : (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Products</CardTitle>
            <CardDescription>Stock on hand counts opening stock, receipts and adjustments, less invoiced quantities</CardDescription>
          </CardHeader>
          <ListToolbar label="Find products">
            <SearchBox label="Search products" placeholder="Name, SKU, HSN or barcode" value={filters.q ?? ""} onSearch={(q) => setFilters({ q }, { replace: true })} />
            <FilterSelect label="Status" value={filters.status ?? ""} options={PRODUCT_STATUS_OPTIONS} onChange={(status) => setFilters({ status })} />
            <FilterSelect label="Category" value={filters.category ?? ""} options={PRODUCT_CATEGORY_OPTIONS} onChange={(category) => setFilters({ category })} />
            <FilterSelect label="Sort" value={filters.sort ?? ""} options={PRODUCT_SORT_OPTIONS} onChange={(sort) => setFilters({ sort })} />
            <ClearFilters shown={listUrl.filtered} onClear={listUrl.clearFilters} />
          </ListToolbar>
          {page.isPending ? (
            <TableSkeleton inset="flush" />
          ) : rows.length === 0 ? (
            <p className="border-t px-6 py-10 text-center text-sm text-muted-foreground">No products match these filters.</p>
          ) : (
            <CardContent className={cn("px-3 transition-opacity sm:px-6", page.isPlaceholderData && "opacity-60")} aria-busy={page.isFetching}>
              <ProductTable
                products={rows}
                highlightId={highlightId}
                togglingId={setActive.isPending ? (setActive.variables?.id ?? null) : null}
                onToggleActive={(product) => void toggleActive(product)}
                onOpen={setDialog}
                onDelete={setDeleting}
              />
            </CardContent>
          )}
          {page.data && <ListPager label="Product pages" listUrl={listUrl} page={page.data} busy={page.isFetching} />}
        </Card>
      )}

      {dialog?.kind === "add" && <ProductFormDialog key="new" product={null} onClose={closeDialog} />}
      {dialog?.kind === "edit" && <ProductFormDialog key={dialog.product.id} product={dialog.product} onClose={closeDialog} />}
      {dialog?.kind === "receive" && <ReceiveStockDialog key={dialog.product.id} product={dialog.product} onClose={closeDialog} />}
      {dialog?.kind === "adjust" && <AdjustStockDialog key={dialog.product.id} product={dialog.product} onClose={closeDialog} />}
      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        question="Are you sure you want to delete this product?"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
