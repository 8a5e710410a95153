import "server-only";
import { randomUUID } from "node:crypto";
import { parse as parseOwn, type $ZodType, type input, type output } from "zod/v4/core";
import { ApiError, errorResponse, parseInput, toApiError } from "@/lib/errors/api-error";
import type { RouteContract } from "@/lib/routes/route-contract";
import { readJsonBody } from "@/lib/server/read-json-body";
import { EnvError } from "@/lib/server/env-schema";
import { trackRequest } from "@/lib/server/ops/graceful-shutdown";
import { observeRequest } from "@/lib/server/ops/metrics";
import { requestContext, type RequestContext } from "@/lib/server/request-context";
import { requireOwnHost } from "@/lib/server/request-guards";
import { API_RESPONSE_HEADERS } from "@/lib/server/http/response-headers";

/**
 * Routes probes and scrapers call by the pod's address (`Host: <pod IP>:<port>`): exempt from the
 * Host check, as they answer nothing a rebound page could use.
 */
const ANY_HOST_ROUTES: ReadonlySet<string> = new Set(["/api/health", "/api/ready", "/api/metrics"]);

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;
const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

/**
 * Wraps a route handler: any throw becomes the error envelope, every response carries a request
 * id and the API headers, a shutdown waits for it, and it writes one log line, which never holds
 * keys, tokens, answers or file contents.
 */
export function handleRoute<C>(
  route: string,
  handler: (request: Request, context: C) => Promise<Response> | Response,
) {
  return async (request: Request, context: C): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const store: RequestContext = { requestId, upstreamStatus: null };
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
        // The variable at fault is named in the log and by /api/ready, not to every caller.
        failed =
          error instanceof EnvError
            ? ApiError.of(
                "server_misconfigured",
                "This server is not configured correctly. Its operator has been told.",
              )
            : toApiError(error);
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

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: readonly Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** What Next passes a route handler: the path's params, whatever the route's folder. */
type NextContext = { params: Promise<Record<string, string | string[]>> };
type RouteFn = (request: Request, context: NextContext) => Promise<Response>;
type Parsed<S> = S extends $ZodType ? output<S> : undefined;

/** What a route's handler gets: the request, and its params and query parsed by the contract. */
export type RouteInput<C extends RouteContract> = {
  request: Request;
  params: Parsed<C["params"]>;
  query: Parsed<C["query"]>;
  /** The JSON body through the contract's schema, read when the handler asks (after its guards). */
  readBody: () => Promise<C["body"] extends $ZodType ? output<C["body"]> : unknown>;
};
type Answer<C extends RouteContract> = C["answer"] extends $ZodType
  ? input<C["answer"]> | Response
  : Response;

export type RouteHandler<C extends RouteContract, G = object> = (
  input: RouteInput<C> & G,
) => Promise<Answer<C>> | Answer<C>;

/** One method of a route: its contract and the handler that answers it. */
export type Endpoint = { contract: RouteContract; run: RouteFn };

/**
 * A route's method as its contract says: `before` runs first, then the params and query are
 * parsed, then `guard` turns them into what the handler needs besides (a verified link). A
 * handler's value is parsed through the contract's answer, so only the fields it names leave.
 */
export function endpoint<C extends RouteContract, G extends object = object>(
  contract: C,
  handler: RouteHandler<C, G>,
  options: {
    before?: (request: Request) => unknown;
    guard?: (request: Request, params: Parsed<C["params"]>) => G | Promise<G>;
  } = {},
): Endpoint {
  const parse = (schema: $ZodType | undefined, value: unknown): unknown =>
    schema ? parseInput(schema, value) : undefined;
  return {
    contract,
    run: async (request, context) => {
      await options.before?.(request);
      const params = parse(contract.params, await context.params) as Parsed<C["params"]>;
      // A repeated query parameter keeps its first value.
      const search: Record<string, string> = {};
      for (const [name, value] of new URL(request.url).searchParams) search[name] ??= value;
      const query = parse(contract.query, search);
      const extra = options.guard ? await options.guard(request, params) : ({} as G);
      const readBody = async () => {
        const json = await readJsonBody(request);
        return contract.body ? parseInput(contract.body, json) : json;
      };
      const input = { request, params, query, readBody, ...extra } as RouteInput<C> & G;
      const answer = await handler(input);
      if (answer instanceof Response) return answer;
      return Response.json(contract.answer ? parseOwn(contract.answer, answer) : answer, {
        status: contract.status ?? 200,
      });
    },
  };
}

/**
 * A route file's exports, from its endpoints (all of one path): HEAD with GET, and 405 with
 * `Allow` for every other method (Next's own 405 has neither envelope nor Allow).
 */
export function defineRoute(...endpoints: [Endpoint, ...Endpoint[]]): Record<Method, RouteFn> {
  const { path } = endpoints[0].contract;
  const allowed = endpoints.map((e) => e.contract.method);
  const runs = new Map<Method, RouteFn>(endpoints.map((e) => [e.contract.method, e.run]));
  const get = runs.get("GET");
  if (get) runs.set("HEAD", get);
  const refuse = () => {
    const error = ApiError.of(
      "method_not_allowed",
      `This route takes ${allowed.join(" and ")} only.`,
    );
    error.headers.Allow = allowed.join(", ");
    throw error;
  };
  return Object.fromEntries(
    METHODS.map((method) => [method, handleRoute(path, runs.get(method) ?? refuse)]),
  ) as Record<Method, RouteFn>;
}
