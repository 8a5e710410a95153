import "server-only";
import type { Readable } from "node:stream";
import busboy from "busboy";
import type { ApiError } from "@/lib/errors/api-error";
import { getLimits } from "@/lib/server/limits";
import { uploadRefusal } from "@/lib/server/files/upload-refusal";

export type FilePart = { stream: Readable; filename: string; mimeType: string };

function nameRefusal(filename: string): ApiError | undefined {
  if (!filename.trim()) return uploadRefusal("noName");
  // Directory parts are kept by the parser so that such a name is refused, not silently cut.
  if (/[/\\]/.test(filename)) return uploadRefusal("pathInName");
}

/**
 * Reads a multipart body with busboy for its one `file` part, which goes to `onPart`; every other
 * part is dropped. `fail` hears each refusal: a second file, a nameless one, too many or too large
 * other parts, no file at all, a broken body. `parsed` settles once the body is read or `stop` is
 * called; `stop` leaves the rest of the body unread (Node then closes the connection).
 */
export function readFilePart(
  input: Readable,
  contentType: string,
  on: { onPart: (part: FilePart) => void; fail: (error: ApiError) => void },
) {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      preservePath: true,
      limits: {
        fields: getLimits().uploadMaxFields,
        fieldSize: getLimits().uploadMaxFieldBytes,
        parts: getLimits().uploadMaxParts,
      },
    });
  } catch {
    throw uploadRefusal("notValid");
  }
  let found = false;
  let markParsed!: () => void;
  const parsed = new Promise<void>((resolve) => (markParsed = resolve));
  const tooManyParts = () => on.fail(uploadRefusal("tooManyParts"));

  parser.on("file", (field, stream, info) => {
    if (field !== "file") return void stream.resume();
    const filename = info.filename ?? "";
    const refusal = found ? uploadRefusal("tooManyFiles") : nameRefusal(filename);
    found = true;
    if (refusal) {
      stream.resume();
      return on.fail(refusal);
    }
    on.onPart({
      stream,
      filename,
      mimeType: info.mimeType || "application/octet-stream",
    });
  });
  // A `file` part with an empty filename arrives as a plain field.
  parser.on("field", (field, _value, info) => {
    if (field === "file") on.fail(uploadRefusal("noName"));
    else if (info.valueTruncated || info.nameTruncated) tooManyParts();
  });
  parser.on("partsLimit", tooManyParts).on("fieldsLimit", tooManyParts);
  parser.on("close", () => {
    markParsed();
    if (!found) on.fail(uploadRefusal("noFile"));
  });
  parser.on("error", () => on.fail(uploadRefusal("notValid")));
  input.on("error", () => on.fail(uploadRefusal("interrupted")));
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
