import * as z from "zod/mini";
import type { UploadLimits } from "@/lib/files/upload-limits";

// The upload limits' schema, for the form's view as the server sends it; the limits themselves,
// without zod, are in lib/files/upload-limits.ts.

export const uploadLimitsSchema: z.ZodMiniType<UploadLimits> = z.object({
  /** Bytes per category. */
  imageBytes: z.number(),
  videoBytes: z.number(),
  audioBytes: z.number(),
  documentBytes: z.number(),
});
