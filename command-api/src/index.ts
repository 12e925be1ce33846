import express, { Router } from "express";
import { customerInputSchema, vendorInputSchema } from "@bahi/shared/contract";
import { streams } from "@bahi/shared/events";
import { keepRequestStreams, refuseUnsafeInput, requireJsonBody } from "@bahi/shared/server";
import { authRoutes } from "./auth/routes.ts";
import type { CommandDeps } from "./deps.ts";
import { customerDecider, customerView } from "./parties/customer.ts";
import { assertCustomerHasNoDocuments, assertVendorHasNoDocuments } from "./parties/partyChecks.ts";
import { partyRoutes } from "./parties/routes.ts";
import { vendorDecider, vendorView } from "./parties/vendor.ts";
import { expenseRoutes } from "./expenses/routes.ts";
import { ewayBillRoutes } from "./gst/ewayBillRoutes.ts";
import { gstRoutes } from "./gst/routes.ts";
import { invoiceRoutes } from "./invoices/routes.ts";
import { invoiceShareRoutes } from "./share/routes.ts";
import { advanceRoutes } from "./advances/routes.ts";
import { salesNoteRoutes } from "./notes/routes.ts";
import { deliveryChallanRoutes } from "./challans/routes.ts";
import { productRoutes } from "./products/routes.ts";
import { profileRoutes } from "./profile/routes.ts";
import { meRoutes, teamRoutes } from "./team/routes.ts";
import { staleRevisionView } from "./handling/revision.ts";
import { nextId } from "./idempotency/ids.ts";
import { idempotentCommands, keepRawBody } from "./idempotency/middleware.ts";

export type { CommandDeps } from "./deps.ts";
export { authRateLimitsFromEnv, type AuthRateLimits } from "./handling/rateLimit.ts";
export { authLimitStores, type AuthLimitStores } from "./auth/loginLimits.ts";
export { OWASP_SCRYPT, PasswordHasher, type ScryptParams } from "./auth/password.ts";
export { redispatchPendingFilings, registerFilingWorker, type FilingWorkerDeps } from "./gst/filingWorker.ts";
export { registerReconciliationWorker } from "./gst/reconciliation.ts";
export { OVERDUE_QUEUE, registerOverdueSchedule, registerOverdueWorker, scheduleOverdueSweep } from "./invoices/overdueWorker.ts";
export { SandboxGsp, type GspClient } from "./gst/gsp.ts";
export { processSweepFromEnv, resumeUnfinishedProcesses, type ProcessRecoveryDeps, type RecoveryReport } from "./processes/recovery.ts";
export { accessResolver } from "./team/access.ts";
export { derivedId } from "./idempotency/ids.ts";
export { DEFAULT_STATE_CACHE_SIZE, StreamStates, streamStatesOf, useStreamStates, type StreamStateCounters } from "./handling/streamStates.ts";
export { fingerprintOf, IDEMPOTENCY_CODES, IDEMPOTENCY_HEADER, personScope, REPLAYED_HEADER } from "./idempotency/middleware.ts";

/** The command side's HTTP routes, to mount under /api. */
export function commandApiRouter(given: CommandDeps): Router {
  // Issue 12: under an Idempotency-Key, record ids are derived from the key (idempotency/ids.ts).
  const deps: CommandDeps = { ...given, newId: () => nextId(given.newId) };
  const router = Router();
  router.use(requireJsonBody);
  // A GSTR-2B download can run to megabytes; every other command is small.
  router.use("/gst/gstr2b", express.json({ limit: "5mb", verify: keepRawBody }));
  // A logo arrives as a data URL: up to 200 KB of image, refused with a 400 beyond that.
  router.use("/profile/logo", express.json({ limit: "2mb", verify: keepRawBody }));
  router.use(express.json({ limit: "100kb", verify: keepRawBody }));
  // Issue 13: a command reads each stream once (requestStreams.ts), kept until its answer has
  // gone; entered again after the body is parsed, whose callbacks run outside the request's context.
  router.use(keepRequestStreams);
  // After parsing, before any handler: input no store can hold never reaches a command.
  router.use(refuseUnsafeInput);
  // Issue 12: a retried command (same Idempotency-Key) gets its first answer and appends nothing.
  router.use(idempotentCommands(deps.idempotency, deps.clock));
  router.use("/auth", authRoutes(deps));
  router.use(
    "/customers",
    partyRoutes(deps, {
      label: "Customer",
      schema: customerInputSchema,
      stream: streams.customer,
      decider: customerDecider,
      view: customerView,
      beforeDelete: assertCustomerHasNoDocuments,
    }),
  );
  router.use(
    "/vendors",
    partyRoutes(deps, { label: "Vendor", schema: vendorInputSchema, stream: streams.vendor, decider: vendorDecider, view: vendorView, beforeDelete: assertVendorHasNoDocuments }),
  );
  router.use("/customers", advanceRoutes(deps));
  router.use("/profile", profileRoutes(deps));
  router.use("/products", productRoutes(deps));
  router.use("/invoices", invoiceShareRoutes(deps));
  router.use("/invoices", invoiceRoutes(deps));
  router.use("/credit-notes", salesNoteRoutes(deps, "credit"));
  router.use("/debit-notes", salesNoteRoutes(deps, "debit"));
  router.use("/delivery-challans", deliveryChallanRoutes(deps));
  router.use("/expenses", expenseRoutes(deps));
  router.use("/gst", gstRoutes(deps));
  router.use("/ewaybills", ewayBillRoutes(deps));
  // Issue 11: the owner's team, and which business the person works in.
  router.use("/team", teamRoutes(deps));
  router.use("/me", meRoutes(deps));
  // Issue 12: a stale If-Match's 412 carries the record as its read answers it now.
  router.use(staleRevisionView(deps.readStore));
  return router;
}
