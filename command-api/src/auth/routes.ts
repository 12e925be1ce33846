import { Router, type Request, type Response } from "express";
import { loginSchema, registerSchema } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { DomainError, WrongExpectedRevisionError } from "@bahi/shared/server";
import { commandContext, sendPosition } from "../handling/context.ts";
import { handle } from "../handling/decider.ts";
import type { CommandDeps } from "../deps.ts";
import { backoffPolicy, RateLimitedError, requireNoWait } from "../handling/rateLimit.ts";
import { failedLoginLimit, registrationLimit } from "./loginLimits.ts";
import { emailReservationDecider, emailTaken, userDecider, userView, type UserState } from "./user.ts";
import { readState } from "../handling/streamStates.ts";

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export function authRoutes(deps: CommandDeps): Router {
  const router = Router();
  const { authLimits, authLimitStores, sessions, sessionStore, passwords } = deps;
  // Failed logins slow down per account and are limited per IP, except from a device that has
  // signed in to the account before (OWASP device cookies): it answers only for its own
  // failures, so an attacker elsewhere (even behind the owner's address) cannot keep the owner out.
  const failuresPerAccount = authLimitStores.backoff("login-account", backoffPolicy(authLimits, authLimits.perEmail));
  const failuresPerDevice = authLimitStores.backoff("login-device", backoffPolicy(authLimits, authLimits.perEmail));
  /** The device cookie's key when it vouches for the account being signed in to. */
  function trustedDevice(req: Request, email: string, now: Date): string | null {
    const device = sessions.deviceFor(req.headers.cookie, email, now);
    return device ? `${email} ${device}` : null;
  }
  const registrationsPerIp = registrationLimit(authLimits, authLimitStores, clientIp);
  const failedLoginsPerIp = failedLoginLimit(authLimits, authLimitStores, clientIp, (req) => {
    const input = loginSchema.safeParse(req.body);
    return input.success && trustedDevice(req, input.data.email, deps.clock()) !== null;
  });

  /** Sends Retry-After with a rate-limit refusal. */
  async function throttled(res: Response, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      if (error instanceof RateLimitedError) res.setHeader("Retry-After", String(error.retryAfterSeconds));
      throw error;
    }
  }

  /** A server-side session (so logout can end it everywhere) and a device cookie for the account. */
  async function signIn(res: Response, userId: string, email: string, now: Date): Promise<void> {
    const session = sessions.issue(userId, now);
    await sessionStore.create(session);
    res.append("Set-Cookie", session.cookie);
    res.append("Set-Cookie", sessions.issueDevice(email, now));
  }

  async function readUser(userId: string): Promise<UserState> {
    return await readState(deps.eventStore, streams.user(userId), userDecider);
  }

  router.post("/register", registrationsPerIp, async (req, res) => {
    const now = deps.clock();
    const input = registerSchema.parse(req.body);
    const emailStream = streams.emailReservation(input.email);

    // Reserve the email first. A reservation whose user stream was never written (a crash
    // between the two appends) is resumed with its reserved id instead of locking the email forever.
    const reservation = await readState(deps.eventStore, emailStream, emailReservationDecider);
    let userId = reservation.reservedFor;
    if (userId === null) {
      userId = deps.newId();
      try {
        await handle(deps.eventStore, emailStream, emailReservationDecider, { email: input.email, userId }, commandContext(req, userId, now));
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) throw emailTaken();
        throw error;
      }
    } else if ((await readUser(userId)).registered) {
      throw emailTaken();
    }

    const command = {
      kind: "register" as const,
      userId,
      email: input.email,
      passwordHash: await passwords.hash(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      companyName: input.companyName,
      phone: input.phone,
      registeredAt: now.toISOString(),
    };
    let result;
    try {
      result = await handle(deps.eventStore, streams.user(userId), userDecider, command, commandContext(req, userId, now));
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw emailTaken();
      throw error;
    }
    if (!result.state.registered) throw new Error("Registration did not register");
    await signIn(res, userId, input.email, now);
    sendPosition(res, result.position);
    res.status(201).json(userView(result.state));
  });

  router.post("/login", failedLoginsPerIp, async (req, res) => {
    // A malformed request is a 400 and no attempt: it tried no password.
    const input = loginSchema.parse(req.body);
    const now = deps.clock();
    const at = now.getTime();
    const deviceKey = trustedDevice(req, input.email, now);
    await throttled(res, () => (deviceKey ? requireNoWait(at, [failuresPerDevice, deviceKey]) : requireNoWait(at, [failuresPerAccount, input.email])));

    const reservation = await readState(deps.eventStore, streams.emailReservation(input.email), emailReservationDecider);
    const user = reservation.reservedFor ? await readUser(reservation.reservedFor) : ({ registered: false } as const);
    const check = await passwords.verify(input.password, user.registered ? user.passwordHash : passwords.dummyHash);
    if (!user.registered || !check.ok) {
      await (deviceKey ? failuresPerDevice.fail(deviceKey, at) : failuresPerAccount.fail(input.email, at));
      throw new DomainError("INVALID_CREDENTIALS", "Invalid email or password");
    }
    if (deviceKey) await failuresPerDevice.forget(deviceKey);
    if (check.needsRehash) await rehash(req, user.userId, input.password, now);
    await signIn(res, user.userId, input.email, now);
    res.json(userView(user));
  });

  /** Replaces a hash made at an older cost, now that the password is known to be right. */
  async function rehash(req: Request, userId: string, password: string, now: Date): Promise<void> {
    const command = { kind: "rehashPassword" as const, passwordHash: await passwords.hash(password), at: now.toISOString() };
    try {
      await handle(deps.eventStore, streams.user(userId), userDecider, command, commandContext(req, userId, now));
    } catch (error) {
      // A profile change raced this login: the old hash still verifies, and the next login upgrades it.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }

  router.post("/logout", async (req, res) => {
    // Revoked in the store, so the cookie stops working in every process, even if a copy of it lives on.
    const now = deps.clock();
    const claim = sessions.sessionFrom(req.headers.cookie, now);
    if (claim) await sessionStore.revoke(claim.sessionId, now);
    res.setHeader("Set-Cookie", sessions.clear());
    res.status(204).end();
  });

  return router;
}
