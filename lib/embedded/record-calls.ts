import type { IncomingMessage, ServerResponse } from "node:http";
import type { CallRecord, EmbeddedStore } from "./store";

export interface RecordedCall {
  // Marks the call as never (fully) answered: status 0, recorded now if it was not yet.
  unanswered(): void;
}

// Logs a /v1 call when its status line is written, so streams appear in the log as they open.
// A call whose connection closes before any status line is logged with status 0.
export function recordCalls({
  store,
  req,
  res,
  path,
}: {
  store: EmbeddedStore;
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
}): RecordedCall {
  let entry: CallRecord | null = null;
  const record = (status: number): void => {
    if (entry) return;
    const requestId = req.headers["x-request-id"];
    const cursor = req.headers["last-event-id"];
    entry = {
      method: req.method ?? "GET",
      path,
      status,
      at: Date.now(),
      ...(typeof requestId === "string" ? { request_id: requestId } : {}),
      // The event id a reconnecting stream sent, so a test can see it went on from there.
      ...(typeof cursor === "string" ? { last_event_id: cursor } : {}),
    };
    store.recordCall(entry);
  };

  const original = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (...args: unknown[]) => {
    record(Number(args[0]));
    return original(...args);
  };
  res.once("close", () => record(0));

  return {
    unanswered() {
      // A stream cut after its status line: the logged entry itself is corrected in place.
      if (entry) entry.status = 0;
      else record(0);
    },
  };
}
