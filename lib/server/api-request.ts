import "server-only";
import { randomUUID } from "node:crypto";
import { trackRequest } from "@/lib/server/graceful-shutdown";
import { observeRequest } from "@/lib/server/metrics";
import { requestContext, type RequestContext } from "@/lib/server/request-context";

// What every API request gets, whichever server answers it (Next's route handlers through
// lib/server/route-handler.ts, the form routes through lib/server/node-route.ts): a request id,
// metrics, a place in the shutdown's in-flight count, the same response headers, and one log line.

/** Headers on every API answer. API answers are data, never documents: nothing may run in them or
 * frame them, no cache may keep one (they hold personal data and links), and a signed link in the
 * address must never travel on in a Referer. */
export const API_RESPONSE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

export type ApiRequest = {
  readonly requestId: string;
  /** Runs the handler with this request's context (the upstream client reads it). */
  run<T>(handler: () => T): T;
  /**
   * The handler has answered (a stream: its headers are out). Counts it, ends its in-flight
   * time and writes the log line; once. NOTE: the line never holds keys, tokens, answers or file
   * contents.
   */
  answered(status: number, thrown: unknown): void;
};

export function beginApiRequest(
  route: string,
  method: string,
  incomingRequestId: string | null | undefined,
): ApiRequest {
  const requestId =
    incomingRequestId && REQUEST_ID.test(incomingRequestId) ? incomingRequestId : randomUUID();
  const store: RequestContext = { requestId, upstreamStatus: null, upstreamCalls: 0 };
  const started = performance.now();
  const observe = observeRequest(route, method);
  // In flight until the handler has answered, so a shutdown waits for it (streams are ended
  // separately: lib/server/open-streams).
  const done = trackRequest();
  let over = false;
  return {
    requestId,
    run: (handler) => requestContext.run(store, handler),
    answered(status, thrown) {
      if (over) return;
      over = true;
      done();
      observe(status, thrown);
      console.info(
        JSON.stringify({
          level: "info",
          msg: "request",
          route,
          method,
          status,
          upstream_status: store.upstreamStatus,
          ...(store.upstreamCode !== undefined ? { upstream_code: store.upstreamCode } : {}),
          duration_ms: Math.round(performance.now() - started),
          request_id: requestId,
        }),
      );
    },
  };
}
