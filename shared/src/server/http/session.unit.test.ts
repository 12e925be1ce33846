import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sessionCodec } from "./session.ts";

const secret = "s".repeat(40);
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("the session cookie", () => {
  it("names a fresh session of the user and is httpOnly, SameSite=Lax", () => {
    const codec = sessionCodec(secret);
    const now = new Date("2026-01-01T00:00:00Z");
    const session = codec.issue("user-1", now);
    expect(session.cookie).toMatch(/HttpOnly/);
    expect(session.cookie).toMatch(/SameSite=Lax/);
    expect(session.expiresAt.getTime() - now.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(codec.issue("user-1", now).id).not.toBe(session.id);
    const header = `other=1; ${cookiePair(session.cookie)}`;
    expect(codec.sessionFrom(header, new Date("2026-01-02T00:00:00Z"))).toEqual({ sessionId: session.id, userId: "user-1" });
  });

  it("rejects expired, tampered and foreign-secret cookies", () => {
    const codec = sessionCodec(secret);
    const header = cookiePair(codec.issue("user-1", new Date("2026-01-01T00:00:00Z")).cookie);
    expect(codec.sessionFrom(header, new Date("2026-02-01T00:00:00Z"))).toBeNull();
    const [name, value] = header.split("=");
    const [payload, sig] = value!.split(".");
    const forged = Buffer.from(JSON.stringify({ sid: "x", uid: "admin", exp: 9e15 })).toString("base64url");
    expect(codec.sessionFrom(`${name}=${forged}.${sig}`)).toBeNull();
    expect(sessionCodec("t".repeat(40)).sessionFrom(header, new Date("2026-01-02T00:00:00Z"))).toBeNull();
    expect(codec.sessionFrom(`${name}=${payload}`)).toBeNull();
    expect(codec.sessionFrom(undefined)).toBeNull();
  });

  it("refuses a cookie of the old format, which named no server-side session", () => {
    const payload = Buffer.from(JSON.stringify({ uid: "user-1", exp: 9e15 })).toString("base64url");
    const oldSignature = createHmac("sha256", secret).update(payload).digest("base64url");
    expect(sessionCodec(secret).sessionFrom(`bahi_session=${payload}.${oldSignature}`)).toBeNull();
  });

  it("refuses a short secret", () => {
    expect(() => sessionCodec("short")).toThrow();
  });
});

describe("the device cookie", () => {
  it("vouches for the one account it was issued for, until it expires", () => {
    const codec = sessionCodec(secret);
    const now = new Date("2026-01-01T00:00:00Z");
    const device = codec.issueDevice("asha@example.com", now);
    expect(device).toMatch(/HttpOnly/);
    const header = cookiePair(device);
    expect(codec.deviceFor(header, "asha@example.com", now)).toEqual(expect.any(String));
    expect(codec.deviceFor(header, "ravi@example.com", now)).toBeNull();
    expect(codec.deviceFor(header, "asha@example.com", new Date("2026-12-01T00:00:00Z"))).toBeNull();
  });

  it("cannot be passed off as a session cookie, nor the other way round", () => {
    const codec = sessionCodec(secret);
    const deviceValue = cookiePair(codec.issueDevice("asha@example.com")).split("=")[1];
    expect(codec.sessionFrom(`bahi_session=${deviceValue}`)).toBeNull();
    const sessionValue = cookiePair(codec.issue("user-1").cookie).split("=")[1];
    expect(codec.deviceFor(`bahi_device=${sessionValue}`, "asha@example.com")).toBeNull();
  });
});
