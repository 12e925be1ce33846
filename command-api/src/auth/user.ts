import type { User } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError } from "@bahi/shared/server";
import type { Decider } from "../http/decider.ts";

export const FREE_INVOICE_LIMIT = 10;

// --- the email reservation stream keeps emails unique without a read model ---

export type EmailReservationEvent = BahiEventOf<"EmailReserved">;
export type EmailReservation = { reservedFor: string | null };
export interface ReserveEmail {
  email: string;
  userId: string;
}

export const emailReservationDecider: Decider<ReserveEmail, EmailReservationEvent, EmailReservation> = {
  initialState: { reservedFor: null },
  evolve: (_state, event) => ({ reservedFor: event.data.userId }),
  decide(command, state) {
    if (state.reservedFor !== null) throw emailTaken();
    return [{ type: "EmailReserved", data: { email: command.email, userId: command.userId } }];
  },
};

export function emailTaken(): DomainError {
  return new DomainError("EMAIL_TAKEN", "An account with this email already exists");
}

// --- the user aggregate ---

export type UserEvent = BahiEventOf<"UserRegistered">;
export type UserState = { registered: false } | ({ registered: true } & EventData<"UserRegistered">);

export interface RegisterUser {
  userId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  phone: string | null;
  registeredAt: string;
}

export const userDecider: Decider<RegisterUser, UserEvent, UserState> = {
  initialState: { registered: false },
  evolve(_state, event) {
    switch (event.type) {
      case "UserRegistered":
        return { registered: true, ...event.data };
      default: {
        const exhaustive: never = event.type;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    if (state.registered) throw emailTaken();
    return [
      {
        type: "UserRegistered",
        data: { ...command, subscriptionPlan: "free", invoiceLimit: FREE_INVOICE_LIMIT },
      },
    ];
  },
};

/** The user as the API shows it: everything but the password hash. */
export function userView(state: Extract<UserState, { registered: true }>): User {
  return {
    id: state.userId,
    email: state.email,
    firstName: state.firstName,
    lastName: state.lastName,
    companyName: state.companyName,
    phone: state.phone,
    subscriptionPlan: state.subscriptionPlan,
    invoiceLimit: state.invoiceLimit,
    invoicesUsed: 0,
    isActive: true,
    createdAt: state.registeredAt,
  };
}
