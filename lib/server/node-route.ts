import "server-only";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { toApiError } from "@/lib/errors/api-error";
import { API_RESPONSE_HEADERS, beginApiRequest } from "@/lib/server/api-request";
import type { RequestWithBody } from "@/lib/server/http";
import type { RequestView } from "@/lib/server/request-guards";

// The form routes are answered on Node's own request and response, in front of Next (see
// docs/decisions/021-form-routes-in-front-of-next.md): no web Request/Response, no web streams
// between the socket and the upstream. What they get is the same as Next's route handlers get from
// lib/server/route-handler.ts: the error envelope, the API headers, metrics, the shutdown's
// in-flight count and the log line (lib/server/api-request.ts).

/** Reads Node's (already lower-case) header table as a `Headers` would. */
class NodeHeaders {
  constructor(private readonly table: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.table[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  }
}

/** The request a form route's handler reads. */
export type NodeRequest = RequestView &
  RequestWithBody & {
    method: string;
    body: IncomingMessage;
    /** Aborted when the client goes away before the answer has ended. */
    readonly signal: AbortSignal;
  };

/** What a handler answers: a JSON body, or a stream it writes itself once the headers are out. */
export type NodeAnswer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; headers: Record<string, string>; stream: (res: ServerResponse) => void };

export type NodeRouteHandler<P> = (request: NodeRequest, params: P) => Promise<NodeAnswer>;

function toNodeRequest(req: IncomingMessage, res: ServerResponse): NodeRequest {
  let abort: AbortController | undefined;
  return {
    method: req.method ?? "GET",
    // Only the path and query are the client's; the origin is read from Host by the guards.
    url: `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`,
    headers: new NodeHeaders(req.headers),
    body: req,
    get signal() {
      if (!abort) {
        const controller = new AbortController();
        abort = controller;
        if (res.destroyed || !res.socket || res.socket.destroyed) controller.abort();
        else {
          res.once("close", () => {
            if (!res.writableFinished) controller.abort();
          });
        }
      }
      return abort.signal;
    },
  };
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** A form route: its handler's answer, or the envelope of what it threw, with the API headers. */
export function handleNodeRoute<P>(route: string, handler: NodeRouteHandler<P>) {
  return (req: IncomingMessage, res: ServerResponse, params: P): Promise<void> => {
    const api = beginApiRequest(route, req.method ?? "GET", req.headers["x-request-id"] as string);
    const common = { ...API_RESPONSE_HEADERS, "X-Request-Id": api.requestId };
    return api.run(async () => {
      let answer: NodeAnswer;
      let thrown: unknown;
      try {
        answer = await handler(toNodeRequest(req, res), params);
      } catch (error) {
        thrown = error;
        const known = toApiError(error);
        answer = { status: known.status, json: known.toJSON(), headers: known.headers };
      }
      if ("stream" in answer) {
        // A stream's body ends when its connection does (`Connection: close`, no chunked
        // framing): each event then leaves as it came, one write with no chunk head and tail
        // around it. A stream holds its connection to the end anyway.
        res.useChunkedEncodingByDefault = false;
        res.writeHead(answer.status, { ...common, ...answer.headers });
        // Sent at once: a stream's first bytes may be a while.
        res.flushHeaders();
        answer.stream(res);
      } else {
        sendJson(res, answer.status, answer.json, { ...common, ...answer.headers });
      }
      api.answered(answer.status, thrown);
    });
  };
}
