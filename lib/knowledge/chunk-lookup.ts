import { z } from "zod";
import {
  datasetIdSchema,
  documentIdSchema,
  pathIdSchema,
  segmentIdSchema,
  type PathIdMessages,
} from "@/lib/ids/path-ids";
import { notFoundSubject, type NotFoundSubject } from "@/lib/dify/not-found-subject";
import type { ErrorIssue } from "@/lib/errors/error-envelope";
import type { ErrorCode } from "@/lib/errors/error-code";

/** The route's own schemas: its English messages. */
export const chunkLookupSchema = z.object({
  datasetId: datasetIdSchema,
  documentId: documentIdSchema,
  segmentId: segmentIdSchema,
});
export type ChunkLookupValues = z.infer<typeof chunkLookupSchema>;
export type ChunkLookupField = keyof ChunkLookupValues;

export function buildChunkLookupSchema(checks: (what: NotFoundSubject) => PathIdMessages) {
  return z.object({
    datasetId: pathIdSchema(checks("dataset")),
    documentId: pathIdSchema(checks("document")),
    segmentId: pathIdSchema(checks("segment")),
  });
}

export const chunkLookupDefaults = (): ChunkLookupValues => ({
  datasetId: "",
  documentId: "",
  segmentId: "",
});

const FIELD_OF_SUBJECT: Record<NotFoundSubject, ChunkLookupField> = {
  dataset: "datasetId",
  document: "documentId",
  segment: "segmentId",
};
const SUBJECT_OF_PATH: Record<string, NotFoundSubject> = {
  dataset_id: "dataset",
  document_id: "document",
  segment_id: "segment",
};

export type LookupProblem = { field: ChunkLookupField; what: NotFoundSubject; message: string };

// Our own 400 names the id in `issues[].path` (`segment_id`), the upstream's 404 in its message.
export function lookupProblemOf(error: {
  status: number;
  code: ErrorCode;
  message: string;
  issues: readonly ErrorIssue[];
}): LookupProblem | null {
  if (error.code === "invalid_request") {
    for (const issue of error.issues) {
      const what = SUBJECT_OF_PATH[issue.path];
      if (what) return { field: FIELD_OF_SUBJECT[what], what, message: issue.message };
    }
    return null;
  }
  if (error.status !== 404) return null;
  const what = notFoundSubject(error.message);
  return what ? { field: FIELD_OF_SUBJECT[what], what, message: error.message } : null;
}
