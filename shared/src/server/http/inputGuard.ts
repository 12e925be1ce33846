import type { RequestHandler } from "express";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "../../contract/fields.ts";
import type { ErrorBody } from "../../contract/http.ts";

export interface InputProblem {
  path: string[];
  message: string;
}
import { validationBody } from "./errors.ts";

/** Real bodies nest four levels at most; deeper JSON is junk, and refusing it bounds the walk. */
export const MAX_INPUT_DEPTH = 32;
/** Enough to say what is wrong without echoing a whole hostile body back. */
const MAX_REPORTED = 10;

/**
 * The strings in `value` (object keys and values, at any depth) that cannot be stored, as
 * field errors with their dotted paths, plus one error if it nests deeper than
 * {@link MAX_INPUT_DEPTH}. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unsafeInputProblems(value: unknown, root: string): InputProblem[] {
  const problems: InputProblem[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value, path: root ? [root] : [] }];
  while (pending.length > 0 && problems.length < MAX_REPORTED) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (!isSafeText(current)) problems.push({ path, message: `${path.join(".") || "Input"}: ${UNSAFE_TEXT_MESSAGE}` });
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length > MAX_INPUT_DEPTH) {
      problems.push({ path, message: `The input nests deeper than ${MAX_INPUT_DEPTH} levels` });
      break;
    }
    for (const [key, child] of Object.entries(current)) {
      // A key is shown by where it is; its own text may be what cannot be shown.
      if (!isSafeText(key)) {
        problems.push({ path, message: `${path.join(".") || "Input"}: a field name ${UNSAFE_TEXT_MESSAGE.toLowerCase()}` });
        continue;
      }
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return problems;
}

function pathProblem(path: string): boolean {
  for (const segment of path.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (!isSafeText(decoded)) return true;
  }
  return false;
}

/**
 * Refuses, before any handler runs, input no store can hold: NUL, other C0 control characters
 * and lone surrogates anywhere in the JSON body or the query string are a 400 naming where;
 * such characters in the path cannot name a record, so they are a 404. PostgreSQL's jsonb
 * rejects these strings only at the append, after a multi-step command may already have
 * recorded its first steps. Mount it after the JSON body parser.
 */
export const refuseUnsafeInput: RequestHandler = (req, res, next) => {
  if (pathProblem(req.path)) {
    res.status(404).json({ code: "NOT_FOUND", message: "Not found" } satisfies ErrorBody);
    return;
  }
  const problems = [...unsafeInputProblems(req.query, "query"), ...unsafeInputProblems(req.body, "")];
  if (problems.length > 0) {
    res.status(400).json(validationBody(problems));
    return;
  }
  next();
};
