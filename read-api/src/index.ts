export { readApiRouter, type ReadDeps } from "./routes.ts";
export { waitForPosition } from "./consistency.ts";
export { publicShareRouter, type PublicShareDeps } from "./share/routes.ts";
