import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAdminRoute } from "./admin-routes";
import { ADMIN_TOKEN_HEADER, adminTokenMatches, newAdminToken } from "./admin-token";
import { ApiError, sendError } from "./api-error";
import { applyFault } from "./apply-fault";
import {
  getHumanInputForm,
  getParameters,
  runWorkflow,
  sendChatMessage,
  streamWorkflowEvents,
  submitHumanInputForm,
} from "./app-routes";
import { getSegment, updateDocumentsMetadata } from "./dataset-routes";
import { DEFAULT_SYSTEM_PARAMETERS } from "./demo-apps";
import type { SystemParameters } from "./demo-apps";
import { createDemoDatasets } from "./demo-datasets";
import { EMBEDDED_KEYS } from "./demo-keys";
import { handleUpload } from "./handle-upload";
import { recordCalls } from "./record-calls";
import { RunEngine } from "./run-engine";
import type { EmbeddedConfig, ServerContext } from "./server-context";
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

interface RouteArgs {
  ctx: ServerContext;
  app: AppKind;
  params: string[];
  query: URLSearchParams;
  req: IncomingMessage;
  res: ServerResponse;
}

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  auth: "app" | "dataset";
  handle(args: RouteArgs): void | Promise<void>;
}

const param = (params: string[], index: number): string => params[index] ?? "";

const ROUTES: Route[] = [
  {
    method: "GET",
    pattern: /^\/parameters$/,
    auth: "app",
    handle: (a) => getParameters(a.ctx, a.app, a.res),
  },
  {
    method: "POST",
    pattern: /^\/files\/upload$/,
    auth: "app",
    handle: (a) => handleUpload(a.ctx, a.req, a.res),
  },
  {
    method: "POST",
    pattern: /^\/workflows\/run$/,
    auth: "app",
    handle: (a) => runWorkflow(a.ctx, a.app, a.req, a.res),
  },
  {
    method: "POST",
    pattern: /^\/chat-messages$/,
    auth: "app",
    handle: (a) => sendChatMessage(a.ctx, a.app, a.req, a.res),
  },
  {
    method: "GET",
    pattern: /^\/workflow\/([^/]+)\/events$/,
    auth: "app",
    handle: (a) => streamWorkflowEvents(a.ctx, a.app, param(a.params, 0), a.query, a.res),
  },
  {
    method: "GET",
    pattern: /^\/form\/human_input\/([^/]+)$/,
    auth: "app",
    handle: (a) => getHumanInputForm(a.ctx, a.app, param(a.params, 0), a.res),
  },
  {
    method: "POST",
    pattern: /^\/form\/human_input\/([^/]+)$/,
    auth: "app",
    handle: (a) => submitHumanInputForm(a.ctx, a.app, param(a.params, 0), a.req, a.res),
  },
  {
    method: "POST",
    pattern: /^\/datasets\/([^/]+)\/documents\/metadata$/,
    auth: "dataset",
    handle: (a) => updateDocumentsMetadata(a.ctx, param(a.params, 0), a.req, a.res),
  },
  {
    method: "GET",
    pattern: /^\/datasets\/([^/]+)\/documents\/([^/]+)\/segments\/([^/]+)$/,
    auth: "dataset",
    handle: (a) =>
      getSegment(a.ctx, param(a.params, 0), param(a.params, 1), param(a.params, 2), a.res),
  },
];

const APP_KEYS: Record<string, AppKind> = {
  [EMBEDDED_KEYS.workflowApp]: "workflow",
  [EMBEDDED_KEYS.chatflowApp]: "chatflow",
};

function unauthorized(): ApiError {
  return new ApiError(401, "unauthorized", "Access token is invalid", {
    "WWW-Authenticate": 'Bearer realm="api"',
  });
}

function bearerKey(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match?.[1] ?? null;
}

function decodeParams(match: RegExpExecArray): string[] {
  try {
    return match.slice(1).map((p) => decodeURIComponent(p));
  } catch {
    throw new ApiError(404, "not_found", "The requested URL was not found on the server.");
  }
}

