export { Projector, type ProjectorOptions, type RebuildOutcome } from "./projector.ts";
export type { RetryOutcome } from "./retry.ts";
export { allProjections } from "./projections.ts";
export type { Projection, AnyProjection } from "./projection.ts";
export { replayAsOf, createAsOfReplayer, createFold, foldEvents, type AsOfReplayerOptions, type EventFold } from "./asOf.ts";
export { applicationsProjection, APPLICATIONS_COLLECTION, type StreamApplications } from "./audit/applicationsProjection.ts";
