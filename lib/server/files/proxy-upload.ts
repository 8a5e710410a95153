import "server-only";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { UploadedFile } from "@/lib/dify/schemas";
import { MAX_EXTENSION_LENGTH } from "@/lib/dify/browser-schemas";
import { uploadExtensionOf } from "@/lib/files/detect-file-type";
import { largestSizeLimit, toUploadLimits } from "@/lib/files/upload-limits";
import type { UploadAnswer } from "@/lib/files/upload-answer";
import { getLimits } from "@/lib/server/limits";
import { countUploadedBytes } from "@/lib/server/ops/metrics";

// Re-streams the browser's multipart body to the upstream without buffering it: only the
// `file` part goes on, behind a `user` part the server chose. Anything else the browser sent
// (a `user` field included) is dropped.

const CRLF = "\r\n";

function dispositionName(name: string): string {
  // Quotes and line breaks would end the header early; browsers escape them the same way.
  return name.replace(/"/g, "%22").replace(/\r|\n/g, " ");
}

export async function proxyUpload(
  request: Request,
  user: string,
  options: { maxBytes: () => Promise<number>; idleTimeoutMs: number; form?: boolean },
): Promise<UploadedFile> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;/i.test(contentType)) {
    throw ApiError.of("unsupported_media_type", "Send the file as multipart/form-data.");
  }
  if (!request.body) throw ApiError.of("no_file_uploaded", "No file was uploaded.");
  const input = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // Keep directory parts so a name with separators can be refused rather than silently cut.
      preservePath: true,
      limits: {
        fields: getLimits().uploadMaxFields,
        fieldSize: getLimits().uploadMaxFieldBytes,
        parts: getLimits().uploadMaxParts,
      },
    });
  } catch {
    throw ApiError.of("invalid_param", "The upload is not valid multipart data.");
  }

  // randomUUID draws from a cached pool; randomBytes would ask the kernel on every upload.
  const boundary = `----HumanInputProxy${randomUUID().replaceAll("-", "")}`;
  const upstreamAbort = new AbortController();

  return new Promise<UploadedFile>((resolve, reject) => {
    let settled = false;
    let fileCount = 0;
    let parsed = false;
    let wakeTail: (() => void) | undefined;
    // The whole body's cap: the allowance until the file's limit is known, then that limit plus
    // the allowance; `null` while the limit is being looked up (backpressure holds the body).
    let bodyCap: number | null = getLimits().uploadBodyAllowanceBytes;
    let bodyBytes = 0;
    let idleTimer: NodeJS.Timeout | undefined;
    const finish = (error: ApiError | undefined, file?: UploadedFile) => {
      if (settled) return;
      settled = true;
      clearTimeout(idleTimer);
      wakeTail?.();
      if (error) {
        upstreamAbort.abort();
        // Stop reading and never drain: the answer goes out and Node closes the connection
        // with the rest of the body unread.
        input.unpipe(parser);
        input.pause();
        parser.removeAllListeners("file");
        reject(error);
      } else {
        resolve(file!);
      }
    };
    const refuseBody = () =>
      finish(ApiError.of("payload_too_large", "The upload is larger than this app allows."));
    // A body that sends nothing for a while is cut off, and the upstream request with it. Quiet
    // while this proxy holds the body back (backpressure from a slow upstream, or the size limit
    // being looked up) is not the client's silence: the timer starts over.
    const onIdle = () => {
      if (input.isPaused() || bodyCap === null) idleTimer?.refresh();
      else finish(ApiError.of("request_timeout", "The upload stopped sending data."));
    };
    const armIdle = () => {
      // Pushed back on every chunk: refresh() re-arms the same timer without a new one.
      if (idleTimer) idleTimer.refresh();
      else idleTimer = setTimeout(onIdle, options.idleTimeoutMs);
    };
    armIdle();
    input.on("data", (chunk: Buffer) => {
      if (settled) return;
      bodyBytes += chunk.length;
      if (bodyCap !== null && bodyBytes > bodyCap) refuseBody();
      else armIdle();
    });
    input.on("end", () => clearTimeout(idleTimer));

    const refuseParts = () =>
      finish(
        ApiError.of(
          "payload_too_large",
          "The upload has more or larger parts than this app accepts.",
        ),
      );
    parser.on("partsLimit", refuseParts);
    parser.on("fieldsLimit", refuseParts);

    parser.on("file", (field, stream, info) => void onFile(field, stream, info));

    // The size cap is looked up only once a valid file part arrives, so a refused request never
    // reaches the upstream at all.
    const onFile = async (field: string, stream: Readable, info: busboy.FileInfo) => {
      if (field !== "file") {
        stream.resume();
        return;
      }
      fileCount++;
      if (fileCount === 1) bodyCap = null;
      if (fileCount > 1) {
        stream.resume();
        finish(ApiError.of("too_many_files", "Only one file can be uploaded at a time."));
        return;
      }
      const filename = info.filename ?? "";
      if (!filename.trim()) {
        stream.resume();
        finish(ApiError.of("filename_not_exists_error", "The file has no name."));
        return;
      }
      if (/[/\\]/.test(filename)) {
        stream.resume();
        finish(ApiError.of("invalid_param", "The file name must not contain / or \\."));
        return;
      }
      if (uploadExtensionOf(filename).length > MAX_EXTENSION_LENGTH) {
        stream.resume();
        finish(new ApiError(400, "invalid_param", "The file name's extension is too long."));
        return;
      }

      let maxBytes: number;
      try {
        maxBytes = await options.maxBytes();
      } catch {
        stream.resume();
        finish(
          ApiError.of("upstream_unreachable", "The workflow service cannot be reached right now."),
        );
        return;
      }
      if (settled) return;
      bodyCap = maxBytes + getLimits().uploadBodyAllowanceBytes;
      if (bodyBytes > bodyCap) {
        refuseBody();
        return;
      }

      const head = Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="user"${CRLF}${CRLF}${user}${CRLF}` +
          `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${dispositionName(filename)}"${CRLF}` +
          `Content-Type: ${info.mimeType || "application/octet-stream"}${CRLF}${CRLF}`,
        "utf8",
      );
      const tail = Buffer.from(`${CRLF}--${boundary}--${CRLF}`, "utf8");
      let bytes = 0;
      const chunks = (stream as AsyncIterable<Buffer, undefined>)[Symbol.asyncIterator]();
      /** The file's next chunk, null at its end, undefined once it is over the limit. */
      const nextChunk = async (): Promise<Buffer | null | undefined> => {
        const { value, done } = await chunks.next();
        if (done) return null;
        bytes += value.length;
        if (bytes > maxBytes) {
          finish(ApiError.of("file_too_large", "The file is larger than this app allows."));
          return undefined;
        }
        return value;
      };
      // Hold the closing boundary until the whole request is read: a second file part must
      // still be able to cancel this upload.
      const untilParsed = () =>
        parsed ? Promise.resolve() : new Promise<void>((wake) => (wakeTail = wake));

      // The start of the file, up to SMALL_FILE_BYTES.
      const start: Buffer[] = [head];
      let startBytes = 0;
      let whole = false;
      // A small file is read whole and sent as one buffer with its length: one write to the
      // upstream instead of a chunked stream of several. Larger files are streamed from there on.
      while (startBytes <= getLimits().uploadSmallFileBytes) {
        const chunk = await nextChunk();
        if (chunk === undefined || settled) return;
        if (chunk === null) {
          whole = true;
          break;
        }
        start.push(chunk);
        startBytes += chunk.length;
      }

      let body: Buffer | Readable;
      if (whole) {
        await untilParsed();
        if (settled) return;
        body = Buffer.concat([...start, tail]);
      } else {
        // busboy's chunks go on as they are (no copy, no web stream in between): undici writes
        // each to the socket and lets it go; backpressure holds busboy, and busboy the body.
        async function* parts() {
          yield Buffer.concat(start);
          for (;;) {
            const chunk = await nextChunk();
            if (chunk === undefined) return;
            if (chunk === null) break;
            yield chunk;
          }
          await untilParsed();
          if (settled) return;
          yield tail;
        }
        body = Readable.from(parts(), { objectMode: false });
      }

      const { uploadFile } = getDifyClient();
      uploadFile(body, `multipart/form-data; boundary=${boundary}`, {
        signal: upstreamAbort.signal,
        form: options.form,
      }).then(
        (file) => finish(undefined, file),
        (error: unknown) =>
          finish(
            error instanceof ApiError
              ? error
              : ApiError.of("upstream_unreachable", "The upload failed."),
          ),
      );
    };

    // A `file` part with an empty filename arrives as a plain field.
    parser.on("field", (field, _value, info) => {
      if (field === "file") {
        finish(ApiError.of("filename_not_exists_error", "The file has no name."));
      } else if (info.valueTruncated || info.nameTruncated) {
        refuseParts();
      }
    });
    parser.on("close", () => {
      parsed = true;
      wakeTail?.();
      if (fileCount === 0) finish(ApiError.of("no_file_uploaded", "No file was uploaded."));
    });
    parser.on("error", () =>
      finish(ApiError.of("invalid_param", "The upload is not valid multipart data.")),
    );
    input.on("error", () => finish(ApiError.of("invalid_param", "The upload was interrupted.")));
    input.pipe(parser);
  });
}

/**
 * An upload route's work: the file streamed upstream as `user`, then what the browser needs.
 * `form`: for a form's field (the upload's 501 reads as the form's, dify-client.ts).
 */
export async function uploadAsUser(
  request: Request,
  user: string,
  { form = false }: { form?: boolean } = {},
): Promise<UploadAnswer> {
  // The per-category check stays with the upstream; this only stops a body past the largest.
  const maxBytes = async () => {
    const { getAppParametersCached } = getDifyClient();
    const parameters = await getAppParametersCached().catch(() => undefined);
    return largestSizeLimit(toUploadLimits(parameters?.system_parameters));
  };
  const file = await proxyUpload(request, user, {
    maxBytes,
    idleTimeoutMs: getLimits().UPLOAD_IDLE_TIMEOUT_MS,
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
