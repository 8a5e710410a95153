import { describe, expect, it, vi } from "vitest";
import type { MetadataOperation } from "@/lib/dify/schemas";
import {
  applyInBatches,
  BATCH_BYTES,
  BATCH_DOCUMENTS,
  splitIntoBatches,
} from "@/lib/knowledge/metadata-batches";

const operation = (n: number, value: string | number = n): MetadataOperation => ({
  document_id: `doc-${n}`,
  metadata_list: [{ id: "meta-a", name: "a", value }],
  partial_update: true,
});
const operations = (count: number, value?: string) =>
  Array.from({ length: count }, (_, n) => operation(n, value));
const size = (batch: MetadataOperation[]) =>
  new TextEncoder().encode(JSON.stringify({ operation_data: batch })).length;

describe("splitIntoBatches", () => {
  it("puts at most 100 documents in a batch, in order", () => {
    const batches = splitIntoBatches(operations(250));
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat().map((o) => o.document_id)).toEqual(
      operations(250).map((o) => o.document_id),
    );
    expect(BATCH_DOCUMENTS).toBe(100);
  });

  it("keeps each request body within the byte bound, measured exactly", () => {
    // About 12 kB a document: a byte bound, not the count, closes each batch.
    const big = operations(120, "é".repeat(6000));
    const batches = splitIntoBatches(big);
    expect(batches.length).toBeGreaterThan(2);
    for (const batch of batches) expect(size(batch)).toBeLessThanOrEqual(BATCH_BYTES);
    // A batch is closed only when the next entry would not fit.
    const first = batches[0]!;
    expect(size([...first, big[first.length]!])).toBeGreaterThan(BATCH_BYTES);
    expect(batches.flat()).toHaveLength(120);
  });

  it("is exact at the bound", () => {
    const two = [operation(1), operation(2)];
    expect(splitIntoBatches(two, { documents: 10, bytes: size(two) })).toHaveLength(1);
    expect(splitIntoBatches(two, { documents: 10, bytes: size(two) - 1 })).toHaveLength(2);
  });

  it("gives no batch for no documents", () => {
    expect(splitIntoBatches([])).toEqual([]);
  });
});

describe("applyInBatches", () => {
  it("sends every batch in turn and reports every document updated", async () => {
    const send = vi.fn().mockResolvedValue({ result: "success" });
    const progress = vi.fn();
    const outcome = await applyInBatches(operations(205), send, progress);
    expect(send).toHaveBeenCalledTimes(3);
    expect(outcome).toEqual({
      updated: operations(205).map((o) => o.document_id),
      failed: null,
      notSent: [],
    });
    expect(progress).toHaveBeenLastCalledWith(3, 3);
  });

  it("stops at a failed batch and names what went, what failed and what was not sent", async () => {
    const refused = new Error("Document not found.");
    const send = vi
      .fn()
      .mockResolvedValueOnce({ result: "success" })
      .mockRejectedValueOnce(refused);
    const all = operations(250).map((o) => o.document_id);
    const outcome = await applyInBatches(operations(250), send);
    expect(send).toHaveBeenCalledTimes(2);
    expect(outcome.updated).toEqual(all.slice(0, 100));
    expect(outcome.failed).toEqual({ documents: all.slice(100, 200), error: refused });
    expect(outcome.notSent).toEqual(all.slice(200));
  });
});
