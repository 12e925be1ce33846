import { createHmac, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "bahi_session";
const SESSION_DAYS = 7;

export interface SessionCodec {
  /** The Set-Cookie value that signs the user in. */
  issue(userId: string, now?: Date): string;
  /** The Set-Cookie value that signs the user out. */
  clear(): string;
  /** The user id from a Cookie header, or null when absent, forged or expired. */
  userFrom(cookieHeader: string | undefined, now?: Date): string | null;
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * A stateless session: `base64url(json).hmac`. Signed with a secret every API process
 * shares (BAHI_SESSION_SECRET), so any command-api or read-api replica can verify it.
 */
export function sessionCodec(secret: string, options: { secure?: boolean } = {}): SessionCodec {
  if (secret.length < 32) throw new Error("The session secret must be at least 32 characters");
  const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");
  const attributes = `Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  return {
    issue(userId, now = new Date()) {
      const expiresAt = now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000;
      const payload = Buffer.from(JSON.stringify({ uid: userId, exp: expiresAt })).toString("base64url");
      return `${SESSION_COOKIE}=${payload}.${sign(payload)}; Max-Age=${SESSION_DAYS * 24 * 60 * 60}; ${attributes}`;
    },
    clear() {
      return `${SESSION_COOKIE}=; Max-Age=0; ${attributes}`;
    },
    userFrom(cookieHeader, now = new Date()) {
      const value = readCookie(cookieHeader, SESSION_COOKIE);
      if (!value) return null;
      const [payload, signature] = value.split(".");
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const { uid, exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { uid?: unknown; exp?: unknown };
        if (typeof uid !== "string" || typeof exp !== "number" || exp <= now.getTime()) return null;
        return uid;
      } catch {
        return null;
      }
    },
  };
}
