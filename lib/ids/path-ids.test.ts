import { describe, expect, it } from "vitest";
import { describeZodError } from "@/lib/errors/api-error";
import { datasetRouteParamsSchema, segmentRouteParamsSchema } from "@/lib/ids/path-ids";

describe("knowledge route params", () => {
  it("accepts letters, digits, - and _ up to 128 characters", () => {
    const ids = {
      dataset_id: "demo-dataset",
      document_id: "doc_ONE-1",
      segment_id: "a".repeat(128),
    };
    expect(segmentRouteParamsSchema.parse(ids)).toEqual(ids);
  });

  it.each([
    ["", "dataset_id: The dataset id is missing"],
    ["a".repeat(129), "dataset_id: The dataset id is too long"],
    ["../x", "dataset_id: The dataset id has characters that are not allowed"],
    ["a%2Fb", "dataset_id: The dataset id has characters that are not allowed"],
    ["a b", "dataset_id: The dataset id has characters that are not allowed"],
  ])("refuses the dataset id %j", (datasetId, message) => {
    const result = datasetRouteParamsSchema.safeParse({ dataset_id: datasetId });
    expect(result.success ? "ok" : describeZodError(result.error)).toBe(message);
  });

  it("names the document and segment ids in their messages", () => {
    const result = segmentRouteParamsSchema.safeParse({
      dataset_id: "ok",
      document_id: "bad/id",
      segment_id: "",
    });
    expect(result.success ? "ok" : describeZodError(result.error)).toBe(
      "document_id: The document id has characters that are not allowed; segment_id: The segment id is missing",
    );
  });
});
