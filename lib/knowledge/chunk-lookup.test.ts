import { describe, expect, it } from "vitest";
import { chunkLookupSchema, lookupFieldOf } from "@/lib/knowledge/chunk-lookup";

describe("lookupFieldOf", () => {
  it.each([
    ["Dataset not found.", "datasetId", "dataset"],
    ["Document not found.", "documentId", "document"],
    ["Segment not found.", "segmentId", "segment"],
    ["segment_id: The segment id has characters that are not allowed", "segmentId", "segment"],
    ["dataset_id: The dataset id is too long", "datasetId", "dataset"],
  ])("finds the id %j names", (message, field, what) => {
    expect(lookupFieldOf(message)).toEqual({ field, what });
  });

  it("names nothing for other messages", () => {
    expect(lookupFieldOf("Not found.")).toBeNull();
  });
});

describe("chunkLookupSchema", () => {
  it("applies the route's id rules to each field", () => {
    const result = chunkLookupSchema.safeParse({
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
