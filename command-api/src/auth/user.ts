import { DEFAULT_INVOICE_PREFIX, type User } from "@bahi/shared/contract";
import type { BahiEventOf, EventData } from "@bahi/shared/events";
import { DomainError } from "@bahi/shared/server";
import type { Decider } from "../handling/decider.ts";
import { compositionCategoryFor } from "../profile/compositionCategory.ts";

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

export type UserEvent = BahiEventOf<"UserRegistered" | "ProfileUpdated" | "ProfileLogoChanged" | "PlanChanged" | "PasswordRehashed">;
type Profile = Omit<EventData<"ProfileUpdated">, "userId" | "updatedAt"> & { logo?: EventData<"ProfileLogoChanged">["logo"] };
export type UserState = { registered: false } | ({ registered: true } & Omit<EventData<"UserRegistered">, "invoiceLimit"> & { profile: Profile; invoiceLimit: number | null });

export interface RegisterUser {
  kind: "register";
  userId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  phone: string | null;
  registeredAt: string;
}

export interface UpdateProfile {
  kind: "updateProfile";
  profile: Profile;
  at: string;
}

export interface ChangePlan {
  kind: "changePlan";
  plan: "professional";
  at: string;
}

/** Replace a verified password's hash by one at the current cost; the caller has checked the password. */
export interface RehashPassword {
  kind: "rehashPassword";
  passwordHash: string;
  at: string;
}

/** Issue 9: the logo's bytes are already in the BlobStore; null removes it. */
export interface ChangeLogo {
  kind: "changeLogo";
  logo: EventData<"ProfileLogoChanged">["logo"];
  at: string;
}

export type UserCommand = RegisterUser | UpdateProfile | ChangePlan | RehashPassword | ChangeLogo;

const NO_BANK = { bankName: null, bankAccountNumber: null, bankIfsc: null, upiId: null };
const BANK_KEYS = ["bankName", "bankAccountNumber", "bankIfsc", "upiId"] as const;
const NO_LUT = { lutNumber: null, lutValidFrom: null, lutValidUntil: null };
const LUT_KEYS = ["lutNumber", "lutValidFrom", "lutValidUntil"] as const;

const emptyProfile = (data: EventData<"UserRegistered">): Profile => ({
  companyName: data.companyName,
  phone: data.phone,
  gstNumber: null,
  businessAddress: null,
  businessType: null,
  gstCategory: null,
  compositionCategory: null,
  stateCode: null,
  panNumber: null,
  gstRegistrationDate: null,
  invoicePrefix: DEFAULT_INVOICE_PREFIX,
  roundOff: true,
  turnoverAbove5Crore: false,
  allowNegativeStock: false,
  ...NO_BANK,
  ...NO_LUT,
  pinCode: null,
  logo: null,
});

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { registered: false },
  evolve(state, event) {
    switch (event.type) {
      case "UserRegistered":
        return { registered: true, ...event.data, profile: emptyProfile(event.data) };
      case "ProfileUpdated": {
        if (!state.registered) return state;
        const { userId: _id, updatedAt: _at, ...profile } = event.data;
        return {
          ...state,
          companyName: profile.companyName,
          phone: profile.phone,
          profile: {
            ...NO_BANK,
            ...NO_LUT,
            pinCode: null,
            compositionCategory: null,
            ...profile,
            logo: state.profile.logo ?? null,
            gstRegistrationDate: profile.gstRegistrationDate ?? null,
            invoicePrefix: profile.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
            roundOff: profile.roundOff ?? true,
            turnoverAbove5Crore: profile.turnoverAbove5Crore ?? false,
            allowNegativeStock: profile.allowNegativeStock ?? false,
          },
        };
      }
      case "ProfileLogoChanged":
        return state.registered ? { ...state, profile: { ...state.profile, logo: event.data.logo } } : state;
      case "PlanChanged":
        return state.registered ? { ...state, subscriptionPlan: event.data.plan, invoiceLimit: event.data.invoiceLimit } : state;
      case "PasswordRehashed":
        return state.registered ? { ...state, passwordHash: event.data.passwordHash } : state;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case "register": {
        if (state.registered) throw emailTaken();
        const { kind: _kind, ...data } = command;
        return [{ type: "UserRegistered", data: { ...data, subscriptionPlan: "free", invoiceLimit: FREE_INVOICE_LIMIT } }];
      }
      case "updateProfile":
        if (!state.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
        return [
          {
            type: "ProfileUpdated",
            data: {
              userId: state.userId,
              ...command.profile,
              // Not sent (an older client): the registration date stays as it was.
              gstRegistrationDate: command.profile.gstRegistrationDate === undefined ? (state.profile.gstRegistrationDate ?? null) : command.profile.gstRegistrationDate,
              // Not sent: the prefix stays as it was.
              invoicePrefix: command.profile.invoicePrefix ?? state.profile.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
              // Not sent: the round-off choice stays as it was (on by default).
              roundOff: command.profile.roundOff ?? state.profile.roundOff ?? true,
              // Not sent: the turnover band stays as it was (up to ₹5 crore by default).
              turnoverAbove5Crore: command.profile.turnoverAbove5Crore ?? state.profile.turnoverAbove5Crore ?? false,
              // Not sent: the negative-stock choice stays as it was (off by default).
              allowNegativeStock: command.profile.allowNegativeStock ?? state.profile.allowNegativeStock ?? false,
              // Issue 9: only a Composition business has a category; not sent keeps the stored one.
              compositionCategory: compositionCategoryFor(command.profile, state.profile),
              // Not sent: each bank detail stays as it was; null clears it.
              ...Object.fromEntries(BANK_KEYS.map((key) => [key, command.profile[key] === undefined ? (state.profile[key] ?? null) : command.profile[key]])),
              // Issue 9: not sent, the LUT stays as it was; null clears it.
              ...Object.fromEntries(LUT_KEYS.map((key) => [key, command.profile[key] === undefined ? (state.profile[key] ?? null) : command.profile[key]])),
              // Not sent: the PIN stays as it was; null clears it.
              pinCode: command.profile.pinCode === undefined ? (state.profile.pinCode ?? null) : command.profile.pinCode,
              updatedAt: command.at,
            },
          },
        ];
      case "changePlan":
        if (!state.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
        if (state.subscriptionPlan !== "free") throw new DomainError("CONFLICT", `You are already on the ${state.subscriptionPlan} plan`);
        return [{ type: "PlanChanged", data: { userId: state.userId, plan: command.plan, invoiceLimit: null, changedAt: command.at } }];
      case "changeLogo":
        if (!state.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
        if ((state.profile.logo?.hash ?? null) === (command.logo?.hash ?? null)) return [];
        return [{ type: "ProfileLogoChanged", data: { userId: state.userId, logo: command.logo, changedAt: command.at } }];
      case "rehashPassword":
        if (!state.registered) throw new DomainError("UNAUTHENTICATED", "Please sign in to continue");
        return [{ type: "PasswordRehashed", data: { userId: state.userId, passwordHash: command.passwordHash, rehashedAt: command.at } }];
    }
  },
};

/** The user as the API shows it: everything but the password hash. */
export function userView(state: Extract<UserState, { registered: true }>): User {
  return {
    ...(state.profile as Pick<User, keyof Profile>),
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
