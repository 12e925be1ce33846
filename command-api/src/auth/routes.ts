import { Router, type Request } from "express";
import { loginSchema, registerSchema } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { DomainError, WrongExpectedRevisionError } from "@bahi/shared/server";
import { commandContext, sendPosition } from "../http/context.ts";
import { fold, handle } from "../http/decider.ts";
import type { CommandDeps } from "../deps.ts";
import { RateLimiter } from "../http/rateLimit.ts";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password.ts";
import { emailReservationDecider, emailTaken, userDecider, userView, type UserState } from "./user.ts";

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

export function authRoutes(deps: CommandDeps): Router {
  const router = Router();
  const perIp = new RateLimiter(deps.authLimits.perIp, deps.authLimits.windowMs);
  const perEmail = new RateLimiter(deps.authLimits.perEmail, deps.authLimits.windowMs);

  function limit(req: Request, email: string | undefined): void {
    const now = deps.clock().getTime();
    perIp.hit(clientIp(req), now);
    if (email) perEmail.hit(email, now);
  }

  async function readUser(userId: string): Promise<UserState> {
    return fold(userDecider, await deps.eventStore.readStream(streams.user(userId)));
  }

  router.post("/register", async (req, res) => {
    const rawEmail = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : undefined;
    limit(req, rawEmail);
    const input = registerSchema.parse(req.body);
    const now = deps.clock();
    const emailStream = streams.emailReservation(input.email);

    // Reserve the email first. A reservation whose user stream was never written (a crash
    // between the two appends) is resumed with its reserved id instead of locking the email forever.
    const reservation = fold(emailReservationDecider, await deps.eventStore.readStream(emailStream));
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
      passwordHash: await hashPassword(input.password),
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
    sendPosition(res, result.position);
    res.setHeader("Set-Cookie", deps.sessions.issue(userId, now));
    res.status(201).json(userView(result.state));
  });

  router.post("/login", async (req, res) => {
    const rawEmail = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : undefined;
    limit(req, rawEmail);
    const input = loginSchema.parse(req.body);
    const reservation = fold(emailReservationDecider, await deps.eventStore.readStream(streams.emailReservation(input.email)));
    const user = reservation.reservedFor ? await readUser(reservation.reservedFor) : ({ registered: false } as const);
    const passwordOk = await verifyPassword(input.password, user.registered ? user.passwordHash : DUMMY_HASH);
    if (!user.registered || !passwordOk) throw new DomainError("INVALID_CREDENTIALS", "Invalid email or password");
    res.setHeader("Set-Cookie", deps.sessions.issue(user.userId, deps.clock()));
    res.json(userView(user));
  });

  router.post("/logout", (_req, res) => {
    res.setHeader("Set-Cookie", deps.sessions.clear());
    res.status(204).end();
  });

  return router;
}

