import { describe, expect, it } from "vitest";
import { safeParse } from "zod/v4/core";
import { MAX_PAGE_ROWS, MAX_RECIPIENTS, REQUESTS_API } from "@/lib/requests/requests-api-contract";

const body = REQUESTS_API.register.body;
const valid = { form_token: "abc_DEF-1", recipients: ["alice@example.com"] };

describe("the requests routes' contracts", () => {
  it("takes a registration with its recipients trimmed", () => {
    const parsed = safeParse(body, { ...valid, recipients: [" alice@example.com "], ttl: 3600 });
    expect(parsed.success && parsed.data.recipients).toEqual(["alice@example.com"]);
  });

  it("refuses no recipient, too many, an empty one, and one with a control character", () => {
    for (const recipients of [
      [],
      Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@example.com`),
      ["  "],
      ["alice@example.com\nrun"],
    ]) {
      expect(safeParse(body, { ...valid, recipients }).success, JSON.stringify(recipients)).toBe(
        false,
      );
    }
    const most = Array.from({ length: MAX_RECIPIENTS }, (_, i) => `r${i}@example.com`);
    expect(safeParse(body, { ...valid, recipients: most }).success).toBe(true);
  });

  it("refuses a form token that could change the upstream's path, and a ttl under a minute", () => {
    expect(safeParse(body, { ...valid, form_token: "../x" }).success).toBe(false);
    expect(safeParse(body, { ...valid, ttl: 59 }).success).toBe(false);
  });

  it("pages at most MAX_PAGE_ROWS rows, 50 unless asked", () => {
    const query = REQUESTS_API.list.query;
    expect(safeParse(query, {})).toMatchObject({ success: true, data: { limit: 50 } });
    expect(safeParse(query, { limit: String(MAX_PAGE_ROWS) }).success).toBe(true);
    expect(safeParse(query, { limit: String(MAX_PAGE_ROWS + 1) }).success).toBe(false);
    expect(safeParse(query, { status: "lost" }).success).toBe(false);
    expect(safeParse(REQUESTS_API.decisions.query, { since: "yesterday" }).success).toBe(false);
  });
});
