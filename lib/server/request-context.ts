import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "@/lib/server/ops/process-state";

// Per-request facts the log line needs but that are known deep in the call (the upstream's status).
export type RequestContext = {
  requestId: string;
  upstreamStatus: number | null;
  /** The `code` of an upstream 5xx body, which the caller never sees (it gets a 502). */
  upstreamCode?: string | null;
  /** An upstream refusal's own text (which the caller never sees), shortened. */
  upstreamMessage?: string | null;
  /** The name of the bearer token the request presented (never the token itself). */
  caller?: string;
};

// One store per process: the Dify client reads it from whichever copy of this module built it.
export const requestContext = processState(
  "request-context",
  () => new AsyncLocalStorage<RequestContext>(),
);

/** Notes facts of the request being answered, for its log line; outside a request, nothing. */
export function noteRequest(facts: Partial<Omit<RequestContext, "requestId">>): void {
  const context = requestContext.getStore();
  if (context) Object.assign(context, facts);
}
