import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareWirePositions } from "@bahi/shared/contract";
import { ApiClient } from "../support/apiClient.ts";
import { countEvents, startTestApp, type Backend, type TestApp } from "../support/app.ts";
import { mountedRoutes } from "../support/routes.ts";
import { postgresUnavailableReason } from "../support/postgres.ts";

const postgresSkipReason = await postgresUnavailableReason();
const backends: Backend[] = postgresSkipReason ? ["pglite"] : ["pglite", "postgres"];

const emailOf = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;

/** An owner with a company, a customer and a product, so members have something to read. */
async function business(app: TestApp, companyName = `Rao Oils ${randomBytes(2).toString("hex")}`) {
  const owner = new ApiClient(app.baseUrl);
  const user = await owner.register({ companyName, firstName: "Asha", lastName: "Rao" });
  expect((await owner.put("/api/profile", { companyName, stateCode: "27" })).status).toBe(200);
  const customer = (await owner.post("/api/customers", { stateCode: "27", name: `${companyName} customer` })).body as { id: string; name: string };
  const product = (await owner.post("/api/products", { name: "Hair oil", sku: `P-${randomBytes(3).toString("hex")}`, category: "Other", price: "100", stock: 50, gstRate: 18 }))
    .body as { id: string };
  return { owner, id: user.id, companyName, customer, product };
}

