import { z } from "zod";
import { metadataOperationSchema } from "@/lib/dify/schemas";

export const MAX_METADATA_OPERATIONS = 1_000;

export const metadataUpdateRequestSchema = z.object(
  {
    operation_data: z
      .array(metadataOperationSchema, { error: "operation_data must be an array" })
      .min(1, "operation_data must hold at least one document")
      .max(
        MAX_METADATA_OPERATIONS,
        `operation_data may hold at most ${MAX_METADATA_OPERATIONS} documents`,
      )
      .superRefine((operations, ctx) => {
        // Real servers apply entries in order, so a document listed twice is ambiguous: refuse it.
        const seen = new Set<string>();
        operations.forEach((operation, index) => {
          if (seen.has(operation.document_id)) {
            ctx.addIssue({
              code: "custom",
              path: [index, "document_id"],
              message: `document ${operation.document_id} appears more than once`,
            });
          }
          seen.add(operation.document_id);
        });
      }),
  },
  { error: "the body must be a JSON object" },
);
export type MetadataUpdateRequest = z.infer<typeof metadataUpdateRequestSchema>;
