import "server-only";
import { getEnv } from "@/lib/server/env";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { MetadataOperation } from "@/lib/dify/schemas";
import { METADATA_NOT_FOUND, notFoundSubject } from "@/lib/dify/not-found-subject";
import { ApiError } from "@/lib/errors/api-error";

// Dify answers "Document not found" or "Metadata not found" without the id: the ids are looked up
// after the refusal (reads only), so the person sees which entry to fix.

async function unknownMetadata(datasetId: string, operations: MetadataOperation[]) {
  const known = new Set(
    (await getDifyClient().listMetadataFields(datasetId)).doc_metadata.map((f) => f.id),
  );
  return operations.flatMap((operation, index) =>
    operation.metadata_list.flatMap((entry, row) =>
      known.has(entry.id)
        ? []
        : {
            path: `operation_data.${index}.metadata_list.${row}.id`,
            message: `${entry.id} is not a metadata field of this dataset.`,
          },
    ),
  );
}

async function unknownDocuments(datasetId: string, operations: MetadataOperation[]) {
  if (operations.length > getEnv().limits.metadataNamingDocumentChecks) return [];
  const found = await Promise.all(
    operations.map((operation) => getDifyClient().documentExists(datasetId, operation.document_id)),
  );
  return operations.flatMap((operation, index) =>
    found[index]
      ? []
      : {
          path: `operation_data.${index}.document_id`,
          message: `${operation.document_id} is not a document of this dataset.`,
        },
  );
}

/** The upstream's refusal of a metadata update, with an issue naming each unknown id when found. */
export async function nameRefusedEntries(
  datasetId: string,
  operations: MetadataOperation[],
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.code !== "invalid_param" || error.issues?.length) {
    return error;
  }
  const text = error.upstreamText ?? "";
  const lookup =
    notFoundSubject(text) === "document"
      ? unknownDocuments
      : METADATA_NOT_FOUND.test(text)
        ? unknownMetadata
        : null;
  if (!lookup) return error;
  const issues = await lookup(datasetId, operations).catch(() => []);
  if (issues.length === 0) return error;
  const named = ApiError.of(error.code, error.message, issues);
  named.headers = error.headers;
  return named;
}
