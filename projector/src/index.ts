export { Projector, type ProjectorOptions, type RebuildOutcome, type RetryOutcome } from "./projector.ts";
export { allProjections } from "./projections.ts";
export type { Projection, AnyProjection } from "./projection.ts";
export { replayAsOf, createAsOfReplayer, foldEvents, type AsOfReplayerOptions } from "./asOf.ts";
export { applicationsProjection, APPLICATIONS_COLLECTION, type StreamApplications } from "./audit/applicationsProjection.ts";
