import type { User } from "@bahi/shared/contract";

/** SPEC §4: the signed-in user is kept in local storage under a product-specific key. */
export const USER_STORAGE_KEY = "bahi.user";

/** The stored user, or null when nothing is stored or it does not parse as a user. */
export function readStoredUser(): User | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const candidate = parsed as Partial<User>;
    return typeof candidate.id === "string" && typeof candidate.firstName === "string" ? (parsed as User) : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: User): void {
  try {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage can be full or disabled (private mode); the session cookie still works for this tab.
  }
}

export function clearStoredUser(): void {
  try {
    window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
