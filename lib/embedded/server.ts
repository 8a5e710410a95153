import { createServer } from "node:http";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { ADMIN_ROUTES } from "./admin-routes";
import { ADMIN_TOKEN_HEADER, adminTokenMatches, newAdminToken } from "./admin-token";
import { APP_ROUTES } from "./app-routes";
import { applyFault } from "./apply-fault";
import { peekRequestUser } from "./peek-request-user";
import { createRouter, type RouteAccess, type RouteRequest } from "./create-router";
import { DATASET_LIST_ROUTES } from "./dataset-list-routes";
import { DATASET_ROUTES } from "./dataset-routes";
import { DEFAULT_SYSTEM_PARAMETERS } from "./demo-apps";
import type { SystemParameters } from "./demo-apps";
import { createDemoDatasets } from "./demo-datasets";
import { createDemoKnowledgeBases } from "./demo-knowledge-bases";
import { EMBEDDED_KEYS } from "./demo-keys";
import { DifyError, sendDifyError } from "./dify-error";
import { recordCalls } from "./record-calls";
import { RunEngine } from "./run-engine";
import type { EmbeddedConfig, ServerContext } from "./server-context";
import type { ServerGeneration } from "./file-types";
import { createEmbeddedStore } from "./store";
import type { AppKind, EmbeddedStore, ReplayMode, SnapshotStyle } from "./store";

export interface EmbeddedServerOptions {
  port?: number;
  host?: string;
  formTtlSeconds?: number;
  stepDelayMs?: number;
  pingIntervalMs?: number;
  idleTimeoutMs?: number;
  /** How reconnects replay runs started without a mode of their own (default `pubsub`). */
  replayMode?: ReplayMode;
  snapshotStyle?: SnapshotStyle;
  /** How files are typed and checked (default: the newest, `since-0.7`). */
  serverGeneration?: ServerGeneration;
  systemParameters?: Partial<SystemParameters>;
  /** Token the admin routes require; a random one per process when not given. */
  adminToken?: string;
}

export interface EmbeddedServer {
  // Base URL ending in /v1, as DIFY_API_BASE would be.
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
  store: EmbeddedStore;
  /** What admin requests send in the X-Embedded-Admin-Token header. */
  adminToken: string;
}

// One table for both areas: the Dify-compatible API under /v1 and the admin API under /_embedded.
const router = createRouter([
  ...APP_ROUTES,
  ...DATASET_ROUTES,
  ...DATASET_LIST_ROUTES,
  ...ADMIN_ROUTES,
]);

const APP_KEYS: Record<string, AppKind> = {
  [EMBEDDED_KEYS.workflowApp]: "workflow",
  [EMBEDDED_KEYS.chatflowApp]: "chatflow",
};

const notFound = (): DifyError =>
  new DifyError(404, "not_found", "The requested URL was not found on the server.");

function unauthorized(): DifyError {
  return new DifyError(401, "unauthorized", "Access token is invalid", {
    "WWW-Authenticate": 'Bearer realm="api"',
  });
}

function bearerKey(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] ?? null;
}

/** The app an `app` route runs for; a wrong or missing key is a 401 like Dify's. */
function requireKey(access: RouteAccess, req: IncomingMessage): AppKind {
  const key = bearerKey(req);
  const app = key ? APP_KEYS[key] : undefined;
  if (access === "app" && !app) throw unauthorized();
  if (access === "dataset" && key !== EMBEDDED_KEYS.dataset) throw unauthorized();
  return app ?? "workflow";
}

/** Only requests to the service's own loopback name: a rebound DNS name is another Host. */
function requireOwnHost(req: IncomingMessage, port: number): void {
  const host = (req.headers.host ?? "").toLowerCase();
  if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) {
    throw new DifyError(
      421,
      "misdirected_request",
      "This service answers only its own loopback host.",
    );
  }
}

function requireAdmin(ctx: ServerContext, req: IncomingMessage): void {
  const token = req.headers[ADMIN_TOKEN_HEADER];
  if (!adminTokenMatches(typeof token === "string" ? token : undefined, ctx.adminToken)) {
    throw new DifyError(401, "unauthorized", "The admin routes need the service's admin token.");
  }
  // A cross-site form can send only form, multipart or text bodies without a preflight.
  if (
    req.method !== "GET" &&
    !/^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")
  ) {
    throw new DifyError(415, "unsupported_media_type", "Admin writes must be application/json.");
  }
}

