export * from "./eventStore.ts";
export * from "./eventLog.ts";
export * from "./readStore.ts";
