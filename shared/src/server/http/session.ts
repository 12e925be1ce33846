import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "bahi_session";
export const DEVICE_COOKIE = "bahi_device";
const SESSION_DAYS = 7;
const DEVICE_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A session just signed in: record it in the SessionStore, then send `cookie` as Set-Cookie. */
export interface IssuedSession {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  cookie: string;
}

/** What a signed session cookie claims; the SessionStore still decides whether it is live. */
export interface SessionClaim {
  sessionId: string;
  userId: string;
}

export interface SessionCodec {
  /** A new session for the user, with a fresh random id. */
  issue(userId: string, now?: Date): IssuedSession;
  /** The Set-Cookie value that signs the user out. */
  clear(): string;
  /** The session a Cookie header names, or null when absent, forged, expired or of the old format. */
  sessionFrom(cookieHeader: string | undefined, now?: Date): SessionClaim | null;
  /**
   * The Set-Cookie value of a device cookie for an account (OWASP "device cookies"): a browser
   * that once signed in to the account is not slowed down by attacks on it from elsewhere.
   */
  issueDevice(account: string, now?: Date): string;
  /** The device id when the Cookie header holds a valid device cookie for this account; else null. */
  deviceFor(cookieHeader: string | undefined, account: string, now?: Date): string | null;
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
 * Cookies are `base64url(json).hmac`, signed with a secret every API process shares
 * (BAHI_SESSION_SECRET). The session cookie carries only a session id and its user: the
 * SessionStore row it names is what makes it valid, so logout ends it everywhere. Each kind of
 * cookie is signed under its own label, so one can never be passed off as the other.
 */
export function sessionCodec(secret: string, options: { secure?: boolean } = {}): SessionCodec {
  if (secret.length < 32) throw new Error("The session secret must be at least 32 characters");
  const sign = (kind: string, payload: string) => createHmac("sha256", secret).update(`${kind}.${payload}`).digest("base64url");
  const secure = options.secure ? "; Secure" : "";
  const sessionAttributes = `Path=/; HttpOnly; SameSite=Lax${secure}`;
  // Only the login route ever needs the device cookie.
  const deviceAttributes = `Path=/api/auth; HttpOnly; SameSite=Strict${secure}`;

  const seal = (kind: string, claims: Record<string, unknown>) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return `${payload}.${sign(kind, payload)}`;
  };
  const open = (kind: string, value: string | null): Record<string, unknown> | null => {
    if (!value) return null;
    const [payload, signature, extra] = value.split(".");
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(kind, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      return claims !== null && typeof claims === "object" ? (claims as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  return {
    issue(userId, now = new Date()) {
      const id = randomBytes(24).toString("base64url");
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
      const value = seal("session", { sid: id, uid: userId, exp: expiresAt.getTime() });
      return { id, userId, createdAt: now, expiresAt, cookie: `${SESSION_COOKIE}=${value}; Max-Age=${SESSION_DAYS * 24 * 60 * 60}; ${sessionAttributes}` };
    },
    clear() {
      return `${SESSION_COOKIE}=; Max-Age=0; ${sessionAttributes}`;
    },
    sessionFrom(cookieHeader, now = new Date()) {
      const claims = open("session", readCookie(cookieHeader, SESSION_COOKIE));
      // Cookies signed before sessions were kept server-side carry no `sid`: they are refused,
      // and their holders sign in again once.
      if (!claims || typeof claims.sid !== "string" || typeof claims.uid !== "string" || typeof claims.exp !== "number") return null;
      if (claims.exp <= now.getTime()) return null;
      return { sessionId: claims.sid, userId: claims.uid };
    },
    issueDevice(account, now = new Date()) {
      const value = seal("device", { dev: randomBytes(16).toString("base64url"), acct: account, exp: now.getTime() + DEVICE_DAYS * DAY_MS });
      return `${DEVICE_COOKIE}=${value}; Max-Age=${DEVICE_DAYS * 24 * 60 * 60}; ${deviceAttributes}`;
    },
    deviceFor(cookieHeader, account, now = new Date()) {
      const claims = open("device", readCookie(cookieHeader, DEVICE_COOKIE));
      if (!claims || typeof claims.dev !== "string" || claims.acct !== account || typeof claims.exp !== "number") return null;
      return claims.exp > now.getTime() ? claims.dev : null;
    },
  };
}
