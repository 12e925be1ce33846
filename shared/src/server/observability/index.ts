/** Issue 12: structured logs (pino) and Prometheus metrics (prom-client) for every role. */
export { createLogger, logLevelFromEnv, messageLog, REDACTED_PATHS, type Logger, type LoggerOptions } from "./logger.ts";
export { loggedPath, recordRouteTemplates, requestId, requestLogging, routeTemplate } from "./httpLogging.ts";
export { BahiMetrics } from "./metrics.ts";
export { projectorLag, type ProjectionLag } from "./projectorLag.ts";
