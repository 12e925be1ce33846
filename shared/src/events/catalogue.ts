import { z } from "zod";

/**
 * Every business event Bahi records, validated by a zod schema on the way in and upcast on
 * the way out. Names are past-tense facts (DESIGN.md "Event catalogue"); money is paise.
 */
const partyFields = {
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  gstNumber: z.string().nullable(),
};

export const eventSchemas = {
  EmailReserved: z.object({ email: z.string(), userId: z.string() }),
  UserRegistered: z.object({
    userId: z.string(),
    email: z.string(),
    /** scrypt hash; lives only in the user's stream, never in a read model or a response. */
    passwordHash: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    phone: z.string().nullable(),
    subscriptionPlan: z.enum(["free", "professional", "enterprise"]),
    invoiceLimit: z.number().int(),
    registeredAt: z.string(),
  }),
  CustomerAdded: z.object({ customerId: z.string(), ownerId: z.string(), ...partyFields, creditLimitPaise: z.number().int().nonnegative(), addedAt: z.string() }),
  CustomerUpdated: z.object({ customerId: z.string(), ownerId: z.string(), ...partyFields, creditLimitPaise: z.number().int().nonnegative(), updatedAt: z.string() }),
  CustomerDeleted: z.object({ customerId: z.string(), ownerId: z.string(), deletedAt: z.string() }),
  VendorAdded: z.object({ vendorId: z.string(), ownerId: z.string(), ...partyFields, addedAt: z.string() }),
  VendorUpdated: z.object({ vendorId: z.string(), ownerId: z.string(), ...partyFields, updatedAt: z.string() }),
  VendorDeleted: z.object({ vendorId: z.string(), ownerId: z.string(), deletedAt: z.string() }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A discriminated union of every event: `switch (event.type)` narrows `event.data`. */
export type BahiEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type BahiEventOf<T extends EventType> = Extract<BahiEvent, { type: T }>;

export const CURRENT_SCHEMA_VERSION = 1;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates an event before it is appended: a bug that would store a malformed fact fails loudly here. */
export function validateEvent<E extends BahiEvent>(event: E): E {
  const data = eventSchemas[event.type].parse(event.data);
  return { ...event, data } as E;
}

/**
 * Brings a stored event up to the current schema. Version 1 is the only one so far; when a
 * schema changes, the step from the old version goes here and stored events stay untouched.
 */
export function upcast(type: string, data: unknown, _schemaVersion: number): BahiEvent | null {
  if (!isEventType(type)) return null;
  return { type, data } as BahiEvent;
}
