import type { MetadataOperation } from "@/lib/dify/schemas";

// Large selections go in batches (decision 040): at most BATCH_DOCUMENTS documents and
// BATCH_BYTES of JSON per request, well under the app's 1 MB body limit, sent one after another.

export const BATCH_DOCUMENTS = 100;
export const BATCH_BYTES = 512 * 1024;

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;
/** `{"operation_data":[` … `]}` around the entries, and a comma between two. */
const ENVELOPE_BYTES = bytesOf({ operation_data: [] });

export function splitIntoBatches(
  operations: readonly MetadataOperation[],
  limits = { documents: BATCH_DOCUMENTS, bytes: BATCH_BYTES },
): MetadataOperation[][] {
  const batches: MetadataOperation[][] = [];
  let current: MetadataOperation[] = [];
  let size = ENVELOPE_BYTES;
  for (const operation of operations) {
    const bytes = bytesOf(operation);
    // One more entry costs its bytes and the comma before it.
    const full = current.length >= limits.documents || size + bytes + 1 > limits.bytes;
    if (current.length > 0 && full) {
      batches.push(current);
      current = [];
      size = ENVELOPE_BYTES;
    }
    size += bytes + (current.length > 0 ? 1 : 0);
    current.push(operation);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Sends the batches one after another and stops at the first failure. */
export async function applyInBatches(
  operations: readonly MetadataOperation[],
  send: (batch: MetadataOperation[]) => Promise<unknown>,
  onBatch?: (done: number, total: number) => void,
) {
  const batches = splitIntoBatches(operations);
  const ids = (batch: MetadataOperation[]) => batch.map((operation) => operation.document_id);
  const updated: string[] = [];
  for (const [index, batch] of batches.entries()) {
    try {
      await send(batch);
    } catch (error) {
      return {
        updated,
        failed: { documents: ids(batch), error },
        notSent: batches.slice(index + 1).flatMap(ids),
      };
    }
    updated.push(...ids(batch));
    onBatch?.(index + 1, batches.length);
  }
  return { updated, failed: null, notSent: [] };
}
