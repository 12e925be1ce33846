import type { SearchResults } from "@bahi/shared/contract";
import { FileText, Package, Search, Users, type LucideIcon } from "lucide-react";
import type { Product } from "@bahi/shared/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "wouter";
import { PRODUCTS_KEY } from "../api/products.ts";
import { useSearch } from "../api/search.ts";
import { findProductByCode } from "../lib/barcode-lookup.ts";
import { scanBurst } from "../lib/scan-burst.ts";
import { formatCurrency } from "../lib/format.ts";
import { cn } from "../lib/utils.ts";
import { Input } from "./ui/input.tsx";
import { Spinner } from "./ui/spinner.tsx";

const DEBOUNCE_MS = 250;

interface Hit {
  key: string;
  group: "Invoices" | "Customers" | "Products";
  label: string;
  detail: string;
  href: string;
}

const GROUP_ICONS: Record<Hit["group"], LucideIcon> = { Invoices: FileText, Customers: Users, Products: Package };

/** The results as one list in display order, each with the page that shows it. */
function searchHits(results: SearchResults | undefined): Hit[] {
  if (!results) return [];
  return [
    ...results.invoices.map((invoice) => ({
      key: `invoice-${invoice.id}`,
      group: "Invoices" as const,
      label: invoice.invoiceNumber,
      detail: `${invoice.customerName} · ${formatCurrency(invoice.total)} · ${invoice.status}`,
      href: `/invoices?view=${encodeURIComponent(invoice.id)}`,
    })),
    ...results.customers.map((customer) => ({
      key: `customer-${customer.id}`,
      group: "Customers" as const,
      label: customer.name,
      detail: customer.gstNumber ?? customer.email ?? "No GST Number",
      href: `/customers?customer=${encodeURIComponent(customer.id)}`,
    })),
    ...results.products.map((product) => ({
      key: `product-${product.id}`,
      group: "Products" as const,
      label: product.name,
      detail: `${product.sku} · ${product.stock} in stock`,
      href: `/inventory?product=${encodeURIComponent(product.id)}`,
    })),
  ];
}

/** The dashboard's search box: invoices, customers and products as the user types. */
export function GlobalSearch() {
  const [, navigate] = useLocation();
  const listId = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const queryClient = useQueryClient();
  // Issue 10: a USB scanner types a code and Enter in a blink; that goes straight to the product.
  const burst = useRef(scanBurst());

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useSearch(query);
  const hits = query ? searchHits(search.data) : [];
  const showList = open && text.trim() !== "" && query !== "";
  const activeHit = hits[Math.min(active, hits.length - 1)];

  useEffect(() => setActive(0), [query]);

  function choose(hit: Hit) {
    setOpen(false);
    navigate(hit.href);
  }

  async function openScanned(code: string) {
    const product = findProductByCode(await queryClient.fetchQuery<Product[]>({ queryKey: PRODUCTS_KEY }).catch(() => []), code);
    if (!product) {
      // Not a product's code: show what the search finds for it instead.
      setQuery(code);
      setOpen(true);
      return;
    }
    setText("");
    setOpen(false);
    navigate(`/inventory?product=${encodeURIComponent(product.id)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const scanned = burst.current.key(event.key, event.timeStamp);
    if (scanned) {
      event.preventDefault();
      void openScanned(scanned);
      return;
    }
    if (event.key === "Escape") {
      setOpen(false);
      return;
    }
    if (!showList || hits.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index - 1 + hits.length) % hits.length);
    } else if (event.key === "Enter" && activeHit) {
      event.preventDefault();
      choose(activeHit);
    }
  }

  const groups = (["Invoices", "Customers", "Products"] as const).map((group) => ({ group, hits: hits.filter((hit) => hit.group === group) }));

  return (
    <div className="relative w-full sm:w-72">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        role="combobox"
        placeholder="Search..."
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && activeHit ? `${listId}-${activeHit.key}` : undefined}
        autoComplete="off"
        className="pl-9"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          // Keep focus in the input while a result is clicked, so blur does not close the list first.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute top-full right-0 z-40 mt-2 max-h-96 w-full min-w-80 overflow-y-auto rounded-xl border bg-popover p-1.5 shadow-xl sm:w-96"
        >
          {search.isPending ? (
            <div className="flex items-center gap-2 px-3 py-4 text-sm text-muted-foreground">
              <Spinner className="size-4" label="Searching" /> Searching...
            </div>
          ) : search.isError ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">Search is not available right now.</p>
          ) : hits.length === 0 ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">No results for “{query}”</p>
          ) : (
            groups
              .filter(({ hits: groupHits }) => groupHits.length > 0)
              .map(({ group, hits: groupHits }) => {
                const Icon = GROUP_ICONS[group];
                return (
                  <div key={group} role="group" aria-label={group} className="py-1">
                    <p className="px-2.5 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">{group}</p>
                    {groupHits.map((hit) => (
                      <div
                        key={hit.key}
                        id={`${listId}-${hit.key}`}
                        role="option"
                        aria-selected={hit === activeHit}
                        onMouseEnter={() => setActive(hits.indexOf(hit))}
                        onClick={() => choose(hit)}
                        className={cn("flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2", hit === activeHit && "bg-accent")}
                      >
                        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                        <span className="min-w-0">
                          <span className="block truncate text-sm font-medium text-foreground">{hit.label}</span>
                          <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>
                        </span>
                      </div>
                    ))}
                  </div>
                );
              })
          )}
        </div>
      )}
    </div>
  );
}
