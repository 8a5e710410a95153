import "server-only";
import { Readable } from "node:stream";

const CRLF = "\r\n";

/**
 * The multipart body the upstream gets: a `user` part, then the file. A file up to
 * `smallFileBytes` goes as one buffer with its length (one write, not a chunked stream); a larger
 * one is streamed as it comes. The closing boundary waits for `parsed`: a second file part in the
 * request must still be able to cancel the upload.
 */
export async function frameUploadBody(
  file: { filename: string; mimeType: string; chunks: AsyncIterable<Buffer, void> },
  options: { user: string; boundary: string; smallFileBytes: number; parsed: Promise<void> },
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
  const chunks = file.chunks[Symbol.asyncIterator]();
  const start: Buffer[] = [head];
  for (let startBytes = 0; startBytes <= options.smallFileBytes;) {
    const { value, done } = await chunks.next();
    if (done) {
      await options.parsed;
      return Buffer.concat([...start, tail]);
    }
    start.push(value);
    startBytes += value.length;
  }
  async function* streamed() {
    yield Buffer.concat(start);
    for (;;) {
      const { value, done } = await chunks.next();
      if (done) break;
      yield value;
    }
    await options.parsed;
    yield tail;
  }
  return Readable.from(streamed(), { objectMode: false });
}
