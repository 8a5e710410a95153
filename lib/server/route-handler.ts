import "server-only";
import { randomUUID } from "node:crypto";
import { parse as parseOwn, type $ZodType, type input, type output } from "zod/v4/core";
import { ApiError, parseInput, toApiError } from "@/lib/errors/api-error";
import type { RouteContract } from "@/lib/routes/route-contract";
import { readJsonBody } from "@/lib/server/read-json-body";
import { trackRequest } from "@/lib/server/ops/graceful-shutdown";
import { observeRequest } from "@/lib/server/ops/metrics";
import { requestContext, type RequestContext } from "@/lib/server/request-context";
import { requireOwnHost } from "@/lib/server/request-guards";
import { API_RESPONSE_HEADERS } from "@/lib/server/http/response-headers";
import { closeAfterLinger } from "@/lib/server/http/close-after-linger";

// Probes and scrapers call by the pod's address; these answer nothing a rebound page could use.
const ANY_HOST_ROUTES: ReadonlySet<string> = new Set(["/api/health", "/api/ready", "/api/metrics"]);

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;
const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

/**
 * Wraps a handler: error envelope, request id, API headers, shutdown tracking, a log line. The
 * function keeps its `route` (the folder it must be exported from: a test checks).
 */
export function handleRoute<C>(
  route: string,
  handler: (request: Request, context: C) => Promise<Response> | Response,
) {
  const handle = async (request: Request, context: C): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const store: RequestContext = { requestId, upstreamStatus: null };
    const started = performance.now();
    const observe = observeRequest(route, request.method);
    // Streams are ended separately on shutdown (the open-stream registry).
    const done = trackRequest();
    return requestContext.run(store, async () => {
      let response: Response;
      let failed: ApiError | undefined;
      try {
        if (!ANY_HOST_ROUTES.has(route)) requireOwnHost(request);
        response = await handler(request, context);
      } catch (error) {
        failed = toApiError(error);
        response = failed.toResponse();
      } finally {
        done();
      }
      if (failed?.headers.Connection === "close") response = await closeAfterLinger(response);
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
          code: failed?.code,
          upstream_status: store.upstreamStatus,
          upstream_code: store.upstreamCode,
          upstream_message: store.upstreamMessage,
          token_name: store.caller,
          duration_ms: Math.round(performance.now() - started),
          request_id: requestId,
        }),
      );
      return response;
    });
  };
  return Object.assign(handle, { route });
}

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
const METHODS: readonly Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
type NextContext = { params: Promise<Record<string, string | string[]>> };
type RouteFn = (request: Request, context: NextContext) => Promise<Response>;
type Parsed<S> = S extends $ZodType ? output<S> : undefined;

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

export type Endpoint = { contract: RouteContract; run: RouteFn };

/** A method: `before`, params and query, `guard`, then the handler, its value through `answer`. */
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
 * A route file's exports: HEAD with GET, and 405 with `Allow` for every other method, OPTIONS too
 * (Next's own answers have neither the envelope, the headers nor the log line).
 */
export function defineRoute(...endpoints: [Endpoint, ...Endpoint[]]): Record<Method, RouteFn> {
  const { path } = endpoints[0].contract;
  const methods = endpoints.map((e) => e.contract.method);
  const allowed = methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method]));
  const runs = new Map<Method, RouteFn>(endpoints.map((e) => [e.contract.method, e.run]));
  const get = runs.get("GET");
  if (get) runs.set("HEAD", get);
  const refuse = () => {
    const error = ApiError.of("method_not_allowed", `This route takes ${allowed.join(", ")} only.`);
    error.headers.Allow = allowed.join(", ");
    throw error;
  };
  return Object.fromEntries(
    METHODS.map((method) => [method, handleRoute(path, runs.get(method) ?? refuse)]),
  ) as Record<Method, ReturnType<typeof handleRoute<NextContext>>>;
}
