import { toPaise } from "@bahi/shared/contract";
import type { Customer, CustomerListSummary } from "@bahi/shared/contract";
import { usePagedList } from "../api/lists.ts";
import { useListUrl } from "../components/lists/list-controls.tsx";
import { PARTY_LIST_KEYS, PartyPager, PartyToolbar } from "../components/lists/party-list.tsx";
import { CreditCard, IndianRupee, Plus, Users } from "lucide-react";
import { useState } from "react";
import { useDeleteCustomer } from "../api/customers.ts";
import { useCanWrite } from "../auth/access.tsx";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog.tsx";
import { EmptyState, ErrorState } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { PartyFormDialog } from "../components/parties/party-form-dialog.tsx";
import { ArchivedParties, ArchiveInsteadDialog, hasDocumentsReason } from "../components/parties/archived-parties.tsx";
import { useSetArchived } from "../api/party-archive.ts";
import { PartyCard, PartyCardSkeletons } from "../components/parties/party-card.tsx";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../components/ui/use-toast.ts";
import { formatCurrency } from "../lib/format.ts";

/** Which form is open: a new customer (null) or an existing one. */
type Editing = { customer: Customer | null } | null;

function creditLimitPaise(customer: Customer): number {
  try {
    return toPaise(customer.creditLimit);
  } catch {
    return 0;
  }
}

export function CustomersPage() {
  const listUrl = useListUrl("/customers", PARTY_LIST_KEYS);
  const canWrite = useCanWrite();
  const { params: filters, setFilters } = listUrl;
  // The dashboard's 'Add Customer' quick action links to /customers?add=1.
  const params = new URLSearchParams(listUrl.search);
  const openedFromQuickAction = params.has("add");
  // A search result links to /customers?customer=<id>.
  const highlightId = params.get("customer");
  const [editing, setEditing] = useState<Editing>(() => (openedFromQuickAction && canWrite ? { customer: null } : null));
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const customers = usePagedList<Customer, CustomerListSummary>("/api/customers", filters);
  const remove = useDeleteCustomer();
  // Issue 10: a customer with documents is archived instead of deleted.
  const setArchived = useSetArchived("/api/customers");
  const [refused, setRefused] = useState<{ party: Customer; reason: string } | null>(null);

  const list = customers.data?.items ?? [];
  // Issue 10: the server's figures over every live customer; none while loading or failed.
  const summary = customers.data?.summary ?? null;
  const hasAny = summary ? summary.count > 0 : list.length > 0 || listUrl.filtered;

  function closeForm() {
    setEditing(null);
    if (openedFromQuickAction) listUrl.drop(["add"]);
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Customer deleted successfully" });
    } catch (error) {
      const reason = hasDocumentsReason(error);
      if (reason) setRefused({ party: deleting, reason });
      else toast({ title: "Failed to delete customer", variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  }

  async function archive(customer: Customer) {
    try {
      await setArchived.mutateAsync({ id: customer.id, archived: true });
      toast({ title: `${customer.name} archived`, description: "Find it under Archived at the bottom of this page" });
    } catch {
      toast({ title: "Failed to archive customer", variant: "destructive" });
    }
  }

  // Issue 11: an auditor sees the list and nothing that would change it.
  const addButton = canWrite ? (
    <Button onClick={() => setEditing({ customer: null })}>
      <Plus aria-hidden="true" />
      Add Customer
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title="Customers" description="Contact details, GST numbers and credit limits of the people you bill" actions={addButton} />

      <StatGrid label="Customer figures" className="sm:grid-cols-3 xl:grid-cols-3">
        <StatCard label="Total Customers" value={summary ? summary.count : "—"} icon={Users} tint="indigo" loading={customers.isPending} />
        <StatCard label="With Credit Limit" value={summary ? summary.withCreditLimit : "—"} icon={CreditCard} tint="emerald" loading={customers.isPending} />
        <StatCard label="Total Credit Limit" value={summary ? formatCurrency(summary.totalCreditLimit) : "—"} icon={IndianRupee} tint="violet" loading={customers.isPending} />
      </StatGrid>

      {(hasAny || customers.isPending) && !customers.isError && (
        <PartyToolbar noun="customers" filters={filters} setFilters={setFilters} filtered={listUrl.filtered} onClear={listUrl.clearFilters} />
      )}

      {customers.isPending ? (
        <PartyCardSkeletons />
      ) : customers.isError ? (
        <ErrorState title="Could not load your customers" error={customers.error} onRetry={() => void customers.refetch()} />
      ) : list.length === 0 && hasAny ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">No customers match your search.</p>
      ) : list.length === 0 ? (
        <EmptyState icon={Users} title="No customers found" text="Add your first customer to start sending them invoices." action={addButton} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((customer) => (
            <PartyCard
              key={customer.id}
              party={customer}
              dateLabel="Joined"
              highlighted={customer.id === highlightId}
              statementFor={customer}
              historyOf={{ kind: "customer", id: customer.id }}
              extra={
                creditLimitPaise(customer) > 0 && (
                  <li className="flex items-center gap-2.5 text-sm">
                    <CreditCard aria-hidden="true" className="size-4 text-muted-foreground/70" />
                    <span className="text-muted-foreground">Credit Limit:</span>
                    <span className="font-semibold text-foreground">{formatCurrency(customer.creditLimit)}</span>
                  </li>
                )
              }
              onEdit={() => setEditing({ customer })}
              onDelete={() => setDeleting(customer)}
              onArchive={() => void archive(customer)}
            />
          ))}
        </div>
      )}
      {customers.data && hasAny && <PartyPager label="Customer pages" page={customers.data} listUrl={listUrl} busy={customers.isFetching} />}

      {editing && <PartyFormDialog kind="customer" key={editing.customer?.id ?? "new"} party={editing.customer} onClose={closeForm} />}
      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        question="Are you sure you want to delete this customer?"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ArchivedParties path="/api/customers" noun="customer" />
      <ArchiveInsteadDialog path="/api/customers" noun="customer" party={refused?.party ?? null} reason={refused?.reason ?? null} onClose={() => setRefused(null)} />
    </>
  );
}
