import { describe, expect, it } from "vitest";
import { describeZodError } from "@/lib/errors/api-error";
import { metadataUpdateRequestSchema } from "@/lib/knowledge/metadata-update-request";

const entry = (documentId: string, extra: Record<string, unknown> = {}) => ({
  document_id: documentId,
  metadata_list: [{ id: "meta-author", name: "author", value: "Ada" }],
  ...extra,
});

/** The message a caller would read in our 400 envelope, or "ok". */
function verdict(body: unknown): string {
  const result = metadataUpdateRequestSchema.safeParse(body);
  return result.success ? "ok" : describeZodError(result.error);
}

describe("metadataUpdateRequestSchema", () => {
  it("accepts a valid request, defaults partial_update to false and drops unknown fields", () => {
    const parsed = metadataUpdateRequestSchema.parse({
      operation_data: [
        { ...entry("doc-a"), extra: 1 },
        {
          document_id: "doc-b",
          metadata_list: [
            { id: "m1", name: "year", value: 2025, note: "x" },
            { id: "m2", name: "reviewed", value: null },
          ],
          partial_update: true,
        },
      ],
      user: "someone",
    });
    expect(parsed).toEqual({
      operation_data: [
        {
          document_id: "doc-a",
          metadata_list: [{ id: "meta-author", name: "author", value: "Ada" }],
          partial_update: false,
        },
        {
          document_id: "doc-b",
          metadata_list: [
            { id: "m1", name: "year", value: 2025 },
            { id: "m2", name: "reviewed", value: null },
          ],
          partial_update: true,
        },
      ],
    });
  });

  it("accepts an empty metadata_list (replace with nothing clears the metadata)", () => {
    expect(verdict({ operation_data: [entry("doc-a", { metadata_list: [] })] })).toBe("ok");
  });

  it("requires a JSON object with an operation_data array", () => {
    expect(verdict([])).toBe("the body must be a JSON object");
    expect(verdict({})).toBe("operation_data: operation_data must be an array");
    expect(verdict({ operation_data: "doc-a" })).toBe(
      "operation_data: operation_data must be an array",
    );
  });

  it("refuses an empty operation_data", () => {
    expect(verdict({ operation_data: [] })).toBe(
      "operation_data: operation_data must hold at least one document",
    );
  });

  it("accepts 1,000 entries and refuses 1,001", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => entry(`doc-${i}`));
    expect(verdict({ operation_data: many(1000) })).toBe("ok");
    expect(verdict({ operation_data: many(1001) })).toBe(
      "operation_data: operation_data may hold at most 1000 documents",
    );
  });

  it("requires a non-empty document_id string", () => {
    expect(verdict({ operation_data: [entry("")] })).toBe(
      "operation_data.0.document_id: document_id is empty",
    );
    expect(verdict({ operation_data: [entry("a"), { ...entry("b"), document_id: 7 }] })).toBe(
      "operation_data.1.document_id: document_id must be a string",
    );
  });

  it("requires non-empty id and name strings on each metadata entry", () => {
    const body = (item: Record<string, unknown>) => ({
      operation_data: [
        entry("doc-a", { metadata_list: [{ id: "m", name: "n", value: "v" }, item] }),
      ],
    });
    expect(verdict(body({ id: "", name: "n", value: "v" }))).toBe(
      "operation_data.0.metadata_list.1.id: id is empty",
    );
    expect(verdict(body({ id: "m", name: "", value: "v" }))).toBe(
      "operation_data.0.metadata_list.1.name: name is empty",
    );
    expect(verdict(body({ name: "n", value: "v" }))).toBe(
      "operation_data.0.metadata_list.1.id: id must be a string",
    );
  });

  it("takes a string, a number or null as value, nothing else", () => {
    const withValue = (value: unknown) => ({
      operation_data: [entry("doc-a", { metadata_list: [{ id: "m", name: "n", value }] })],
    });
    for (const value of ["", "text", 0, -3.5, null]) expect(verdict(withValue(value))).toBe("ok");
    for (const value of [true, [], {}, undefined]) {
      expect(verdict(withValue(value))).toBe(
        "operation_data.0.metadata_list.0.value: value must be a string, a number or null",
      );
    }
  });

  it("requires partial_update to be a boolean when given", () => {
    expect(verdict({ operation_data: [entry("doc-a", { partial_update: "true" })] })).toBe(
      "operation_data.0.partial_update: partial_update must be true or false",
    );
  });

  it("refuses a document listed twice, naming the second entry", () => {
    expect(verdict({ operation_data: [entry("doc-a"), entry("doc-b"), entry("doc-a")] })).toBe(
      "operation_data.2.document_id: document doc-a appears more than once",
    );
  });
});
