import "server-only";
import { getEnv } from "@/lib/server/env";
import type { Readable } from "node:stream";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { ApiError } from "@/lib/errors/api-error";
import { MAX_EXTENSION_LENGTH } from "@/lib/dify/browser-schemas";
import { uploadExtensionOf } from "@/lib/files/file-extension";

export type FilePart = { stream: Readable; filename: string; mimeType: string };

const notMultipart = () => ApiError.of("invalid_param", "The upload is not valid multipart data.");
const noName = () => ApiError.of("filename_not_exists_error", "The file has no name.");
const tooManyParts = () =>
  ApiError.of("payload_too_large", "The upload has more or larger parts than this app accepts.");

function nameRefusal(filename: string): ApiError | undefined {
  if (!filename.trim()) return noName();
  // The parser keeps directory parts so that such a name is refused, not silently cut.
  if (/[/\\]/.test(filename))
    return ApiError.of("invalid_param", "The file name must not contain / or \\.");
  if (uploadExtensionOf(filename).length > MAX_EXTENSION_LENGTH) {
    return ApiError.of("invalid_param", "The file name's extension is too long.");
  }
}

/**
 * Hands a multipart body's `file` part to `onPart`, drops every other part, and tells `fail` of
 * each refusal. `parsed` settles once the body is read or `stop` is called; `stop` leaves the rest
 * of the body unread (Node then closes the connection).
 */
export function readFilePart(
  input: Readable,
  contentType: string,
  on: { onPart: (part: FilePart) => void; fail: (error: ApiError) => void },
) {
  const { uploadMaxFields, uploadMaxFieldBytes, uploadMaxParts } = getEnv().limits;
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { "content-type": contentType },
      preservePath: true,
      limits: { fields: uploadMaxFields, fieldSize: uploadMaxFieldBytes, parts: uploadMaxParts },
    });
  } catch {
    throw notMultipart();
  }
  let found = false;
  let markParsed!: () => void;
  const parsed = new Promise<void>((resolve) => (markParsed = resolve));
  const refuseParts = () => on.fail(tooManyParts());

  parser.on("file", (field, stream, name, _encoding, mimeType) => {
    if (field !== "file") return void stream.resume();
    const filename = name ?? "";
    const refusal = found
      ? ApiError.of("too_many_files", "Only one file can be uploaded at a time.")
      : nameRefusal(filename);
    found = true;
    if (refusal) {
      stream.resume();
      return on.fail(refusal);
    }
    on.onPart({ stream, filename, mimeType: mimeType || "application/octet-stream" });
  });
  // A `file` part without a file name (and not typed as bytes) arrives as a plain field.
  parser.on("field", (field, _value, nameTruncated, valueTruncated) => {
    if (field === "file") on.fail(noName());
    else if (valueTruncated || nameTruncated) refuseParts();
  });
  parser.on("partsLimit", refuseParts).on("fieldsLimit", refuseParts);
  parser.on("finish", () => {
    markParsed();
    if (!found) on.fail(ApiError.of("no_file_uploaded", "No file was uploaded."));
  });
  parser.on("error", () => on.fail(notMultipart()));
  input.on("error", () => on.fail(ApiError.of("invalid_param", "The upload was interrupted.")));
  input.pipe(parser);
  return {
    parsed,
    stop() {
      input.unpipe(parser);
      input.pause();
      parser.removeAllListeners("file");
      markParsed();
    },
  };
}
