export { readApiRouter, type ReadDeps } from "./routes.ts";
export { waitForPosition } from "./consistency.ts";