type Area = "v1" | "admin";

function areaOf(pathname: string): Area | null {
  if (pathname === "/v1" || pathname.startsWith("/v1/")) return "v1";
  if (pathname.startsWith("/_embedded/")) return "admin";
  return null;
}

async function handleRequest({
  ctx,
  req,
  res,
}: Pick<RouteRequest, "ctx" | "req" | "res">): Promise<void> {
  const url = new URL(req.url ?? "/", "http://embedded.local");
  const method = req.method ?? "GET";
  try {
    requireOwnHost(req, ctx.port);
    const area = areaOf(url.pathname);
    if (!area) throw notFound();
    if (area === "v1") {
      // /v1 calls are logged (the admin API's own are not), and scripted faults come before
      // routing and auth, like a failing proxy in front of Dify.
      const call = recordCalls({ store: ctx.store, req, res, path: url.pathname });
      const user = ctx.store.hasUserFaults() ? await peekRequestUser(req, url) : undefined;
      const fault = ctx.store.takeFault({ method, path: url.pathname, user });
      if (fault && !(await applyFault(fault, { req, res, store: ctx.store, call }))) return;
    }
    const found = router.lookup(method, url.pathname);
    // The admin token is checked before routing, so without it no admin path is revealed.
    if (area === "admin" && found.route?.access !== "open") requireAdmin(ctx, req);
    if (!found.route) {
      if (!found.pathExists) throw notFound();
      throw new DifyError(
        405,
        "method_not_allowed",
        "The method is not allowed for the requested URL.",
      );
    }
    const app = requireKey(found.route.access, req);
    await found.route.handle({ ctx, req, res, params: found.params, query: url.searchParams, app });
  } catch (error) {
    // Drain any unread body so the client reads our answer instead of a reset connection.
    if (!req.readableEnded) req.resume();
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof DifyError) return sendDifyError(res, error);
    console.error("[embedded-dify] unhandled error", error);
    sendDifyError(
      res,
      new DifyError(500, "internal_server_error", "The server encountered an internal error."),
    );
  }
}

// Starts the embedded Dify-compatible service; port 0 picks a free port.
export async function startEmbeddedServer(
  options: EmbeddedServerOptions = {},
): Promise<EmbeddedServer> {
  const host = options.host ?? "127.0.0.1";
  const defaults: EmbeddedConfig = {
    formTtlSeconds: options.formTtlSeconds ?? 3600,
    stepDelayMs: options.stepDelayMs ?? 250,
    pingIntervalMs: options.pingIntervalMs ?? 10_000,
    idleTimeoutMs: options.idleTimeoutMs ?? 300_000,
    replayMode: options.replayMode ?? "pubsub",
    snapshotStyle: options.snapshotStyle ?? "events",
    serverGeneration: options.serverGeneration ?? "since-0.7",
    olderMetadataServerFor: null,
    streamCloseStopsRunFor: null,
    resumedAnswerDroppedFor: null,
    appUnavailable: false,
    addedStartInputs: null,
    systemParameters: { ...DEFAULT_SYSTEM_PARAMETERS, ...options.systemParameters },
  };
  const config: EmbeddedConfig = {
    ...defaults,
    systemParameters: { ...defaults.systemParameters },
  };

  let ctx: ServerContext | null = null;
  const server = createServer((req, res) => {
    if (!ctx) {
      sendDifyError(res, new DifyError(503, "service_unavailable", "Starting up."));
      return;
    }
    void handleRequest({ ctx, req, res });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const store = createEmbeddedStore([
    ...createDemoDatasets(origin),
    ...createDemoKnowledgeBases(origin),
  ]);
  const engine = new RunEngine(store, () => config);
  const adminToken = options.adminToken ?? newAdminToken();
  ctx = { store, engine, config, defaults, origin, port, adminToken };

  return {
    url: `${origin}/v1`,
    origin,
    port,
    store,
    adminToken,
    close: () =>
      new Promise<void>((resolve, reject) => {
        engine.dispose();
        server.close((error) => (error ? reject(error) : resolve()));
        // Open SSE responses and hanging faults would otherwise keep close() waiting.
        server.closeAllConnections();
      }),
  };
}
