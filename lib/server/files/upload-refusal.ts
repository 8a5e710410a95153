import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-code";

/** Each way the upload proxy refuses a request: its code (the status comes from the code table). */
const REFUSALS = {
  notMultipart: ["unsupported_media_type", "Send the file as multipart/form-data."],
  notValid: ["invalid_param", "The upload is not valid multipart data."],
  interrupted: ["invalid_param", "The upload was interrupted."],
  noFile: ["no_file_uploaded", "No file was uploaded."],
  tooManyFiles: ["too_many_files", "Only one file can be uploaded at a time."],
  noName: ["filename_not_exists_error", "The file has no name."],
  pathInName: ["invalid_param", "The file name must not contain / or \\."],
  tooManyParts: ["payload_too_large", "The upload has more or larger parts than this app accepts."],
  bodyTooLarge: ["payload_too_large", "The upload is larger than this app allows."],
  fileTooLarge: ["file_too_large", "The file is larger than this app allows."],
  idle: ["request_timeout", "The upload stopped sending data."],
  limitUnknown: ["upstream_unreachable", "The workflow service cannot be reached right now."],
  upstreamFailed: ["upstream_unreachable", "The upload failed."],
} as const satisfies Record<string, readonly [ErrorCode, string]>;

export function uploadRefusal(kind: keyof typeof REFUSALS): ApiError {
  const [code, message] = REFUSALS[kind];
  return ApiError.of(code, message);
}
