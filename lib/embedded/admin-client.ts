import type { z } from "zod";
import {
  adminResponses,
  type AdminResponse,
  type AdminRoute,
  type ConfigRequest,
  type CustomFormInput,
  type DemoRunRequest,
  type FaultInput,
  type TextChunksRequest,
} from "./admin-api";
import { ADMIN_TOKEN_HEADER } from "./admin-token";

// The one client of the admin API under /_embedded/, for the e2e fixtures, the CLI, the bench and
// the unit tests. Answers are read with the schemas the routes answer with (admin-api.ts).

export interface AdminClientOptions {
  /** The service's own origin, e.g. http://127.0.0.1:5001 (no /v1). */
  origin: string;
  /** Its admin token, or how to read it each time (a restarted service has a new one). */
  token: string | (() => string);
}

/** An admin request answered with another status than the route's own. */
export class AdminRequestError extends Error {
  readonly status: number;
  readonly body: string;

  constructor({ route, status, body }: { route: string; status: number; body: string }) {
    super(`${route}: ${status} ${body}`);
    this.status = status;
    this.body = body;
  }
}

interface AdminRequest {
  method?: "GET" | "POST" | "DELETE";
  /** JSON body; a POST without one sends `{}` (admin writes must be JSON). */
  body?: unknown;
}

export type AdminClient = ReturnType<typeof createAdminClient>;

const segment = (value: string): string => encodeURIComponent(value);

export function createAdminClient({ origin, token }: AdminClientOptions) {
  const tokenNow = typeof token === "function" ? token : () => token;

  /** Any admin path, answered as it is: for tests of the admin API's own errors. */
  function request(path: string, init: AdminRequest = {}): Promise<Response> {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const body = init.body ?? (method === "POST" ? {} : undefined);
    return fetch(`${origin}/_embedded${path}`, {
      method,
      headers: { "Content-Type": "application/json", [ADMIN_TOKEN_HEADER]: tokenNow() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A typed call: the route's own status, its answer read with its schema. */
  async function call<R extends AdminRoute>({
    route,
    path,
    body,
    status = 200,
  }: {
    route: R;
    path: string;
    body?: unknown;
    status?: number;
  }): Promise<AdminResponse<R>> {
    const method = route.slice(0, route.indexOf(" ")) as "GET" | "POST" | "DELETE";
    const response = await request(path, { method, body });
    if (response.status !== status) {
      throw new AdminRequestError({ route, status: response.status, body: await response.text() });
    }
    // The map's entry for R: zod cannot narrow a union of schemas by a generic key itself.
    const schema = adminResponses[route] as z.ZodType;
    return schema.parse(await response.json()) as AdminResponse<R>;
  }

  return {
    origin,
    request,

    health: () => call({ route: "GET health", path: "/health" }),

    /** The /v1 calls the service answered, oldest first (the admin API's own are not logged). */
    calls: async () => (await call({ route: "GET calls", path: "/calls" })).calls,
    clearCalls: () => call({ route: "DELETE calls", path: "/calls" }),

    /** How many event streams are open now. */
    openStreams: async () => (await call({ route: "GET streams", path: "/streams" })).open,
    /** Cuts open event streams: all of them, or only those following `runId`. */
    dropStreams: async ({ runId }: { runId?: string } = {}) =>
      (
        await call({
          route: "POST streams/drop",
          path: `/streams/drop${runId ? `?run=${segment(runId)}` : ""}`,
        })
      ).dropped,

    faults: async () => (await call({ route: "GET faults", path: "/faults" })).faults,
    /** Replaces the fault list. */
    setFaults: async (faults: FaultInput[]) =>
      (await call({ route: "POST faults", path: "/faults", body: { faults } })).faults,
    /** Appends faults in one step, beside whatever other tests have listed. */
    addFaults: async (faults: FaultInput[]) =>
      (await call({ route: "POST faults/add", path: "/faults/add", body: { faults } })).faults,
    /** Drops the faults under `path` (a path prefix), or all of them; with `user`, its only. */
    clearFaults: ({ path, user }: { path?: string; user?: string } = {}) => {
      const query = new URLSearchParams({ ...(path && { path }), ...(user && { user }) });
      return call({ route: "DELETE faults", path: `/faults${query.size ? `?${query}` : ""}` });
    },

    /** Starts a demo run and waits for its pause at a form. */
    startDemoRun: (body: DemoRunRequest) =>
      call({ route: "POST demo-runs", path: "/demo-runs", body }),
    /** Creates a form of the caller's design (inside a run with `with_run`). */
    createForm: (body: CustomFormInput) =>
      call({ route: "POST forms", path: "/forms", body, status: 201 }),
    form: (token: string) => call({ route: "GET forms/*", path: `/forms/${segment(token)}` }),

    /** The runs one user started. */
    runsOf: async (user: string) =>
      (await call({ route: "GET runs", path: `/runs?user=${segment(user)}` })).runs,
    run: (runId: string) => call({ route: "GET runs/*", path: `/runs/${segment(runId)}` }),
    /** Has a live run stream `count` stamped text chunks (for the benchmark). */
    emitTextChunks: ({ runId, ...body }: TextChunksRequest & { runId: string }) =>
      call({
        route: "POST runs/*/text-chunks",
        path: `/runs/${segment(runId)}/text-chunks`,
        body,
        status: 202,
      }),

    document: ({ datasetId, documentId }: { datasetId: string; documentId: string }) =>
      call({
        route: "GET datasets/*/documents/*",
        path: `/datasets/${segment(datasetId)}/documents/${segment(documentId)}`,
      }),

    /** Changes the settings given; answers them all. */
    configure: (body: ConfigRequest) => call({ route: "POST config", path: "/config", body }),
    /** Settings back to the start, call log and faults cleared. */
    reset: () => call({ route: "POST reset", path: "/reset" }),

    /** The stand-in portal page embedding `src` (an open route: a browser opens it). */
    portalUrl: ({ src, mode = "mount" }: { src: string; mode?: "mount" | "element" }) => {
      const query = new URLSearchParams({ src });
      if (mode === "element") query.set("mode", "element");
      return `${origin}/_embedded/portal?${query.toString()}`;
    },
  };
}
