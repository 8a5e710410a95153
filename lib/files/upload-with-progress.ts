import { ApiClientError, readErrorResponse } from "@/lib/client/api-fetch";
import { uploadResultSchema } from "@/lib/form/form-api";
import type * as z from "zod/mini";

// Uploads use XMLHttpRequest rather than the fetch helper: fetch cannot report upload progress.
// Errors are the same ApiClientError with the server's `{code, message}`
// (docs/decisions/003-uploads-with-xhr-for-progress.md).

export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Where a file goes: an upload route of this app, with the headers it needs (a form's link). */
export type UploadTarget = { url: string; headers?: Record<string, string> };

export function uploadWithProgress(
  target: UploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.url);
    for (const [name, value] of Object.entries(target.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        let json: unknown;
        try {
          json = JSON.parse(xhr.responseText);
        } catch {
          json = undefined;
        }
        const parsed = uploadResultSchema.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new ApiClientError(
              xhr.status,
              "unexpected_response",
              "The server sent an unexpected answer.",
            ),
          );
        return;
      }
      const error = readErrorResponse(xhr.status, xhr.responseText);
      if (error.code !== "unexpected_response") {
        reject(error);
      } else if (xhr.status === 413) {
        // A proxy in front of the app refused the body before the app saw it.
        reject(new ApiClientError(413, "file_too_large", "The file is too large."));
      } else {
        reject(
          new ApiClientError(
            xhr.status,
            "unexpected_response",
            `The upload failed (status ${xhr.status}).`,
          ),
        );
      }
    };
    xhr.onerror = () =>
      reject(new ApiClientError(0, "network_error", "The connection failed during the upload."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
