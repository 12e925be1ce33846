import { describe, expect, it } from "vitest";
import { sessionCodec } from "./session.ts";

const secret = "s".repeat(40);

describe("the session cookie", () => {
  it("round-trips a user id and is httpOnly, SameSite=Lax", () => {
    const codec = sessionCodec(secret);
    const cookie = codec.issue("user-1", new Date("2026-01-01T00:00:00Z"));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const header = cookie.split(";")[0];
    expect(codec.userFrom(`other=1; ${header}`, new Date("2026-01-02T00:00:00Z"))).toBe("user-1");
  });
  it("rejects expired, tampered and foreign-secret cookies", () => {
    const codec = sessionCodec(secret);
    const header = codec.issue("user-1", new Date("2026-01-01T00:00:00Z")).split(";")[0]!;
    expect(codec.userFrom(header, new Date("2026-02-01T00:00:00Z"))).toBeNull();
    const [name, value] = header.split("=");
    const [payload, sig] = value!.split(".");
    const forged = Buffer.from(JSON.stringify({ uid: "admin", exp: 9e15 })).toString("base64url");
    expect(codec.userFrom(`${name}=${forged}.${sig}`)).toBeNull();
    expect(sessionCodec("t".repeat(40)).userFrom(header, new Date("2026-01-02T00:00:00Z"))).toBeNull();
    expect(codec.userFrom(`${name}=${payload}`)).toBeNull();
    expect(codec.userFrom(undefined)).toBeNull();
  });
  it("refuses a short secret", () => {
    expect(() => sessionCodec("short")).toThrow();
  });
});
