/**
 * Issue 12: the OpenAPI 3.1 document of the HTTP API, generated from the catalogue and the
 * shared zod schemas by zod's own z.toJSONSchema (OpenAPI 3.1 schemas are JSON Schema 2020-12).
 * Request schemas are the schemas' input side: what a client may send, before defaults and
 * transforms. Cross-field rules (superRefine) have no JSON Schema form: the 400 names them.
 */
import { z } from "zod";
import { AFTER_HEADER, ETAG_HEADER, IF_MATCH_HEADER, LIST_LIMIT_DEFAULT, POSITION_HEADER, STALE_REVISION_CODE, type ErrorBody } from "@bahi/shared/contract";
import { isRevisionedRecordPath, SESSION_COOKIE } from "@bahi/shared/server";
import { AS_OF_HEADER } from "../asOf.ts";
import { OPERATIONS, type Answer, type Operation } from "./catalogue.ts";

type Json = Record<string, unknown>;

/** The command side's header names (command-api/src/idempotency/middleware.ts; the test holds them equal). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** A zod schema as the JSON Schema of what may be sent, without its $schema line. */
export function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  return rest;
}

const errorBodySchema = z
  .object({
    code: z.string().describe("Stable across releases (VALIDATION_FAILED, NOT_FOUND, PLAN_LIMIT, …): match on this, not on the message"),
    message: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("One per invalid field, on VALIDATION_FAILED"),
  })
  .describe("Every error answer") satisfies z.ZodType<ErrorBody>;

const ERROR_RESPONSES = {
  BadRequest: "The input is invalid (VALIDATION_FAILED, with one entry per field in errors) or unreadable",
  Unauthenticated: "No live session (UNAUTHENTICATED)",
  Forbidden: "The member's role may not do this (ROLE_FORBIDDEN), or the plan does not allow it (PLAN_LIMIT)",
  NotFound: "No such record in this business (NOT_FOUND)",
  Conflict:
    "The books refuse it (PERIOD_FILED, INSUFFICIENT_STOCK, …), another request changed the record at the same moment (CONCURRENT_CHANGE), or the first request with this Idempotency-Key is still running (IDEMPOTENCY_IN_PROGRESS)",
  KeyReused: "This Idempotency-Key was already used for a different request (IDEMPOTENCY_KEY_REUSED)",
  TooManyRequests: "Too many attempts (RATE_LIMITED); Retry-After says when to try again",
  Unavailable: "The store or the job queue cannot be reached (STORE_UNAVAILABLE, QUEUE_UNAVAILABLE); nothing was recorded",
} as const;

const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

const isWrite = (operation: Operation) => operation.method !== "get";
/** The kind of record /api/{kind}/{id}… names, when its stream has a revision on the wire. */
const revisionedRecord = (operation: Operation) => {
  const kind = /^\/api\/([^/]+)\/\{id\}/.exec(operation.path)?.[1];
  return kind !== undefined && isRevisionedRecordPath(kind);
};
/** A single-record read answers its revision as an ETag. */
const answersETag = (operation: Operation) => operation.method === "get" && /^\/api\/[^/]+\/\{id\}$/.test(operation.path) && revisionedRecord(operation);
/** A change to such a record (or an action on it) may send it back in If-Match. */
const takesIfMatch = (operation: Operation) => (operation.method === "put" || operation.method === "patch" || operation.method === "delete") && revisionedRecord(operation);

