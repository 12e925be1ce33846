import { describe, expect, it } from "vitest";
import { statementsOf } from "./schema.ts";

describe("the migration's statements", () => {
  it("split on semicolons, except inside a $$-quoted function body", () => {
    const part = `
CREATE TABLE t (a int);
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'no';
END
$$;
CREATE TRIGGER x BEFORE DELETE ON t FOR EACH ROW EXECUTE FUNCTION f();
`;
    expect(statementsOf(part)).toEqual([
      "CREATE TABLE t (a int)",
      "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no';\nEND\n$$",
      "CREATE TRIGGER x BEFORE DELETE ON t FOR EACH ROW EXECUTE FUNCTION f()",
    ]);
  });
});
