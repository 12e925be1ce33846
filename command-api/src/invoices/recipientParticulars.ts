/**
 * Rule 46(d) and (e) CGST Rules: what a tax invoice must say about its recipient. A registered
 * recipient's name, address and GSTIN always; an unregistered recipient's name, address and
 * state once the taxable value is ₹50,000 or more. Refused before anything is recorded, so the
 * owner adds the address to the customer and the document is complete when it is issued.
 */
/** Rule 46(e): ₹50,000 of taxable value, in paise. */
export const UNREGISTERED_ADDRESS_THRESHOLD_PAISE = 50_000_00;

export interface Recipient {
  readonly name: string;
  readonly address: string | null;
  readonly gstin: string | null;
  readonly stateCode: string | null;
}

export function recipientParticularsProblems(recipient: Recipient, taxablePaise: number): { path: string[]; message: string }[] {
  const hasAddress = (recipient.address ?? "").trim() !== "";
  if (hasAddress && (recipient.gstin || recipient.stateCode)) return [];
  if (recipient.gstin && !hasAddress) {
    return [{ path: ["customerId"], message: `Add ${recipient.name}'s address to the customer first: a tax invoice to a registered buyer must show it (Rule 46(d))` }];
  }
  if (!recipient.gstin && taxablePaise >= UNREGISTERED_ADDRESS_THRESHOLD_PAISE && (!hasAddress || !recipient.stateCode)) {
    return [
      {
        path: ["customerId"],
        message: `Add ${recipient.name}'s address and state to the customer first: an invoice of ₹50,000 or more to an unregistered buyer must show them (Rule 46(e))`,
      },
    ];
  }
  return [];
}
