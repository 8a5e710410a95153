import { describe, expect, it } from "vitest";
import { DOCUMENT_STATUSES, listQuerySchema } from "@/lib/knowledge/knowledge-list-query";

const problems = (query: Record<string, string>, statuses = true) => {
  const result = (statuses ? listQuerySchema(DOCUMENT_STATUSES) : listQuerySchema()).safeParse(
    query,
  );
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
};

describe("listQuerySchema", () => {
  it("defaults to the first page of 20 and trims the keyword", () => {
    expect(listQuerySchema().parse({ keyword: "  pricing " })).toEqual({
      page: 1,
      limit: 20,
      keyword: "pricing",
    });
  });

  it("bounds page and limit", () => {
    expect(problems({ page: "0" })).toEqual(["page"]);
    expect(problems({ page: "10001" })).toEqual(["page"]);
    expect(problems({ page: "1.5" })).toEqual(["page"]);
    expect(problems({ limit: "101" })).toEqual(["limit"]);
    expect(problems({ limit: "abc" })).toEqual(["limit"]);
    expect(problems({ page: "10000", limit: "100" })).toEqual([]);
  });

  it("bounds the keyword", () => {
    expect(problems({ keyword: "x".repeat(201) })).toEqual(["keyword"]);
    expect(problems({ keyword: "x".repeat(200) })).toEqual([]);
  });

  it("takes only the listed statuses, and none where the list has no status filter", () => {
    expect(problems({ status: "available" })).toEqual([]);
    expect(problems({ status: "everything" })).toEqual(["status"]);
    expect(problems({ status: "available" }, false)).toEqual(["status"]);
  });
});
