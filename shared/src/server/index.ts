/** The server-only half of shared: ports, their SQL adapters, stores, errors. */
export * from "./ports/index.ts";
export * from "./errors.ts";
export * from "./stores.ts";
export * from "./dataDirLock.ts";
export { pgliteClient, postgresClient, openPglite, durableStartParams, type SqlClient, type SqlExecutor } from "./sql/client.ts";
export { migrate } from "./sql/schema.ts";
export { SqlEventStore } from "./sql/sqlEventStore.ts";
export { SqlReadStore } from "./sql/sqlReadStore.ts";
export { SqlBlobStore } from "./sql/sqlBlobStore.ts";
export { SqlSessionStore } from "./sql/sqlSessionStore.ts";
export * from "./http/index.ts";
export { isShareToken, SHARE_PATH, shareUrl } from "./http/shareUrl.ts";
export { InProcessJobQueue } from "./jobs/inProcessJobQueue.ts";
export { BullmqJobQueue } from "./jobs/bullmqJobQueue.ts";
export { waitForProjection, lowestCheckpoint } from "./waitForProjection.ts";
export * from "./health.ts";
export * from "./returnInputs.ts";
