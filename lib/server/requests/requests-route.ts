import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { REQUESTS_API } from "@/lib/requests/requests-api-contract";
import { requestContext } from "@/lib/server/request-context";
import { requirePortalToken } from "@/lib/server/request-guards";
import { endpoint, type RouteHandler } from "@/lib/server/route-handler";
import { listDecisions } from "@/lib/server/requests/list-decisions";
import { listRequests } from "@/lib/server/requests/list-requests";
import { registerRequest, toRequestView } from "@/lib/server/requests/register-request";
import { toDecisionView } from "@/lib/server/requests/to-decision-view";
import { storeConfigured } from "@/lib/server/store/store-configured";
import { withStore } from "@/lib/server/store/with-store";

type Api = typeof REQUESTS_API;

/** Off (404 `requests_off`) without a store, whoever asks; else a portal token is required. */
async function requireStoreAndPortalToken(request: Request): Promise<void> {
  if (!storeConfigured()) {
    throw ApiError.of(
      "requests_off",
      "This server keeps no requests: its operator has not configured a database (DATABASE_URL).",
    );
  }
  await requirePortalToken(request);
}

const HANDLERS: { [K in keyof Api]: RouteHandler<Api[K]> } = {
  register: async ({ readBody }) => {
    const registeredBy = requestContext.getStore()?.caller ?? "portal";
    const { request, created } = await registerRequest(await readBody(), registeredBy);
    const answer = REQUESTS_API.register.answer.parse({ request });
    return Response.json(answer, { status: created ? 201 : 200 });
  },
  list: async ({ query }) => {
    const page = await withStore("list_requests", (db) => listRequests(db, query));
    return { requests: page.requests.map(toRequestView), next_cursor: page.nextCursor };
  },
  decisions: async ({ query }) => {
    const since = query.since ? new Date(query.since) : undefined;
    const page = await withStore("list_decisions", (db) =>
      listDecisions(db, { since, cursor: query.cursor, limit: query.limit }),
    );
    return {
      decisions: page.decisions.map(toDecisionView),
      next_cursor: page.nextCursor,
    };
  },
};

/** A requests route's endpoint: its contract and handler behind the store and portal checks. */
export const requestsEndpoint = <K extends keyof Api>(name: K) =>
  endpoint(REQUESTS_API[name], HANDLERS[name], { before: requireStoreAndPortalToken });
