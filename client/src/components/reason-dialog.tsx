import { useState, type ReactNode } from "react";
import { describeError } from "../api/errors.ts";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from "./ui/alert-dialog.tsx";
import { TextareaField } from "./ui/text-field.tsx";

export interface ReasonDialogProps {
  id: string;
  title: string;
  description: ReactNode;
  label: string;
  placeholder: string;
  rows: number;
  maxLength: number;
  keepLabel: string;
  confirmLabel: string;
  /** What the error says when the call fails without a message of its own. */
  failure: string;
  pending: boolean;
  /** Called with the trimmed reason; closes the dialog when it resolves, shows its error when it throws. */
  submit: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * An irreversible action that must say why (cancelling an invoice, an e-way bill): asks for
 * the reason, and stays open while the call is in flight so a refusal can be read.
 */
export function ReasonDialog({ id, title, description, label, placeholder, rows, maxLength, keepLabel, confirmLabel, failure, pending, submit, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    const trimmed = reason.trim();
    if (!trimmed) return setError("Reason is required");
    if (trimmed.length > maxLength) return setError(`Reason must be at most ${maxLength} characters`);
    try {
      await submit(trimmed);
      onClose();
    } catch (caught) {
      setError(describeError(caught, failure));
    }
  }

  return (
    <AlertDialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <TextareaField
          id={id}
          label={label}
          required
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          value={reason}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
        />
        <AlertDialogConfirmFooter pending={pending} cancelLabel={keepLabel} label={confirmLabel} pendingLabel="Cancelling..." onConfirm={() => void confirm()} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
