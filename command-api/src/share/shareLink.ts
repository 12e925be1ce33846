import type { BahiEventOf } from "@bahi/shared/events";
import { DomainError, notFound } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";

export type ShareLinkEvent = BahiEventOf<"InvoiceShareLinkCreated" | "InvoiceShareLinkRevoked">;

/** The invoice's link as its own stream has it: at most one is active at a time. */
export interface ShareLinkState {
  ownerId: string | null;
  active: { token: string; createdAt: string } | null;
}

export type ShareLinkCommand =
  /** The token comes in with the command (the decider draws no random numbers); unused when a link is active. */
  { kind: "share"; invoiceId: string; ownerId: string; token: string; invoiceCancelled: boolean; at: string } | { kind: "revoke"; invoiceId: string; ownerId: string; at: string };

/**
 * Issue 10: an invoice's share link. Sharing again while a link is active gives the same
 * link (the owner may have sent it already); revoking a revoked link changes nothing.
 */
export const shareLinkDecider: Decider<ShareLinkCommand, ShareLinkEvent, ShareLinkState> = {
  initialState: { ownerId: null, active: null },
  evolve(state, event) {
    switch (event.type) {
      case "InvoiceShareLinkCreated":
        return { ownerId: event.data.ownerId, active: { token: event.data.token, createdAt: event.data.createdAt } };
      case "InvoiceShareLinkRevoked":
        return { ...state, active: null };
    }
  },
  decide(command, state) {
    // The handler checked the invoice is the owner's; this guards the stream against a mix-up.
    if (state.ownerId !== null && state.ownerId !== command.ownerId) throw notFound("Invoice");
    if (command.kind === "share") {
      if (state.active) return [];
      // A link made before the cancellation still opens (and shows it cancelled); a new one is not made.
      if (command.invoiceCancelled) throw new DomainError("CONFLICT", "A cancelled invoice cannot be shared: issue a new invoice instead");
      return [{ type: "InvoiceShareLinkCreated", data: { invoiceId: command.invoiceId, ownerId: command.ownerId, token: command.token, createdAt: command.at } }];
    }
    if (!state.active) return [];
    return [{ type: "InvoiceShareLinkRevoked", data: { invoiceId: command.invoiceId, ownerId: command.ownerId, token: state.active.token, revokedAt: command.at } }];
  },
};