async function handleV1(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const subPath = url.pathname.slice("/v1".length) || "/";
  const candidates = ROUTES.map((route) => ({ route, match: route.pattern.exec(subPath) })).filter(
    (c) => c.match,
  );
  if (candidates.length === 0)
    throw new ApiError(404, "not_found", "The requested URL was not found on the server.");
  const chosen = candidates.find((c) => c.route.method === req.method);
  if (!chosen?.match)
    throw new ApiError(
      405,
      "method_not_allowed",
      "The method is not allowed for the requested URL.",
    );

  const key = bearerKey(req);
  const app = key ? APP_KEYS[key] : undefined;
  if (chosen.route.auth === "app" && !app) throw unauthorized();
  if (chosen.route.auth === "dataset" && key !== EMBEDDED_KEYS.dataset) throw unauthorized();

  await chosen.route.handle({
    ctx,
    app: app ?? "workflow",
    params: decodeParams(chosen.match),
    query: url.searchParams,
    req,
    res,
  });
}

// Admin routes anyone may use: the readiness probe, and the stand-in portal a browser opens.
const OPEN_ADMIN_ROUTES = new Set(["GET /_embedded/health", "GET /_embedded/portal"]);

/** Only requests to the service's own loopback name: a rebound DNS name is another Host. */
function requireOwnHost(req: IncomingMessage, port: number): void {
  const host = (req.headers.host ?? "").toLowerCase();
  if (![`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host)) {
    throw new ApiError(
      421,
      "misdirected_request",
      "This service answers only its own loopback host.",
    );
  }
}

function requireAdmin(ctx: ServerContext, req: IncomingMessage, pathname: string): void {
  const method = req.method ?? "GET";
  if (OPEN_ADMIN_ROUTES.has(`${method} ${pathname}`)) return;
  const token = req.headers[ADMIN_TOKEN_HEADER];
  if (!adminTokenMatches(typeof token === "string" ? token : undefined, ctx.adminToken)) {
    throw new ApiError(401, "unauthorized", "The admin routes need the service's admin token.");
  }
  // A cross-site form can send only form, multipart or text bodies without a preflight.
  if (method !== "GET" && !/^application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    throw new ApiError(415, "unsupported_media_type", "Admin writes must be application/json.");
  }
}

async function handleRequest(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://embedded.local");
  try {
    requireOwnHost(req, ctx.port);
    if (url.pathname.startsWith("/_embedded/")) {
      requireAdmin(ctx, req, url.pathname);
      const handled = await handleAdminRoute(ctx, req.method ?? "GET", url.pathname, req, res);
      if (!handled)
        throw new ApiError(404, "not_found", "The requested URL was not found on the server.");
      return;
    }
    if (url.pathname === "/v1" || url.pathname.startsWith("/v1/")) {
      const call = recordCalls(ctx.store, req, res, url.pathname);
      // Scripted faults come before routing and auth, like a failing proxy in front of Dify.
      const fault = ctx.store.takeFault(req.method ?? "GET", url.pathname);
      if (fault && !(await applyFault(fault, { req, res, store: ctx.store, call }))) return;
      await handleV1(ctx, req, res, url);
      return;
    }
    throw new ApiError(404, "not_found", "The requested URL was not found on the server.");
  } catch (error) {
    // Drain any unread body so the client reads our answer instead of a reset connection.
    if (!req.readableEnded) req.resume();
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof ApiError) return sendError(res, error);
    console.error("[embedded-dify] unhandled error", error);
    sendError(
      res,
      new ApiError(500, "internal_server_error", "The server encountered an internal error."),
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
    appUnavailable: false,
    systemParameters: { ...DEFAULT_SYSTEM_PARAMETERS, ...options.systemParameters },
  };
  const config: EmbeddedConfig = {
    ...defaults,
    systemParameters: { ...defaults.systemParameters },
  };

  let ctx: ServerContext | null = null;
  const server = createServer((req, res) => {
    if (!ctx) {
      sendError(res, new ApiError(503, "service_unavailable", "Starting up."));
      return;
    }
    void handleRequest(ctx, req, res);
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
  const store = createEmbeddedStore(createDemoDatasets(origin));
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
