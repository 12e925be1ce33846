import { Router } from "express";
import type { Customer, DashboardStats, User, Vendor } from "@bahi/shared/contract";
import { notFound, requireUserId, type ReadStore, type SessionCodec } from "@bahi/shared/server";
import { waitForPosition } from "./consistency.ts";

export interface ReadDeps {
  readStore: ReadStore;
  sessions: SessionCodec;
  /** The projector whose checkpoint X-Bahi-After waits for. */
  projector: string;
  waitTimeoutMs?: number;
}

const newestFirst = <T extends { createdAt: string }>(rows: T[]): T[] =>
  rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

const EMPTY_STATS: DashboardStats = { totalSales: 0, outstanding: 0, totalExpenses: 0, profitMargin: 0, recentInvoices: [], salesByMonth: [], expenseBreakdown: [] };

/** The read side's HTTP routes, to mount under /api. Every query filters by the session's user. */
export function readApiRouter(deps: ReadDeps): Router {
  const router = Router();
  const { readStore, sessions } = deps;
  router.use(waitForPosition({ readStore, projector: deps.projector, timeoutMs: deps.waitTimeoutMs ?? 2000, pollMs: 15 }));

  router.get("/auth/me", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const user = await readStore.get<User>("users", userId);
    if (!user) {
      // Signed but unknown (e.g. the projector has not caught up, or a wiped store): sign out.
      res.setHeader("Set-Cookie", sessions.clear());
      res.status(401).json({ message: "Please sign in to continue" });
      return;
    }
    res.json(user);
  });

  router.get("/customers", async (req, res) => {
    const userId = requireUserId(sessions, req);
    res.json(newestFirst(await readStore.list<Customer>("customers", userId)));
  });

  router.get("/customers/:id", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const customer = await readStore.get<Customer>("customers", req.params.id);
    if (!customer || customer.userId !== userId) throw notFound("Customer");
    res.json(customer);
  });

  router.get("/vendors", async (req, res) => {
    const userId = requireUserId(sessions, req);
    res.json(newestFirst(await readStore.list<Vendor>("vendors", userId)));
  });

  router.get("/vendors/:id", async (req, res) => {
    const userId = requireUserId(sessions, req);
    const vendor = await readStore.get<Vendor>("vendors", req.params.id);
    if (!vendor || vendor.userId !== userId) throw notFound("Vendor");
    res.json(vendor);
  });

  router.get("/dashboard/stats", async (req, res) => {
    const userId = requireUserId(sessions, req);
    // One precomputed document per user; invoices and expenses (later issues) keep it.
    res.json((await readStore.get<DashboardStats>("dashboard", userId)) ?? EMPTY_STATS);
  });

  return router;
}