function parametersOf(operation: Operation): Json[] {
  const parameters: Json[] = [];
  for (const [, name] of operation.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
  }
  if (operation.query) {
    const schema = jsonSchemaOf(operation.query);
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      parameters.push({ name, in: "query", required: required.has(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  if (operation.asOf) parameters.push({ $ref: "#/components/parameters/AsOf" });
  if (isWrite(operation)) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (takesIfMatch(operation)) parameters.push({ $ref: "#/components/parameters/IfMatch" });
  if (!isWrite(operation) && !operation.public) parameters.push({ $ref: "#/components/parameters/After" });
  return parameters;
}

const CONTENT: Record<Exclude<Answer, "none">, (schema: Json | null) => Json> = {
  json: (schema) => ({ "application/json": { schema: schema ?? {} } }),
  pdf: () => ({ "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } }),
  image: () => ({ "image/png": { schema: { type: "string", contentMediaType: "image/png" } }, "image/jpeg": { schema: { type: "string", contentMediaType: "image/jpeg" } } }),
  "csv-or-jsonl": () => ({ "application/x-ndjson": { schema: { type: "string" } }, "text/csv": { schema: { type: "string" } } }),
  html: () => ({ "text/html": { schema: { type: "string" } } }),
};

function successOf(operation: Operation, schemas: Record<string, Json>): Json {
  const answer = operation.answer ?? "json";
  const headers: Json = {};
  if (isWrite(operation) && !operation.public) headers[POSITION_HEADER] = { $ref: "#/components/headers/Position" };
  if (isWrite(operation)) headers[REPLAYED_HEADER] = { $ref: "#/components/headers/Replayed" };
  if (answersETag(operation)) headers[ETAG_HEADER] = { $ref: "#/components/headers/ETag" };
  if (operation.asOf) headers[AS_OF_HEADER] = { $ref: "#/components/headers/AsOf" };
  let schema: Json | null = null;
  if (operation.response) {
    schemas[operation.response[0]] ??= jsonSchemaOf(operation.response[1]);
    schema = { $ref: `#/components/schemas/${operation.response[0]}` };
  } else if (operation.paged) {
    schema = { oneOf: [{ type: "array", items: { type: "object" } }, { $ref: "#/components/schemas/Page" }] };
  }
  const description = operation.description ?? (answer === "none" ? "Done" : "OK");
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(answer === "none" ? {} : { content: CONTENT[answer](schema) }),
  };
}

function operationOf(operation: Operation, schemas: Record<string, Json>): Json {
  const responses: Json = { [String(operation.status ?? 200)]: successOf(operation, schemas) };
  const hasParams = operation.path.includes("{");
  responses["400"] = errorResponse("BadRequest");
  if (!operation.public) responses["401"] = errorResponse("Unauthenticated");
  if (isWrite(operation) && !operation.public) responses["403"] = errorResponse("Forbidden");
  if (hasParams) responses["404"] = errorResponse("NotFound");
  if (isWrite(operation)) responses["409"] = errorResponse("Conflict");
  if (takesIfMatch(operation)) responses["412"] = { $ref: "#/components/responses/PreconditionFailed" };
  if (isWrite(operation)) responses["422"] = errorResponse("KeyReused");
  if (operation.path.startsWith("/api/auth/")) responses["429"] = errorResponse("TooManyRequests");
  responses["503"] = errorResponse("Unavailable");

  let requestBody: Json | undefined;
  if (operation.body) {
    const [name, schema] = operation.body;
    schemas[name] ??= jsonSchemaOf(schema);
    requestBody = { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` } } } };
  }
  return {
    operationId: `${operation.method}${operation.path
      .replace(/^\/api/, "")
      .replace(/\{(\w+)\}/g, "By-$1")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.public ? { security: [] } : {}),
    ...(operation.paged
      ? { description: `With \`limit\` or \`cursor\` the answer is a Page (default limit ${LIST_LIMIT_DEFAULT}); without both, every matching record as an array.` }
      : {}),
    parameters: parametersOf(operation),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** Build the document; `version` is the API's (the server's package) version. */
export function buildOpenApiDocument(version = "0.1.0"): Json {
  const schemas: Record<string, Json> = {
    ErrorBody: jsonSchemaOf(errorBodySchema),
    StaleRevision: {
      allOf: [{ $ref: "#/components/schemas/ErrorBody" }],
      type: "object",
      properties: {
        code: { const: STALE_REVISION_CODE },
        current: { type: ["object", "null"], description: "The record as it is now (null: deleted)" },
        revision: { type: ["integer", "null"], description: "Its revision: the ETag to send next" },
      },
      required: ["code", "current", "revision"],
    },
    Page: {
      type: "object",
      description: "One page of a list; total counts every record the filters match, on all pages",
      properties: {
        items: { type: "array", items: { type: "object" } },
        nextCursor: { type: ["string", "null"], description: "null on the last page" },
        total: { type: "integer" },
        summary: { type: "object" },
      },
      required: ["items", "nextCursor", "total"],
    },
  };
  const paths: Record<string, Json> = {};
  for (const operation of OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method] = operationOf(operation, schemas);
  }
  const tags = [...new Set(OPERATIONS.map((operation) => operation.tag))].map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Bahi API",
      version,
      description:
        "GST invoicing and accounting for Indian small businesses. Sign in with POST /api/auth/login: the session cookie it sets authenticates every other call. " +
        'Money is sent and answered as decimal rupee strings ("1180.00"). Every write answers the log position it reached in X-Bahi-Position; ' +
        "send it back as X-Bahi-After on the next read to see your own write. Errors carry a stable `code`.",
    },
    security: [{ session: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Set by POST /api/auth/login or /api/auth/register" },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: "header",
          required: false,
          description:
            "One per command the user means (a form submission): a retry of the same request with the same key within 24 hours gets the first answer again (marked Idempotent-Replayed) and records nothing",
          schema: { type: "string", pattern: "^[\\x20-\\x7e]{1,200}$" },
        },
        IfMatch: {
          name: IF_MATCH_HEADER,
          in: "header",
          required: false,
          description: "The ETag the record was read with: a stale one is refused with 412 and the current values",
          schema: { type: "string" },
        },
        After: {
          name: AFTER_HEADER,
          in: "header",
          required: false,
          description:
            "The highest X-Bahi-Position this client has seen: the read waits (bounded) until the read models include it, then answers; X-Bahi-Stale: true if the wait ran out",
          schema: { type: "string", pattern: "^\\d{1,20}:\\d{1,20}$" },
        },
        AsOf: {
          name: "asOf",
          in: "query",
          required: false,
          description: "A past moment (ISO date or date-time): the answer is the screen as it was then",
          schema: { type: "string" },
        },
      },
      headers: {
        Position: { description: "The log position this write reached: send it as X-Bahi-After to read it", schema: { type: "string" } },
        ETag: { description: 'The record\'s stream revision, as a strong tag ("3"): send it as If-Match to change or delete it', schema: { type: "string" } },
        Replayed: { description: "true: this is the first answer to this Idempotency-Key, sent again; nothing was recorded this time", schema: { type: "string", enum: ["true"] } },
        AsOf: { description: "The moment the answer is for", schema: { type: "string" } },
      },
      responses: {
        ...Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([name, description]) => [
            name,
            { description, content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } } },
          ]),
        ),
        PreconditionFailed: {
          description: `If-Match named an older revision: the record changed since it was read (${STALE_REVISION_CODE}). Nothing was recorded; the body carries the record as it is now and its revision`,
          content: { "application/json": { schema: { $ref: "#/components/schemas/StaleRevision" } } },
        },
      },
      schemas,
    },
  };
}
