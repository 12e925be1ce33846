export * from "./eventStore.ts";
export * from "./eventLog.ts";
export * from "./readStore.ts";
export * from "./jobQueue.ts";
export * from "./blobStore.ts";
export * from "./sessionStore.ts";
export * from "./auditLog.ts";
