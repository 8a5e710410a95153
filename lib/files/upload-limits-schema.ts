import * as z from "zod/mini";
import type { UploadLimits } from "@/lib/files/upload-limits";

// Apart from the limits themselves, which the page loads without zod.

export const uploadLimitsSchema: z.ZodMiniType<UploadLimits> = z.object({
  imageBytes: z.number(),
  videoBytes: z.number(),
  audioBytes: z.number(),
  documentBytes: z.number(),
});
