import { describe, expect, it } from "vitest";
import { parsePortalTokens } from "@/lib/server/auth/parse-portal-tokens";

const A = "a".repeat(32);
const B = "b".repeat(40);

describe("parsePortalTokens", () => {
  it("reads name:token entries apart by white space; a token may hold a colon", () => {
    expect(parsePortalTokens(`backend:${A}\n  people-2:${B}:x`, undefined)).toEqual({
      tokens: [
        { name: "backend", token: A },
        { name: "people-2", token: `${B}:x` },
      ],
      problems: [],
    });
  });

  it.each([
    [`${A}`, /entry 1: must be name:token/],
    [`:${A}`, /entry 1: must be name:token/],
    [`Backend:${A}`, /entry 1: must be name:token/],
    [`1st:${A}`, /entry 1: must be name:token/],
    [`backend:${A} backend:${B}`, /entry 2 \(backend\): the name is used twice/],
    [`backend:${A} people:${A}`, /entry 2 \(people\): the token is used twice/],
    ["backend:short", /entry 1 \(backend\): the token must be at least 32 characters/],
  ])("refuses %s", (value, message) => {
    const { problems } = parsePortalTokens(value, undefined);
    expect(problems.join("\n")).toMatch(message);
    // A problem names the entry, never its token.
    expect(problems.join("\n")).not.toContain(A);
  });

  it("refuses a named token equal to PORTAL_API_TOKEN, and too many tokens", () => {
    expect(parsePortalTokens(`people:${A}`, A).problems).toEqual([
      "PORTAL_API_TOKENS: entry 1 (people): the token is used twice (each name needs its own)",
    ]);
    const many = Array.from({ length: 33 }, (_, i) => `t${i}:${A}${i}`).join(" ");
    expect(parsePortalTokens(many, undefined).problems).toEqual([
      "PORTAL_API_TOKENS: at most 32 tokens",
    ]);
  });
});
