import "server-only";
import { randomUUID } from "node:crypto";
import { errorResponse } from "@/lib/errors/api-error";
import { trackRequest } from "@/lib/server/graceful-shutdown";
import { observeRequest } from "@/lib/server/metrics";
import { requestContext, type RequestContext } from "@/lib/server/request-context";

const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

/**
 * Wraps a route handler: any throw becomes our error envelope, every response carries a request
 * id and `Cache-Control: no-store`, and one structured log line is written per request (route,
 * statuses, duration, id). NOTE: the line never holds keys, tokens, answers or file contents.
 */
export function handleRoute<C>(
  route: string,
  handler: (request: Request, context: C) => Promise<Response>,
) {
  return async (request: Request, context: C): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const store: RequestContext = { requestId, upstreamStatus: null, upstreamCalls: 0 };
    const started = performance.now();
    const observe = observeRequest(route, request.method);
    // In flight until the handler has answered, so a shutdown waits for it (streams are ended
    // separately: lib/server/open-streams).
    const done = trackRequest();
    return requestContext.run(store, async () => {
      let response: Response;
      let thrown: unknown;
      try {
        response = await handler(request, context);
      } catch (error) {
        thrown = error;
        response = errorResponse(error);
      } finally {
        done();
      }
      observe(response, thrown);
      response.headers.set("X-Request-Id", requestId);
      // API answers are data, never documents: nothing may run in them or frame them.
      response.headers.set("Content-Security-Policy", API_CSP);
      // NOTE: answers hold personal data and links: no cache may keep one. Set here, for every
      // route; a stream's own `no-store, no-transform` is kept.
      if (!NO_STORE.test(response.headers.get("Cache-Control") ?? "")) {
        response.headers.set("Cache-Control", "no-store");
      }
      console.info(
        JSON.stringify({
          level: "info",
          msg: "request",
          route,
          method: request.method,
          status: response.status,
          upstream_status: store.upstreamStatus,
          ...(store.upstreamCode !== undefined ? { upstream_code: store.upstreamCode } : {}),
          duration_ms: Math.round(performance.now() - started),
          request_id: requestId,
        }),
      );
      return response;
    });
  };
}
