import { describe, expect, it } from "vitest";
import { describeError, fieldErrorsOf } from "./errors.ts";
import { HttpError } from "./http.ts";

const httpError = (status: number, body: unknown) => new HttpError(status, "", typeof body === "string" ? body : JSON.stringify(body));

describe("describeError", () => {
  it("joins a 400's field messages", () => {
    const error = httpError(400, {
      message: "Invalid input",
      errors: [
        { path: "name", message: "Name is required" },
        { path: "gstNumber", message: "GSTIN check character is wrong" },
      ],
    });
    expect(describeError(error, "An error occurred")).toBe("Name is required, GSTIN check character is wrong");
    expect(fieldErrorsOf(error).map((e) => e.path)).toEqual(["name", "gstNumber"]);
  });

  it("shows the server's message for other failures", () => {
    expect(describeError(httpError(409, { message: "An account with this email already exists" }), "x")).toBe("An account with this email already exists");
  });

  it("falls back when the body is not an error body or the call never reached the server", () => {
    expect(describeError(httpError(502, "<html>Bad Gateway</html>"), "An error occurred")).toBe("An error occurred");
    expect(describeError(new TypeError("Failed to fetch"), "An error occurred")).toBe("An error occurred");
  });
});
