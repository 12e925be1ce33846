import { pino, type DestinationStream, type Level, type Logger } from "pino";

export type { Logger } from "pino";

const LEVELS: readonly string[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * What no log line may show, wherever it appears in a logged object: the session cookie, a
 * bearer token, and any field named like a secret (a login's password, an invitation's token).
 * Bodies are never logged at all; this is the net for headers and for objects passed by hand.
 */
export const REDACTED_PATHS: readonly string[] = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...["password", "token", "secret"].flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

export interface LoggerOptions {
  /** Default: BAHI_LOG_LEVEL, else `fallback`. */
  level?: string;
  /** The level when BAHI_LOG_LEVEL is not set: "info" for a process, "silent" for an app built in a test. */
  fallback?: Level | "silent";
  /** Default: stdout. Tests pass a stream to read the lines back. */
  destination?: DestinationStream;
}

/** The level BAHI_LOG_LEVEL asks for, or `fallback` when it is unset or not a pino level. */
export function logLevelFromEnv(env: NodeJS.ProcessEnv, fallback: Level | "silent"): Level | "silent" {
  const asked = env.BAHI_LOG_LEVEL?.trim().toLowerCase();
  return asked && LEVELS.includes(asked) ? (asked as Level | "silent") : fallback;
}

/** One JSON line per entry: `level` as a word, `time` as ISO 8601, so any log shipper reads them as they are. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? logLevelFromEnv(process.env, options.fallback ?? "info");
  const settings = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: [...REDACTED_PATHS], censor: "[Redacted]" },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** The `log(message)` shape the composition root and the projector take, written by the logger. */
export function messageLog(logger: Logger): (message: string) => void {
  return (message) => logger.info(message);
}
