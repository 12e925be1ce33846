export { Projector, MAIN_PROJECTOR, type ProjectorOptions } from "./projector.ts";
export { allProjections } from "./projections.ts";
export type { Projection, AnyProjection } from "./projection.ts";
