import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { buildChunkLookupSchema, lookupProblemOf, type Say } from "@/lib/knowledge/chunk-lookup";
import english from "@/lib/i18n/messages/en/knowledge.json";

const inEnglish = createTranslator({
  locale: "en",
  messages: { knowledge: english },
  namespace: "knowledge",
});
// The code under test looks keys up by name, as the page's untyped `t` does.
const t: Say = (key, values) => inEnglish(key as never, values as never);

describe("lookupProblemOf", () => {
  it.each([
    ["Dataset not found.", "datasetId", "dataset"],
    ["Document not found.", "documentId", "document"],
    ["Segment not found.", "segmentId", "segment"],
  ])("finds the id the upstream's 404 %j names", (message, field, what) => {
    const error = { status: 404, code: "not_found" as const, message, issues: [] };
    expect(lookupProblemOf(error)).toEqual({ field, what, message });
  });

  it.each([
    ["segment_id", "The segment id has characters that are not allowed", "segmentId", "segment"],
    ["dataset_id", "The dataset id is too long", "datasetId", "dataset"],
  ])("finds the id our own 400 names in issues[].path (%s)", (path, message, field, what) => {
    const error = {
      status: 400,
      code: "invalid_request" as const,
      // The flattened message is for people; the field comes from the path only.
      message: "something else entirely",
      issues: [{ path, message }],
    };
    expect(lookupProblemOf(error)).toEqual({ field, what, message });
  });

  it("names nothing for other messages", () => {
    expect(
      lookupProblemOf({ status: 404, code: "not_found", message: "Not found.", issues: [] }),
    ).toBeNull();
    expect(
      lookupProblemOf({
        status: 400,
        code: "invalid_request",
        message: "segment_id: The segment id is missing",
        issues: [],
      }),
    ).toBeNull();
  });
});

describe("buildChunkLookupSchema", () => {
  it("applies the route's id rules to each field", () => {
    const result = buildChunkLookupSchema(t).safeParse({
      datasetId: "demo-dataset",
      documentId: "",
      segmentId: "seg/1",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["documentId", "The document id is missing"],
      ["segmentId", "The segment id has characters that are not allowed"],
    ]);
  });
});
