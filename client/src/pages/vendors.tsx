import type { Vendor, VendorListSummary } from "@bahi/shared/contract";
import { usePagedList } from "../api/lists.ts";
import { useListUrl } from "../components/lists/list-controls.tsx";
import { PARTY_LIST_KEYS, PartyPager, PartyToolbar } from "../components/lists/party-list.tsx";
import { BadgeCheck, Plus, Truck } from "lucide-react";
import { useState } from "react";
import { useDeleteVendor } from "../api/vendors.ts";
import { useCanWrite } from "../auth/access.tsx";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog.tsx";
import { EmptyState, ErrorState } from "../components/list-states.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { PartyCard, PartyCardSkeletons } from "../components/parties/party-card.tsx";
import { PartyFormDialog } from "../components/parties/party-form-dialog.tsx";
import { ArchivedParties, ArchiveInsteadDialog, hasDocumentsReason } from "../components/parties/archived-parties.tsx";
import { useSetArchived } from "../api/party-archive.ts";
import { StatCard, StatGrid } from "../components/stat-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../components/ui/use-toast.ts";

/** Which form is open: a new vendor (null) or an existing one. */
type Editing = { vendor: Vendor | null } | null;

export function VendorsPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const listUrl = useListUrl("/vendors", PARTY_LIST_KEYS);
  const canWrite = useCanWrite();
  const { params: filters, setFilters } = listUrl;
  const vendors = usePagedList<Vendor, VendorListSummary>("/api/vendors", filters);
  const remove = useDeleteVendor();
  // Issue 10: a vendor with documents is archived instead of deleted.
  const setArchived = useSetArchived("/api/vendors");
  const [refused, setRefused] = useState<{ party: Vendor; reason: string } | null>(null);

  const list = vendors.data?.items ?? [];
  // Issue 10: the server's figures over every live vendor; none while loading or failed.
  const summary = vendors.data?.summary ?? null;
  const hasAny = summary ? summary.count > 0 : list.length > 0 || listUrl.filtered;

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Vendor deleted successfully" });
    } catch (error) {
      const reason = hasDocumentsReason(error);
      if (reason) setRefused({ party: deleting, reason });
      else toast({ title: "Failed to delete vendor", variant: "destructive" });
    } finally {
      setDeleting(null);
    }
  }

  async function archive(vendor: Vendor) {
    try {
      await setArchived.mutateAsync({ id: vendor.id, archived: true });
      toast({ title: `${vendor.name} archived`, description: "Find it under Archived at the bottom of this page" });
    } catch {
      toast({ title: "Failed to archive vendor", variant: "destructive" });
    }
  }

  // Issue 11: an auditor sees the list and nothing that would change it.
  const addButton = canWrite ? (
    <Button onClick={() => setEditing({ vendor: null })}>
      <Plus aria-hidden="true" />
      Add Vendor
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader title="Vendors" description="The suppliers you buy from, with their GST registration" actions={addButton} />

      <StatGrid label="Vendor figures" className="xl:grid-cols-2">
        <StatCard label="Total Vendors" value={summary ? summary.count : "—"} icon={Truck} tint="indigo" loading={vendors.isPending} />
        <StatCard label="GST Registered" value={summary ? summary.gstRegistered : "—"} icon={BadgeCheck} tint="emerald" loading={vendors.isPending} />
      </StatGrid>

      {(hasAny || vendors.isPending) && !vendors.isError && (
        <PartyToolbar noun="vendors" filters={filters} setFilters={setFilters} filtered={listUrl.filtered} onClear={listUrl.clearFilters} />
      )}

      {vendors.isPending ? (
        <PartyCardSkeletons />
      ) : vendors.isError ? (
        <ErrorState title="Could not load your vendors" error={vendors.error} onRetry={() => void vendors.refetch()} />
      ) : list.length === 0 && hasAny ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">No vendors match your search.</p>
      ) : list.length === 0 ? (
        <EmptyState icon={Truck} title="No vendors found" text="Add the suppliers you buy from to track purchases and input tax credit." action={addButton} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((vendor) => (
            <PartyCard
              key={vendor.id}
              party={vendor}
              dateLabel="Added"
              historyOf={{ kind: "vendor", id: vendor.id }}
              onEdit={() => setEditing({ vendor })}
              onDelete={() => setDeleting(vendor)}
              onArchive={() => void archive(vendor)}
            />
          ))}
        </div>
      )}
      {vendors.data && hasAny && <PartyPager label="Vendor pages" page={vendors.data} listUrl={listUrl} busy={vendors.isFetching} />}

      {editing && <PartyFormDialog kind="vendor" key={editing.vendor?.id ?? "new"} party={editing.vendor} onClose={() => setEditing(null)} />}
      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        question="Are you sure you want to delete this vendor?"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ArchivedParties path="/api/vendors" noun="vendor" />
      <ArchiveInsteadDialog path="/api/vendors" noun="vendor" party={refused?.party ?? null} reason={refused?.reason ?? null} onClose={() => setRefused(null)} />
    </>
  );
}
