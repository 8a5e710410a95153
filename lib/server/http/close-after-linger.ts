import "server-only";

// Long enough for a busy client to read its answer, short enough to hold nothing for long.
const LINGER_MS = 1000;

/**
 * `response` for a request whose body may be left unread: `Connection: close`, its body sent at
 * once, but the response ended (and the connection closed) only `lingerMs` later. Closing a
 * connection with unread bytes resets it, and a client that is still sending when the reset comes
 * fails its next write before it reads the answer. Nothing more is read meanwhile, so such a
 * client stalls on the full connection and reads the answer instead; then the close cuts it off.
 */
export async function closeAfterLinger(
  response: Response,
  lingerMs = LINGER_MS,
): Promise<Response> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set("Connection", "close");
  let timer: NodeJS.Timeout | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(body);
      timer = setTimeout(() => controller.close(), lingerMs);
    },
    cancel: () => clearTimeout(timer),
  });
  return new Response(stream, { status: response.status, headers });
}
