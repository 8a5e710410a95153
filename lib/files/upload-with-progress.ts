import { ApiClientError } from "@/lib/client/api-client-error";
import type { UploadAnswer } from "@/lib/files/upload-answer";

// XMLHttpRequest rather than the fetch helper: fetch cannot report upload progress. Errors are
// the same ApiClientError with the server's `{code, message}`.

/** An upload route (its URL may wait for its contract to load), and who hears of refusals. */
export type UploadTarget = {
  url: string | Promise<string>;
  headers?: Record<string, string>;
  onRefused?: (error: ApiClientError) => void;
};

export async function uploadWithProgress(
  target: UploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadAnswer> {
  // The answer's reader (and its schemas, zod) loads while the file is sent, not with the page.
  const reader = import("@/lib/files/upload-result");
  const url = await target.url;
  const { status, body } = await new Promise<{ status: number; body: string }>(
    (resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      for (const [name, value] of Object.entries(target.headers ?? {}))
        xhr.setRequestHeader(name, value);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.responseType = "text";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
      xhr.onerror = () =>
        reject(new ApiClientError(0, "network_error", "The connection failed during the upload."));
      xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
      const form = new FormData();
      form.append("file", file, file.name);
      xhr.send(form);
    },
  );
  const { readUploadResponse } = await reader;
  return readUploadResponse(status, body);
}
