export { readApiRouter, type ReadDeps } from "./routes.ts";
export { waitForPosition } from "./consistency.ts";
export { publicShareRouter, type PublicShareDeps } from "./share/routes.ts";
// Issue 12: the API described by OpenAPI, and its docs page.
export { apiDocsRouter } from "./openapi/routes.ts";
