import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { AUTH_API, returnPathSchema } from "@/lib/inbox/auth-api-contract";

describe("the return path after sign-in", () => {
  it("is a path of this app, never another site", () => {
    for (const path of ["/inbox", "/form/abc?x=1", "/inbox?status=waiting"]) {
      expect(z.safeParse(returnPathSchema, path).success, path).toBe(true);
    }
    for (const path of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "inbox",
      "/a b",
    ]) {
      expect(z.safeParse(returnPathSchema, path).success, path).toBe(false);
    }
  });

  it("falls back to the inbox when the query names another site", () => {
    expect(z.parse(AUTH_API.signIn.query, { return: "//evil.example" })).toEqual({
      return: "/inbox",
    });
  });
});