/** The owner invites `email` as `role`; the invitee registers with that email and accepts. */
async function join(app: TestApp, owner: ApiClient, role: "accountant" | "staff" | "auditor", person?: { client: ApiClient; email: string }, firstName = "Meera") {
  const email = person?.email ?? emailOf(role);
  const invited = await owner.post("/api/team/invitations", { email, role });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  let client = person?.client;
  if (!client) {
    client = new ApiClient(app.baseUrl);
    await client.register({ email, firstName, lastName: "Iyer" });
  }
  const accepted = await client.post(`/api/team/invitations/${invited.body.token}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const me = (await client.get("/api/me")).body;
  return { client, email, invitation: invited.body, accepted: accepted.body, personId: me.person.id as string };
}

/** Each client's next read waits for everything the others wrote (as after a page reload that follows their changes). */
function sync(...clients: ApiClient[]): void {
  const highest = clients.map((c) => c.position).reduce((a, b) => (compareWirePositions(a, b) >= 0 ? a : b), null);
  for (const client of clients) client.position = highest;
}

interface Endpoint {
  method: string;
  path: string;
}

/** Every route the app serves under /api, with each :param filled by a uuid. */
function endpointsOf(app: TestApp): Endpoint[] {
  return mountedRoutes(app).map((route) => ({ method: route.method, path: route.path.replace(/:[A-Za-z]+/g, randomUUID()) }));
}

/** What any member may do whatever their role: their own session, switching, accepting an invitation. */
const personal = (e: Endpoint) => e.path.startsWith("/api/auth/") || e.path === "/api/me/business" || /^\/api\/team\/invitations\/[^/]+\/accept$/.test(e.path);

describe.each(backends)("team access (issue 11) on %s", (backend) => {
  let now = new Date();
  let app: TestApp;
  beforeAll(async () => {
    now = new Date();
    app = await startTestApp(backend, { clock: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("invite → accept → the auditor reads every list and is refused every write endpoint, all of them", async () => {
    const shop = await business(app);
    const invoice = await shop.owner.post("/api/invoices", {
      customerId: shop.customer.id,
      subtotal: "100",
      gstAmount: "18",
      total: "118",
      items: [{ productId: shop.product.id, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }],
    });
    expect(invoice.status).toBe(201);
    const { client: auditor, accepted } = await join(app, shop.owner, "auditor");
    expect(accepted).toEqual({ businessId: shop.id, role: "auditor", companyName: shop.companyName });

    // The auditor works in the owner's books: the owner's records, not their own empty ones.
    expect((await auditor.get("/api/customers")).body.items ?? (await auditor.get("/api/customers")).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: shop.customer.id })]),
    );
    expect((await auditor.get(`/api/invoices/${invoice.body.id}`)).status).toBe(200);
    expect((await auditor.get(`/api/products/${shop.product.id}`)).status).toBe(200);

    const endpoints = endpointsOf(app);
    const reads = endpoints.filter((e) => e.method === "GET" && !e.path.includes(":") && !/[0-9a-f-]{36}/.test(e.path));
    expect(reads.length).toBeGreaterThan(25);
    for (const read of reads) {
      const response = await auditor.get(read.path);
      // Some lists want a query (a period, a code): a 400 is theirs; never a refusal or a crash.
      expect([401, 403, 500].includes(response.status), `${read.path} → ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`).toBe(false);
    }
    for (const path of [
      "/api/invoices",
      "/api/customers",
      "/api/vendors",
      "/api/products",
      "/api/expenses",
      "/api/credit-notes",
      "/api/debit-notes",
      "/api/delivery-challans",
      "/api/reports",
      "/api/dashboard/stats",
      "/api/gst/returns",
      "/api/team",
      "/api/me",
    ]) {
      expect((await auditor.get(path)).status, path).toBe(200);
    }

    const writes = endpoints.filter((e) => !["GET", "HEAD", "OPTIONS"].includes(e.method) && !personal(e));
    // A walk that broke (Express changed its internals) finds few routes and fails here.
    expect(writes.length).toBeGreaterThan(45);
    const before = await countEvents(app.sql);
    for (const write of writes) {
      const response = await auditor.request(write.method, write.path, { anything: "at all" });
      expect({ endpoint: `${write.method} ${write.path}`, status: response.status, code: response.body?.code }).toEqual({
        endpoint: `${write.method} ${write.path}`,
        status: 403,
        code: "ROLE_FORBIDDEN",
      });
      expect(response.body.message).toBe("An auditor can see everything but cannot change anything");
    }
    expect(await countEvents(app.sql)).toBe(before);
  });

  it("staff keep the day's books but are refused reports, the dashboard, GST filing, settings and the team", async () => {
    const shop = await business(app);
    // The free plan's one seat is not for staff: the owner upgrades first.
    expect((await shop.owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    const { client: staff } = await join(app, shop.owner, "staff");
    expect((await staff.get("/api/invoices")).status).toBe(200);
    expect((await staff.get("/api/customers")).status).toBe(200);
    const customer = await staff.post("/api/customers", { stateCode: "27", name: "Walk-in" });
    expect(customer.status).toBe(201);
    const invoice = await staff.post("/api/invoices", {
      customerId: customer.body.id,
      subtotal: "100",
      gstAmount: "18",
      total: "118",
      items: [{ productId: shop.product.id, quantity: 1, price: "100", gstRate: "18", amount: "118.00" }],
    });
    expect(invoice.status).toBe(201);
    expect((await staff.get("/api/profile")).status).toBe(200);
    expect((await staff.get("/api/gst/hsn?q=oil")).status).toBe(200);

    for (const [method, path, message] of [
      ["GET", "/api/reports", "Staff cannot open reports"],
      ["GET", "/api/reports/pdf", "Staff cannot open reports"],
      ["GET", "/api/dashboard/stats", "Staff cannot open the dashboard"],
      ["POST", "/api/gst/file-gstr1", "Staff cannot open GST returns, filing or reconciliation"],
      ["POST", "/api/gst/file-gstr3b", "Staff cannot open GST returns, filing or reconciliation"],
      ["GET", "/api/gst/returns", "Staff cannot open GST returns, filing or reconciliation"],
      ["PUT", "/api/profile", "Staff cannot change the business's settings"],
      ["GET", "/api/team", "Staff cannot manage the team: only the owner can"],
      ["POST", "/api/team/invitations", "Staff cannot manage the team: only the owner can"],
    ] as const) {
      const response = await staff.request(method, path, method === "GET" ? undefined : { period: "012026" });
      expect({ path, status: response.status, code: response.body.code, message: response.body.message }).toEqual({ path, status: 403, code: "ROLE_FORBIDDEN", message });
    }
    // The owner sees the staff member's invoice in the business's books.
    sync(staff, shop.owner);
    expect((await shop.owner.get(`/api/invoices/${invoice.body.id}`)).status).toBe(200);
  });

  it("the accountant does everything but the team and the plan", async () => {
    const shop = await business(app);
    const { client: accountant } = await join(app, shop.owner, "accountant");
    expect((await accountant.get("/api/reports")).status).toBe(200);
    expect((await accountant.put("/api/profile", { companyName: shop.companyName, stateCode: "27" })).status).toBe(200);
    expect((await accountant.post("/api/profile/plan", { plan: "professional" })).body.code).toBe("ROLE_FORBIDDEN");
    expect((await accountant.post("/api/team/invitations", { email: emailOf("x"), role: "auditor" })).body.code).toBe("ROLE_FORBIDDEN");
    expect((await accountant.get("/api/team")).status).toBe(403);
  });

  it("an event appended by a member names them, their role and the business", async () => {
    const shop = await business(app);
    const { client: accountant, personId } = await join(app, shop.owner, "accountant", undefined, "Kiran");
    const created = await accountant.post("/api/customers", { stateCode: "27", name: "Named actor" });
    expect(created.status).toBe(201);
    const [row] = await app.sql.query<{ metadata: any; data: any }>("SELECT metadata, data FROM bahi_events WHERE stream_id = $1", [`customer-${created.body.id}`]);
    const metadata = typeof row!.metadata === "string" ? JSON.parse(row!.metadata) : row!.metadata;
    expect(metadata).toMatchObject({ actor: `user:${personId}`, userId: shop.id, businessId: shop.id, actorName: "Kiran Iyer", actorRole: "accountant" });
    const data = typeof row!.data === "string" ? JSON.parse(row!.data) : row!.data;
    expect(data.ownerId).toBe(shop.id);
    // The owner's own events name the owner.
    const own = await shop.owner.post("/api/customers", { stateCode: "27", name: "Owner's" });
    const [ownRow] = await app.sql.query<{ metadata: any }>("SELECT metadata FROM bahi_events WHERE stream_id = $1", [`customer-${own.body.id}`]);
    const ownMetadata = typeof ownRow!.metadata === "string" ? JSON.parse(ownRow!.metadata) : ownRow!.metadata;
    expect(ownMetadata).toMatchObject({ actor: `user:${shop.id}`, businessId: shop.id, actorName: "Asha Rao", actorRole: "owner" });
  });

  it("a member of two businesses sees each one's data only while switched into it, and nothing of the other", async () => {
    const a = await business(app, `Alpha ${randomBytes(2).toString("hex")}`);
    const b = await business(app, `Beta ${randomBytes(2).toString("hex")}`);
    const first = await join(app, a.owner, "accountant");
    await join(app, b.owner, "auditor", { client: first.client, email: first.email });
    const member = first.client;
    const ids = async () => {
      const body = (await member.get("/api/customers")).body;
      return ((body.items ?? body) as { id: string }[]).map((c) => c.id);
    };

    // Accepting B's invitation switched into B.
    let me = (await member.get("/api/me")).body;
    expect(me.current).toEqual({ businessId: b.id, companyName: b.companyName, role: "auditor" });
    expect(me.businesses.map((x: any) => [x.businessId, x.role, x.current])).toEqual([
      [first.personId, "owner", false],
      [a.id, "accountant", false],
      [b.id, "auditor", true],
    ]);
    expect(await ids()).toContain(b.customer.id);
    expect(await ids()).not.toContain(a.customer.id);
    expect((await member.get(`/api/customers/${a.customer.id}`)).status).toBe(404);

    expect((await member.post("/api/me/business", { businessId: a.id })).body).toEqual({ businessId: a.id, companyName: a.companyName, role: "accountant" });
    expect(await ids()).toContain(a.customer.id);
    expect(await ids()).not.toContain(b.customer.id);
    expect((await member.get(`/api/customers/${b.customer.id}`)).status).toBe(404);
    expect((await member.get(`/api/customers/${a.customer.id}`)).status).toBe(200);

    // Home: their own (empty) books.
    expect((await member.post("/api/me/business", { businessId: first.personId })).body.role).toBe("owner");
    expect(await ids()).toEqual([]);
    // A business they are not in is not there.
    const stranger = await business(app);
    const refused = await member.post("/api/me/business", { businessId: stranger.id });
    expect([refused.status, refused.body.code]).toEqual([404, "NOT_FOUND"]);
    expect((await member.post("/api/me/business", { businessId: "nope" })).body.code).toBe("VALIDATION_FAILED");
    me = (await member.get("/api/me")).body;
    expect(me.current.businessId).toBe(first.personId);
  });

  it("a removed member is refused on the next request, then works in their own books", async () => {
    const shop = await business(app);
    const { client: member, personId } = await join(app, shop.owner, "accountant");
    expect((await member.get("/api/customers")).status).toBe(200);
    sync(member, shop.owner);
    const team = (await shop.owner.get("/api/team")).body;
    expect(team.members.map((m: any) => [m.role, m.owner])).toEqual([
      ["owner", true],
      ["accountant", false],
    ]);
    expect((await shop.owner.delete(`/api/team/${personId}`)).status).toBe(204);

    const refused = await member.get("/api/customers");
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, "NOT_A_MEMBER", "You are no longer a member of this business"]);
    const body = (await member.get("/api/customers")).body;
    expect((body.items ?? body) as unknown[]).toEqual([]);
    sync(member, shop.owner);
    expect((await member.get("/api/me")).body.businesses.map((x: any) => x.businessId)).toEqual([personId]);
    // Switching back in is refused too.
    expect((await member.post("/api/me/business", { businessId: shop.id })).status).toBe(404);
  });

  it("the owner changes a member's role, and the next request acts in the new one", async () => {
    const shop = await business(app);
    const { client: member, personId } = await join(app, shop.owner, "accountant");
    expect((await member.post("/api/customers", { stateCode: "27", name: "As accountant" })).status).toBe(201);
    const changed = await shop.owner.patch(`/api/team/${personId}`, { role: "auditor" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: personId, role: "auditor", owner: false });
    expect((await member.post("/api/customers", { stateCode: "27", name: "As auditor" })).body.code).toBe("ROLE_FORBIDDEN");
    expect((await shop.owner.patch(`/api/team/${randomUUID()}`, { role: "auditor" })).status).toBe(404);
    expect((await shop.owner.patch(`/api/team/${personId}`, { role: "owner" })).body.code).toBe("VALIDATION_FAILED");
  });

  it("seats: the free plan has one accountant-or-auditor seat (pending invitations count), Professional 3", async () => {
    const shop = await business(app);
    const staffOnFree = await shop.owner.post("/api/team/invitations", { email: emailOf("s"), role: "staff" });
    expect([staffOnFree.status, staffOnFree.body.code]).toEqual([403, "SEAT_LIMIT_REACHED"]);
    expect(staffOnFree.body.message).toMatch(/free plan/i);
    const first = await shop.owner.post("/api/team/invitations", { email: emailOf("a"), role: "auditor" });
    expect(first.status).toBe(201);
    const second = await shop.owner.post("/api/team/invitations", { email: emailOf("b"), role: "accountant" });
    expect([second.status, second.body.code]).toEqual([403, "SEAT_LIMIT_REACHED"]);
    // Inviting the same email again replaces its invitation rather than taking a second seat.
    expect((await shop.owner.post("/api/team/invitations", { email: first.body.email, role: "accountant" })).status).toBe(201);
    expect((await shop.owner.get("/api/team")).body.seats).toEqual({ used: 1, limit: 1 });

    // Withdrawing frees the seat; the withdrawn link is no longer an invitation.
    const pending = (await shop.owner.get("/api/team")).body.invitations;
    expect(pending).toHaveLength(1);
    expect((await shop.owner.delete(`/api/team/invitations/${pending[0].id}`)).status).toBe(204);
    expect((await shop.owner.get("/api/team")).body.seats).toEqual({ used: 0, limit: 1 });

    expect((await shop.owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    for (const role of ["staff", "staff", "auditor"] as const) expect((await shop.owner.post("/api/team/invitations", { email: emailOf(role), role })).status).toBe(201);
    const fourth = await shop.owner.post("/api/team/invitations", { email: emailOf("d"), role: "accountant" });
    expect([fourth.status, fourth.body.code]).toEqual([403, "SEAT_LIMIT_REACHED"]);
    expect((await shop.owner.get("/api/team")).body).toMatchObject({ plan: "professional", seats: { used: 3, limit: 3 } });
  });

  it("invitations: the preview, then unknown, wrong email, the owner, used, already a member and expired", async () => {
    const shop = await business(app);
    const email = emailOf("inv");
    const invited = (await shop.owner.post("/api/team/invitations", { email, role: "auditor" })).body;
    expect(invited).toMatchObject({ email, role: "auditor", url: expect.stringMatching(new RegExp(`/invite/${invited.token.replace(/[.]/g, "\\.")}$`)) });
    // Only the secret's hash is in the log.
    const secret = invited.token.split(".")[2];
    const [logged] = await app.sql.query<{ data: any }>("SELECT data FROM bahi_events WHERE stream_id = $1", [`team-${shop.id}`]);
    expect(JSON.stringify(logged!.data)).not.toContain(secret);

    const anonymous = new ApiClient(app.baseUrl);
    // The invitee opens the link after the owner sent it: the read waits for the owner's write.
    anonymous.position = shop.owner.position;
    expect((await anonymous.get(`/api/team/invitations/${invited.token}`)).body).toEqual({
      companyName: shop.companyName,
      invitedBy: "Asha Rao",
      email,
      role: "auditor",
      expiresAt: invited.expiresAt,
    });
    const forged = `${shop.id}.${invited.id}.${randomBytes(32).toString("base64url")}`;
    expect((await anonymous.get(`/api/team/invitations/${forged}`)).status).toBe(404);
    expect((await anonymous.post(`/api/team/invitations/${invited.token}/accept`)).status).toBe(401);

    const other = new ApiClient(app.baseUrl);
    await other.register({ email: emailOf("other") });
    for (const [token, status, code] of [
      ["garbage", 404, "INVITATION_NOT_FOUND"],
      [forged, 404, "INVITATION_NOT_FOUND"],
      [invited.token, 403, "INVITATION_FOR_ANOTHER_EMAIL"],
    ] as const) {
      const response = await other.post(`/api/team/invitations/${token}/accept`);
      expect([response.status, response.body.code]).toEqual([status, code]);
    }
    const asOwner = await shop.owner.post(`/api/team/invitations/${invited.token}/accept`);
    expect([asOwner.status, asOwner.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect((await shop.owner.post("/api/team/invitations", { email: (await shop.owner.get("/api/me")).body.person.email, role: "auditor" })).status).toBe(400);

    const invitee = new ApiClient(app.baseUrl);
    await invitee.register({ email });
    expect((await invitee.post(`/api/team/invitations/${invited.token}/accept`)).status).toBe(200);
    const again = await invitee.post(`/api/team/invitations/${invited.token}/accept`);
    expect([again.status, again.body.code]).toEqual([409, "INVITATION_USED"]);
    anonymous.position = invitee.position;
    expect((await anonymous.get(`/api/team/invitations/${invited.token}`)).body.code).toBe("INVITATION_USED");
    expect((await shop.owner.post("/api/profile/plan", { plan: "professional" })).status).toBe(200);
    const reinvite = await shop.owner.post("/api/team/invitations", { email, role: "accountant" });
    expect([reinvite.status, reinvite.body.code]).toEqual([409, "ALREADY_MEMBER"]);

    // Expired: valid 7 days. The invitee signs up on day 8.
    const late = emailOf("late");
    const lateInvite = (await shop.owner.post("/api/team/invitations", { email: late, role: "accountant" })).body;
    anonymous.position = shop.owner.position;
    const started = now;
    try {
      now = new Date(started.getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000);
      expect((await anonymous.get(`/api/team/invitations/${lateInvite.token}`)).body.code).toBe("INVITATION_EXPIRED");
      const lateClient = new ApiClient(app.baseUrl);
      await lateClient.register({ email: late });
      const expired = await lateClient.post(`/api/team/invitations/${lateInvite.token}/accept`);
      expect([expired.status, expired.body.code]).toEqual([410, "INVITATION_EXPIRED"]);
    } finally {
      now = new Date(Math.max(Date.now(), now.getTime()));
    }
  });

  it("5 concurrent accepts of one invitation: exactly one joins", async () => {
    const shop = await business(app);
    const email = emailOf("race");
    const invited = (await shop.owner.post("/api/team/invitations", { email, role: "auditor" })).body;
    const invitee = new ApiClient(app.baseUrl);
    await invitee.register({ email });
    const results = await Promise.all(Array.from({ length: 5 }, () => invitee.post(`/api/team/invitations/${invited.token}/accept`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(["INVITATION_USED", "CONCURRENT_CHANGE"]).toContain(r.body.code);
    }
    const accepted = (await app.stores.eventStore.readStream(`team-${shop.id}`)).filter((e) => e.type === "InvitationAccepted");
    expect(accepted).toHaveLength(1);
  });
});
