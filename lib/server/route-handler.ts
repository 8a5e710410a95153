import "server-only";
import { randomUUID } from "node:crypto";
import { parse, type $ZodType, type input } from "zod/v4/core";
import { ApiError, errorResponse, toApiError } from "@/lib/errors/api-error";
import { EnvError } from "@/lib/server/env-schema";
import { trackRequest } from "@/lib/server/ops/graceful-shutdown";
import { observeRequest } from "@/lib/server/ops/metrics";
import { requestContext, type RequestContext } from "@/lib/server/request-context";
import { requireOwnHost } from "@/lib/server/request-guards";
import { API_RESPONSE_HEADERS } from "@/lib/server/http/response-headers";

// Every API route handler is wrapped here, so each answer gets the same checks, headers, log line
// and metrics.

/** Fails closed while the configuration is not valid; the variable is named in the log and by
 * /api/ready, not to every caller. */
function misconfigured(): ApiError {
  return ApiError.of(
    "server_misconfigured",
    "This server is not configured correctly. Its operator has been told.",
  );
}

/**
 * Routes an orchestrator or a scraper calls by the pod's address (Kubernetes probes and Docker's
 * HEALTHCHECK send `Host: <pod IP>:<port>`): exempt from the Host check. They hold no browser
 * credential and answer nothing a rebound page could use (metrics needs its bearer token anyway).
 */
const ANY_HOST_ROUTES: ReadonlySet<string> = new Set(["health", "ready", "metrics"]);

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;
const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

/**
 * Wraps a route handler: any throw becomes the error envelope, every response carries a request
 * id and the API headers, the request counts as in flight (a shutdown waits for it) until the
 * handler has answered, and one structured log line is written per request (route, statuses,
 * duration, id). NOTE: the line never holds keys, tokens, answers or file contents (a bearer token by its name only).
 */
export function handleRoute<C>(
  route: string,
  handler: (request: Request, context: C) => Promise<Response> | Response,
) {
  return async (request: Request, context: C): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const store: RequestContext = { requestId, upstreamStatus: null, upstreamCalls: 0 };
    const started = performance.now();
    const observe = observeRequest(route, request.method);
    // Streams are ended separately on shutdown (the open-stream registry).
    const done = trackRequest();
    return requestContext.run(store, async () => {
      let response: Response;
      // A failed request's code: its answer, its metrics and its log line all say it.
      let failed: ApiError | undefined;
      try {
        if (!ANY_HOST_ROUTES.has(route)) requireOwnHost(request);
        response = await handler(request, context);
      } catch (error) {
        failed = toApiError(error instanceof EnvError ? misconfigured() : error);
        response = errorResponse(failed);
      } finally {
        done();
      }
      response.headers.set("X-Request-Id", requestId);
      for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) {
        // A stream's own `no-store, no-transform` is kept.
        if (name === "Cache-Control" && NO_STORE.test(response.headers.get(name) ?? "")) continue;
        response.headers.set(name, value);
      }
      observe(response.status, failed?.code);
      console.info(
        JSON.stringify({
          level: "info",
          msg: "request",
          route,
          method: request.method,
          status: response.status,
          ...(failed ? { code: failed.code } : {}),
          upstream_status: store.upstreamStatus,
          ...(store.upstreamCode !== undefined ? { upstream_code: store.upstreamCode } : {}),
          ...(store.caller !== undefined ? { token_name: store.caller } : {}),
          duration_ms: Math.round(performance.now() - started),
          request_id: requestId,
        }),
      );
      return response;
    });
  };
}

/**
 * A route's JSON answer, parsed through the schema of its contract on the way out: only the
 * fields the contract names reach the browser, and the browser parses it with the same schema.
 */
export function jsonAnswer<S extends $ZodType>(
  schema: S,
  value: input<S>,
  init?: ResponseInit,
): Response {
  return Response.json(parse(schema, value), init);
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type RouteFn = (request: Request, context: unknown) => Promise<Response>;

/**
 * Handlers for every method a route does not take: 405 method_not_allowed in the envelope, with
 * `Allow`. Next answers an unexported method with an empty 405 and no `Allow`, so a route file
 * exports these beside its own (`export const { PUT, PATCH, DELETE } = otherMethods(...)`).
 * OPTIONS is left to Next, which answers it with `Allow`.
 */
export function otherMethods<const A extends readonly Method[]>(
  route: string,
  allowed: A,
): Record<Exclude<Method, A[number] | (A[number] extends "GET" ? "HEAD" : never)>, RouteFn> {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : [])];
  const refuse = handleRoute<unknown>(route, () => {
    const error = ApiError.of(
      "method_not_allowed",
      `This route takes ${allowed.join(" and ")} only.`,
    );
    error.headers.Allow = allowed.join(", ");
    throw error;
  });
  return Object.fromEntries(
    METHODS.filter((method) => !allow.includes(method)).map((method) => [method, refuse]),
  ) as never;
}
