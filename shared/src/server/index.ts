/** The server-only half of shared: ports, their SQL adapters, stores, errors. */
export * from "./ports/index.ts";
export * from "./errors.ts";
export * from "./stores.ts";
export * from "./dataDirLock.ts";
export { pgliteClient, postgresClient, openPglite, durableStartParams, PGLITE_EXTENSIONS, type SqlClient, type SqlExecutor } from "./sql/client.ts";
export { migrate } from "./sql/schema.ts";
export { SqlEventStore, type AppendNotification, type SqlEventStoreOptions } from "./sql/sqlEventStore.ts";
export { SqlReadStore } from "./sql/sqlReadStore.ts";
export { MemoryReadStore } from "./memory/memoryReadStore.ts";
export { MongoReadStore } from "./mongodb/mongoReadStore.ts";
export { MongoSessionStore } from "./mongodb/mongoSessionStore.ts";
export { MongoBlobStore } from "./mongodb/mongoBlobStore.ts";
export { MongoIdempotencyStore } from "./mongodb/mongoIdempotencyStore.ts";
export { MongoLeases, type MongoLeasesOptions } from "./mongodb/mongoLeases.ts";
export { mongoErrorOf } from "./mongodb/unavailable.ts";
export { EventStoreDbEventStore } from "./eventstoredb/eventStoreDbEventStore.ts";
export { ChainBesideLog, eventStoreChainStreams, type ChainStreams } from "./audit/chainBesideLog.ts";
export { SqlBlobStore } from "./sql/sqlBlobStore.ts";
export { SqlSessionStore } from "./sql/sqlSessionStore.ts";
export { AdvisoryLeases, MEMBER_CLASS, UNIT_CLASS, type AdvisoryLeasesOptions } from "./sql/advisoryLeases.ts";
export * from "./http/index.ts";
export { isShareToken, SHARE_PATH, shareUrl } from "./http/shareUrl.ts";
export { InProcessJobQueue } from "./jobs/inProcessJobQueue.ts";
export { BullmqJobQueue } from "./jobs/bullmqJobQueue.ts";
export * from "./observability/index.ts";
export { waitForProjection, lowestCheckpoint, reachedFor } from "./waitForProjection.ts";
export { businessKeyOf, partitionHash, partitionOf } from "./partition.ts";
export * from "./health.ts";
export * from "./returnInputs.ts";
// Issue 12: ETag and If-Match: a record's revision as of what a read answers.
export {
  currentRecordView,
  isRevisionedRecordPath,
  ownRecordOf,
  readWithRevision,
  recordStream,
  revisionAt,
  REVISIONED_RECORDS,
  type RevisionedRead,
  type RevisionedRecordPath,
} from "./recordRevision.ts";
// Issue 11: each record's history, told from its events (the read API may not read events itself).
export { businessOfEvent, historyEntries, indianDateTime, recordHistory, type HistoryDeps } from "./audit/history.ts";
// Issue 11: the hash chain, its verification, and the ledger's journal and export.
export {
  canonicalEvent,
  chainKeyOf,
  GENESIS_HASH,
  linkHash,
  verifyChain,
  type ChainProblem,
  type ChainProblemKind,
  type ChainVerification,
  type ChainVerifier,
} from "./audit/chain.ts";
export {
  csvExport,
  exportEvents,
  exportManifest,
  journalEntries,
  journalPage,
  jsonLinesExport,
  personNamesFrom,
  recordedRange,
  verifyJsonLinesExport,
  type ExportedEvent,
  type ExportVerification,
  type PersonNames,
} from "./audit/ledger.ts";
export { recordOfStream, type RecordKind, type RecordRef } from "./audit/records.ts";
export { keepRequestStreams, withRequestStreams, requestStreams, RequestStreams } from "./requestStreams.ts";
export { yieldToEventLoop } from "./eventLoop.ts";
export * from "./storeConfig.ts";
