export * from "./session.ts";
export * from "./errors.ts";
export * from "./auth.ts";
export * from "./roles.ts";
export * from "./inputGuard.ts";
export * from "./securityHeaders.ts";
