import type { IncomingMessage } from "node:http";

// Enough for a JSON body's `user` or a multipart body's `user` part ahead of its file.
const PEEK_BYTES = 64 * 1024;
const MULTIPART_USER = /name="user"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)\r\n--/;

function userIn(prefix: Buffer, contentType: string, complete: boolean): string | undefined {
  const text = prefix.toString("utf8");
  if (/^multipart\/form-data/i.test(contentType)) return MULTIPART_USER.exec(text)?.[1];
  if (!/^application\/json/i.test(contentType) || !complete) return undefined;
  try {
    const body = JSON.parse(text) as unknown;
    const user = body && typeof body === "object" ? (body as { user?: unknown }).user : undefined;
    return typeof user === "string" ? user : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Dify `user` a request is made for, read before routing: its query's `user`, else its JSON
 * body's or its multipart body's `user` (within the body's first 64 KB). The bytes read are put
 * back, so the route reads the whole body as sent.
 */
export function peekRequestUser(req: IncomingMessage, url: URL): Promise<string | undefined> {
  const fromQuery = url.searchParams.get("user");
  if (fromQuery !== null) return Promise.resolve(fromQuery);
  const hasBody =
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;
  if (!hasBody || req.complete) return Promise.resolve(undefined);
  const contentType = req.headers["content-type"] ?? "";
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      req.off("readable", onReadable).off("error", onError);
      const prefix = Buffer.concat(chunks, size);
      // Synchronously after the last read(), so a body read to its end has not emitted `end` yet.
      if (size > 0) req.unshift(prefix);
      resolve(userIn(prefix, contentType, req.complete));
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= PEEK_BYTES) return finish();
      }
      if (req.complete) finish();
    };
    const onError = () => {
      req.off("readable", onReadable);
      resolve(undefined);
    };
    req.on("readable", onReadable).once("error", onError);
  });
}
