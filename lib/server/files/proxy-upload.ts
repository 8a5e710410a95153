import "server-only";
import { getEnv } from "@/lib/server/env";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { UploadedFile } from "@/lib/dify/schemas";
import { toUploadLimits } from "@/lib/files/upload-limits";
import type { UploadAnswer } from "@/lib/files/upload-answer";
import { countUploadedBytes } from "@/lib/server/ops/metrics";
import { frameUploadBody } from "@/lib/server/files/frame-upload-body";
import { readFilePart, type FilePart } from "@/lib/server/files/read-file-part";
import { watchUploadBody } from "@/lib/server/files/watch-upload-body";

/**
 * Re-streams the browser's `file` part unbuffered, behind a `user` part the server chose; all else
 * is dropped. The limit is looked up only for a valid file part; the first refusal aborts the
 * upstream request and leaves the rest of the body unread.
 */
export async function proxyUpload(
  request: Request,
  user: string,
  options: {
    maxBytes: () => Promise<number>;
    idleTimeoutMs: number;
    timeoutMs: number;
    form?: boolean;
  },
): Promise<UploadedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType))
    throw ApiError.of("unsupported_media_type", "Send the file as multipart/form-data.");
  if (!request.body) throw ApiError.of("no_file_uploaded", "No file was uploaded.");
  const input = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  // randomUUID draws from a cached pool; randomBytes would ask the kernel on every upload.
  const boundary = `----HumanInputProxy${randomUUID().replaceAll("-", "")}`;
  const failure = new AbortController();

  return new Promise<UploadedFile>((resolve, reject) => {
    const fail = (error: ApiError) => {
      if (failure.signal.aborted) return;
      failure.abort(error);
      reject(input.readableEnded ? error : error.leavesBodyUnread());
    };
    const send = async (part: FilePart) => {
      const maxBytes = await options.maxBytes().catch(() => {
        throw ApiError.of(
          "upstream_unreachable",
          "The workflow service cannot be reached right now.",
        );
      });
      body.fileLimit(maxBytes);
      if (failure.signal.aborted) return;
      const framed = await frameUploadBody(part, {
        user,
        boundary,
        maxBytes,
        smallFileBytes: getEnv().limits.uploadSmallFileBytes,
        parsed: reader.parsed,
        refuse: fail,
      });
      if (failure.signal.aborted) return;
      const contentType = `multipart/form-data; boundary=${boundary}`;
      const file = await getDifyClient().uploadFile(framed, contentType, {
        signal: failure.signal,
        form: options.form,
      });
      body.stop();
      resolve(file);
    };
    const onPart = (part: FilePart) => {
      body.fileLimit(null);
      send(part).catch((error: unknown) =>
        fail(
          error instanceof ApiError
            ? error
            : ApiError.of("upstream_unreachable", "The upload failed."),
        ),
      );
    };
    // A body that is not multipart throws here, before anything watches it.
    const reader = readFilePart(input, contentType, { onPart, fail });
    const body = watchUploadBody(input, {
      idleTimeoutMs: options.idleTimeoutMs,
      timeoutMs: options.timeoutMs,
      allowanceBytes: getEnv().limits.uploadBodyAllowanceBytes,
      fail,
    });
    failure.signal.addEventListener("abort", () => (body.stop(), reader.stop()), { once: true });
  });
}

/** An upload route's work; `form` for a form's field (an upstream 501 then reads as the form's). */
export async function uploadAsUser(
  request: Request,
  user: string,
  { form = false }: { form?: boolean } = {},
): Promise<UploadAnswer> {
  // The per-category check stays with the upstream; this only stops a body past the largest.
  const maxBytes = async () => {
    const { getAppParametersCached } = getDifyClient();
    const parameters = await getAppParametersCached().catch(() => undefined);
    return Math.max(...Object.values(toUploadLimits(parameters?.system_parameters)));
  };
  const file = await proxyUpload(request, user, {
    maxBytes,
    idleTimeoutMs: getEnv().limits.UPLOAD_IDLE_TIMEOUT_MS,
    timeoutMs: getEnv().limits.UPLOAD_TIMEOUT_MS,
    form,
  });
  countUploadedBytes(file.size);
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    extension: file.extension ?? null,
    mimeType: file.mime_type ?? null,
  };
}
