import type { User } from "@bahi/shared/contract";
import type { Projection } from "../projection.ts";

export const USERS = "users";

/** The user without the password hash, which never leaves the user's own stream. */
export const usersProjection: Projection<User> = {
  collection: USERS,
  handles: ["UserRegistered"],
  documentIds: (event) => (event.type === "UserRegistered" ? [event.data.userId] : []),
  evolve(doc, event) {
    if (event.type !== "UserRegistered") return doc;
    const { userId, passwordHash: _secret, registeredAt, ...profile } = event.data;
    return { id: userId, ...profile, invoicesUsed: 0, isActive: true, createdAt: registeredAt };
  },
  ownerOf: (doc) => doc.id,
};
