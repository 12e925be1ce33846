import type { ReactNode } from "react";
import { cn } from "../lib/utils.ts";
import { Button } from "./ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog.tsx";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Id of the <form> inside `children`, so the footer's submit button can sit outside it. */
  formId: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Keeps the submit button disabled, e.g. while something the form needs is missing. */
  submitDisabled?: boolean;
  /** Extra classes for the dialog box, e.g. a wider max width. */
  className?: string;
  children: ReactNode;
}

/**
 * A create/edit dialog. It cannot be dismissed while its call is in flight, and it stays open on
 * failure so nothing typed is lost; the caller closes it on success.
 */
export function FormDialog({ open, onOpenChange, title, description, formId, pending, submitLabel, pendingLabel, submitDisabled = false, className, children }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent className={cn("sm:max-w-xl", className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
