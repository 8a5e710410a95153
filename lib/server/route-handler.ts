import "server-only";
import { errorResponse } from "@/lib/errors/api-error";
import { API_RESPONSE_HEADERS, beginApiRequest } from "@/lib/server/api-request";

const NO_STORE = /(^|,)\s*no-store\s*(,|$)/i;

/**
 * Wraps a route handler of Next's: any throw becomes our error envelope, every response carries a
 * request id and the API headers (`Cache-Control: no-store` among them), and one structured log
 * line is written per request (lib/server/api-request.ts).
 */
export function handleRoute<C>(
  route: string,
  handler: (request: Request, context: C) => Promise<Response>,
) {
  return async (request: Request, context: C): Promise<Response> => {
    const api = beginApiRequest(route, request.method, request.headers.get("x-request-id"));
    return api.run(async () => {
      let response: Response;
      let thrown: unknown;
      try {
        response = await handler(request, context);
      } catch (error) {
        thrown = error;
        response = errorResponse(error);
      }
      response.headers.set("X-Request-Id", api.requestId);
      for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) {
        // A stream's own `no-store, no-transform` is kept.
        if (name === "Cache-Control" && NO_STORE.test(response.headers.get(name) ?? "")) continue;
        response.headers.set(name, value);
      }
      api.answered(response.status, thrown);
      return response;
    });
  };
}
