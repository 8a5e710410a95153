import "server-only";
import { Readable } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import type { FilePart } from "@/lib/server/files/read-file-part";

const CRLF = "\r\n";

/**
 * The multipart body the upstream gets: a `user` part, then the file. A file up to
 * `smallFileBytes` goes as one buffer with its length (one write, not a chunked stream); a larger
 * one is streamed as it comes. The closing boundary waits for `parsed`: a second file part in the
 * request must still be able to cancel the upload.
 *
 * A file past `maxBytes` is told to `refuse` with file_too_large, and the body ends unfinished (or
 * the promise rejects, before there is one): the refusal reaches the client, not whatever the
 * upstream request makes of a cut body. Either way the file's stream is left paused, not
 * destroyed, so the parser is not torn down under the answer.
 *
 * The chunks move by events, not by async iteration: promises per chunk cost a large upload more
 * than all else the proxy does with it.
 */
export function frameUploadBody(
  file: FilePart,
  options: {
    user: string;
    boundary: string;
    maxBytes: number;
    smallFileBytes: number;
    parsed: Promise<void>;
    refuse: (error: ApiError) => void;
  },
): Promise<Buffer | Readable> {
  const { boundary, user } = options;
  // Quotes and line breaks would end the header early; browsers escape them the same way.
  const filename = file.filename.replace(/"/g, "%22").replace(/\r|\n/g, " ");
  const head = Buffer.from(
    `--${boundary}${CRLF}Content-Disposition: form-data; name="user"${CRLF}${CRLF}${user}${CRLF}` +
      `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${filename}"${CRLF}` +
      `Content-Type: ${file.mimeType}${CRLF}${CRLF}`,
  );
  const tail = Buffer.from(`${CRLF}--${boundary}--${CRLF}`);
  const source = file.stream;

  return new Promise((resolve, reject) => {
    const start: Buffer[] = [head];
    let bytes = 0;
    let body: Readable | undefined;

    const detach = () => {
      source.off("data", onData).off("end", onEnd).off("error", fail);
      source.pause();
    };
    // Destroyed without an error: nothing may be listening yet, and the cause is told elsewhere
    // (the parser's own error, or `refuse`).
    function fail(error: Error) {
      detach();
      if (body) body.destroy();
      else reject(error);
    }
    function onData(chunk: Buffer) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) {
        const tooLarge = ApiError.of("file_too_large", "The file is larger than this app allows.");
        options.refuse(tooLarge);
        return fail(tooLarge);
      }
      if (body) {
        if (!body.push(chunk)) source.pause();
        return;
      }
      start.push(chunk);
      if (bytes <= options.smallFileBytes) return;
      // Past the small size: from here the upstream's reading paces the file.
      source.pause();
      body = new Readable({
        read: () => void source.resume(),
        destroy: (error, callback) => (detach(), callback(error)),
      });
      body.push(Buffer.concat(start));
      resolve(body);
    }
    function onEnd() {
      detach();
      void options.parsed.then(() => {
        if (!body) return resolve(Buffer.concat([...start, tail]));
        if (body.destroyed) return;
        body.push(tail);
        body.push(null);
      });
    }
    source.on("data", onData).once("end", onEnd).once("error", fail);
  });
}
