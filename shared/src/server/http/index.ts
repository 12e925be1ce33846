export * from "./session.ts";
export * from "./errors.ts";
export * from "./auth.ts";
