import { randomBytes } from "node:crypto";

/**
 * The bytes around one file's content in a multipart/form-data body, so a body of any size can
 * be streamed between them. With `user`, a `user` field comes first, as Dify's upload takes it.
 */
export function multipartParts(options: { filename: string; user?: string }): {
  head: Buffer;
  tail: Buffer;
  contentType: string;
} {
  const boundary = `----BenchBoundary${randomBytes(8).toString("hex")}`;
  const userPart =
    options.user === undefined
      ? ""
      : `--${boundary}\r\nContent-Disposition: form-data; name="user"\r\n\r\n${options.user}\r\n`;
  return {
    head: Buffer.from(
      `${userPart}--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
        `filename="${options.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
