import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from "./ui/alert-dialog.tsx";

interface ConfirmDeleteDialogProps {
  /** The record being deleted, or null when the dialog is closed. */
  name: string | null;
  question: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a delete; stays open while the delete is in flight so a failure can be seen. */
export function ConfirmDeleteDialog({ name, question, pending, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog
      open={name !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{question}</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="font-medium text-foreground">{name}</span> will be removed. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogConfirmFooter pending={pending} label="Delete" pendingLabel="Deleting..." onConfirm={onConfirm} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
