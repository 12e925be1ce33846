import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { EventTooLargeError, MAX_EVENT_BYTES } from "../ports/eventStore.ts";
import { errorHandler } from "./errors.ts";

/** Just enough of express's Response to see what the handler answers. */
function recordingResponse() {
  const answer = { headersSent: false, statusCode: 0, body: undefined as unknown };
  const res = {
    get headersSent() {
      return answer.headersSent;
    },
    status(code: number) {
      answer.statusCode = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
      answer.headersSent = true;
      return res;
    },
  };
  return { res: res as unknown as Response, answer };
}

describe("errorHandler", () => {
  it("answers an event too large for the log with 413 and its code, not a 500", () => {
    const { res, answer } = recordingResponse();
    errorHandler(new EventTooLargeError("stream-1", "Gstr2bUploaded", MAX_EVENT_BYTES + 1), {} as Request, res, () => {});
    expect(answer.statusCode).toBe(413);
    expect(answer.body).toEqual({ code: "EVENT_TOO_LARGE", message: expect.stringMatching(/Nothing was saved/) });
  });
});
