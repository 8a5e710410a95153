import { ApiClientError } from "@/lib/client/api-client-error";
import { parseJsonText, readErrorResponse } from "@/lib/client/api-fetch";
import { uploadAnswerSchema, type UploadAnswer } from "@/lib/files/upload-answer";

// Loaded with the first upload, not with the page: its schemas bring zod.

/** The uploaded file, or the ApiClientError an upload's answer (status and body text) means. */
export function readUploadResponse(status: number, body: string): UploadAnswer {
  if (status >= 200 && status < 300) {
    const parsed = uploadAnswerSchema.safeParse(parseJsonText(body));
    if (parsed.success) return parsed.data;
    throw new ApiClientError(
      status,
      "unexpected_response",
      "The server sent an unexpected answer.",
    );
  }
  const error = readErrorResponse(status, body);
  if (error.code !== "unexpected_response") throw error;
  // A proxy in front of the app refused the body before the app saw it.
  if (status === 413) throw new ApiClientError(413, "file_too_large", "The file is too large.");
  throw new ApiClientError(status, "unexpected_response", `The upload failed (status ${status}).`);
}
