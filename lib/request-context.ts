import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// Per-request facts the log line needs but that are known deep in the call (the upstream's status).
export type RequestContext = {
  requestId: string;
  upstreamStatus: number | null;
  upstreamCalls: number;
};

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Notes an upstream answer on the current request, for its log line. */
export function noteUpstreamStatus(status: number): void {
  const context = requestContext.getStore();
  if (context) {
    context.upstreamStatus = status;
    context.upstreamCalls++;
  }
}
