/**
 * Issue 10: the customer's balance and credit limit under the invoice form's customer field,
 * and the confirmation an invoice over the limit needs (the server's 409 CREDIT_LIMIT_EXCEEDED).
 */
import { toPaise, type CustomerBalance } from "@bahi/shared/contract";
import { useQuery } from "@tanstack/react-query";
import { HttpError } from "../../api/http.ts";
import { formatRupees } from "../../lib/format.ts";
import { AlertDialog, AlertDialogConfirmFooter, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from "../ui/alert-dialog.tsx";

export interface CreditLimitExceeded {
  message: string;
  balance: string;
  creditLimit: string;
  balanceAfter: string;
}

/** The server's 409 CREDIT_LIMIT_EXCEEDED, or null for any other error. */
export function creditLimitExceededOf(error: unknown): CreditLimitExceeded | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as Partial<CreditLimitExceeded> & { code?: string };
    if (body.code !== "CREDIT_LIMIT_EXCEEDED" || typeof body.message !== "string") return null;
    return { message: body.message, balance: body.balance ?? "0.00", creditLimit: body.creditLimit ?? "0.00", balanceAfter: body.balanceAfter ?? "0.00" };
  } catch {
    return null;
  }
}

/** What the customer still owes and their limit; fetched afresh each time the form opens. */
function useCustomerBalance(customerId: string | null | undefined) {
  return useQuery<CustomerBalance>({ queryKey: [`/api/customers/${customerId}/balance`], enabled: Boolean(customerId), staleTime: 0 });
}

/** "Balance due ₹2,360.00 of ₹3,000.00 credit limit" under the customer field. */
export function CustomerBalanceHint({ customerId }: { customerId: string | null | undefined }) {
  const balance = useCustomerBalance(customerId);
  if (!customerId || !balance.data) return null;
  const { balance: owed, creditLimit } = balance.data;
  const limited = toPaise(creditLimit) > 0;
  const over = limited && toPaise(owed) >= toPaise(creditLimit);
  return (
    <span data-testid="customer-balance" className={over ? "text-destructive" : undefined}>
      Balance due {formatRupees(owed)}
      {limited ? ` · Credit limit ${formatRupees(creditLimit)}` : " · No credit limit"}
    </span>
  );
}

interface CreditLimitDialogProps {
  exceeded: CreditLimitExceeded | null;
  pending: boolean;
  /** Sends the same invoice again with overCreditLimit: true. */
  onConfirm: () => void;
  onCancel: () => void;
}

export function CreditLimitDialog({ exceeded, pending, onConfirm, onCancel }: CreditLimitDialogProps) {
  return (
    <AlertDialog
      open={exceeded !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Over the customer's credit limit</AlertDialogTitle>
          <AlertDialogDescription>{exceeded?.message}</AlertDialogDescription>
        </AlertDialogHeader>
        {exceeded && (
          <dl aria-label="Credit limit" className="grid gap-1 rounded-xl border bg-muted/40 p-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Owed now</dt>
              <dd className="tabular-nums font-medium">{formatRupees(exceeded.balance)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Owed with this invoice</dt>
              <dd className="tabular-nums font-medium">{formatRupees(exceeded.balanceAfter)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Credit limit</dt>
              <dd className="tabular-nums font-medium">{formatRupees(exceeded.creditLimit)}</dd>
            </div>
          </dl>
        )}
        <AlertDialogConfirmFooter pending={pending} label="Create anyway" pendingLabel="Creating..." onConfirm={onConfirm} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
