import type { IncomingMessage, ServerResponse } from "node:http";
import { DifyError, humanInputV2NotServed, sendDifyError } from "./dify-error";
import type { RecordedCall } from "./record-calls";
import type { EmbeddedStore, Fault, OpenStream } from "./store";

// A JSON answer cut short, as from a proxy that gave up mid-body.
const MALFORMED_BODY = '{"form_content": ';
const CUT_AFTER_EVENTS = 2;

export interface FaultTarget {
  req: IncomingMessage;
  res: ServerResponse;
  store: EmbeddedStore;
  call: RecordedCall;
}

// Resolves true when the request should still be handled normally afterwards.
function waitUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      res.off("close", onClose);
      resolve(true);
    }, ms);
    res.once("close", onClose);
  });
}

// Lets the handler stream as usual, then destroys the connection right after the `count`th
// `data:` event has reached the socket: the client sees events, then an abrupt end.
function cutAfterDataEvents(
  res: ServerResponse,
  { count, onCut }: { count: number; onCut: () => void },
): void {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let seen = 0;
  let cut = false;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (cut) return false;
    const text =
      typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : "";
    if (!text.startsWith("data:") || ++seen < count) return write(chunk, ...rest);
    cut = true;
    onCut();
    return write(chunk, () => res.destroy());
  }) as typeof res.write;
  // A terminal event may be the cut one: its end() must not complete the stream cleanly.
  res.end = ((...args: unknown[]) => (cut ? res : end(...args))) as typeof res.end;
}

// Lets the handler answer as usual, but a 200 goes out with no body at all, as older servers
// answer some updates.
function emptyOkBody(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let strip = false;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    if (status !== 200) return writeHead(status, ...rest);
    strip = true;
    return writeHead(200, { "Content-Length": "0" });
  };
  res.end = ((...args: unknown[]) => (strip ? end() : end(...args))) as typeof res.end;
}

// Lets the handler do its work (a submission is recorded), then a 200 goes out as a 500, as from
// a server whose step after the write fails (the resume's enqueue) or a proxy that gave up.
function failAfterWrite(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let fail = false;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    if (status !== 200) return writeHead(status, ...rest);
    fail = true;
    return res;
  };
  res.end = ((...args: unknown[]) => {
    if (!fail) return end(...args);
    res.writeHead = writeHead;
    res.end = end as typeof res.end;
    sendDifyError(res, new DifyError(500, "internal_server_error", "Internal Server Error"));
    return res;
  }) as typeof res.end;
}

// 200 event-stream headers, then nothing at all (not even pings) until the client goes away.
function openSilentStream(res: ServerResponse, store: EmbeddedStore): void {
  res.writeHead(200, {
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
  });
  res.flushHeaders();
  const handle: OpenStream = {
    drop() {
      store.streamClosed(handle);
      res.destroy();
    },
  };
  store.streamOpened(handle);
  res.once("close", () => store.streamClosed(handle));
}

// Applies a fault to a /v1 request before routing (so before auth). Returns true when the
// request should then be handled normally (delay, cut_stream), false when the fault answered it.
export async function applyFault(fault: Fault, target: FaultTarget): Promise<boolean> {
  const { req, res, store, call } = target;
  switch (fault.kind) {
    case "delay":
      // A client that gives up during the delay gets nothing; the call is logged with status 0.
      return waitUnlessClosed(res, fault.delay_ms ?? 0);
    case "status500":
      req.resume();
      sendDifyError(res, new DifyError(500, "internal_server_error", "Internal Server Error"));
      return false;
    case "status501":
      req.resume();
      sendDifyError(res, humanInputV2NotServed());
      return false;
    case "malformed":
      req.resume();
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(MALFORMED_BODY),
      });
      res.end(MALFORMED_BODY);
      return false;
    case "drop":
      call.unanswered();
      req.socket.destroy();
      return false;
    case "hang":
      // Read the body so the request counts as complete (no 408 from Node's request timeout),
      // then never answer. Nothing else is held: the socket goes when the client disconnects or
      // when close() calls closeAllConnections().
      call.unanswered();
      req.resume();
      return false;
    case "silent_stream":
      req.resume();
      openSilentStream(res, store);
      return false;
    case "cut_stream":
      cutAfterDataEvents(res, { count: CUT_AFTER_EVENTS, onCut: () => call.unanswered() });
      return true;
    case "empty_ok":
      emptyOkBody(res);
      return true;
    case "json":
      req.resume();
      res.writeHead(fault.status ?? 200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(fault.body));
      return false;
    case "status500_after_write":
      failAfterWrite(res);
      return true;
  }
}
