/**
 * Issue 10: a customer or vendor with invoices or expenses cannot be deleted; it is archived
 * instead. Archived ones sit in a collapsed section at the bottom of the page, with Unarchive.
 */
import { Archive, ArchiveRestore } from "lucide-react";
import { HttpError } from "../../api/http.ts";
import { useArchivedParties, useSetArchived, type PartyPath } from "../../api/party-archive.ts";
import { describeError } from "../../api/errors.ts";
import { useCanWrite } from "../../auth/access.tsx";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from "../ui/alert-dialog.tsx";
import { Button } from "../ui/button.tsx";
import { toast } from "../ui/use-toast.ts";

/** The server's reason a delete was refused (409 PARTY_HAS_DOCUMENTS), or null for other errors. */
export function hasDocumentsReason(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.errorBody;
  return body?.code === "PARTY_HAS_DOCUMENTS" ? body.message : null;
}

export function ArchivedParties({ path, noun }: { path: PartyPath; /** "customer" or "vendor" */ noun: string }) {
  const archived = useArchivedParties(path);
  const setArchived = useSetArchived(path);
  const canWrite = useCanWrite();
  const list = archived.data ?? [];
  if (list.length === 0) return null;

  async function unarchive(id: string, name: string) {
    try {
      await setArchived.mutateAsync({ id, archived: false });
      toast({ title: `${name} is back in your ${noun}s` });
    } catch (error) {
      toast({ title: `Failed to unarchive ${noun}`, description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }

  return (
    <details className="mt-8 rounded-xl border bg-card p-4" aria-label={`Archived ${noun}s`}>
      <summary className="cursor-pointer text-sm font-semibold text-foreground">
        <Archive aria-hidden="true" className="mr-2 inline size-4 text-muted-foreground" />
        Archived ({list.length})<span className="ml-2 font-normal text-muted-foreground">Kept on their old documents, hidden when you pick a {noun}</span>
      </summary>
      <ul className="mt-3 divide-y">
        {list.map((party) => (
          <li key={party.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 break-words">
              {party.name}
              {party.gstNumber && <span className="ml-2 font-mono text-xs text-muted-foreground">{party.gstNumber}</span>}
            </span>
            {canWrite && (
              <Button variant="outline" size="sm" disabled={setArchived.isPending} onClick={() => void unarchive(party.id, party.name)}>
                <ArchiveRestore aria-hidden="true" />
                Unarchive
              </Button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** After a refused delete: why, and the offer to archive instead. */
export function ArchiveInsteadDialog({
  path,
  noun,
  party,
  reason,
  onClose,
}: {
  path: PartyPath;
  noun: string;
  party: { id: string; name: string } | null;
  reason: string | null;
  onClose: () => void;
}) {
  const setArchived = useSetArchived(path);
  async function archive() {
    if (!party) return;
    try {
      await setArchived.mutateAsync({ id: party.id, archived: true });
      toast({ title: `${party.name} archived` });
      onClose();
    } catch (error) {
      toast({ title: `Failed to archive ${noun}`, description: describeError(error, "An error occurred"), variant: "destructive" });
    }
  }
  return (
    <AlertDialog
      open={party !== null}
      onOpenChange={(open) => {
        if (!open && !setArchived.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{party ? `${party.name} cannot be deleted` : "Cannot delete"}</AlertDialogTitle>
          <AlertDialogDescription>
            {reason} Archiving keeps it on its old documents and hides it when you pick a {noun}. You can unarchive it any time.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogConfirmFooter pending={setArchived.isPending} label="Archive" pendingLabel="Archiving..." onConfirm={() => void archive()} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
