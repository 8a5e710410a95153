import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerContext } from "./server-context";
import type { AppKind } from "./store";

/**
 * Who may call a route: anyone (`open`), holders of the admin token (`admin`), an app's key
 * (`app`) or the dataset key (`dataset`). server.ts checks it before the handler runs.
 */
export type RouteAccess = "open" | "admin" | "app" | "dataset";

/** Everything a handler gets, as one object. */
export interface RouteRequest {
  ctx: ServerContext;
  req: IncomingMessage;
  res: ServerResponse;
  /** The path's `:name` segments, decoded. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The app whose key the request carries (`workflow` on routes that take no app key). */
  app: AppKind;
}

export interface EmbeddedRoute {
  method: "GET" | "POST" | "DELETE";
  /** The whole path; a `:name` segment matches one path segment. */
  path: string;
  access: RouteAccess;
  handle(request: RouteRequest): void | Promise<void>;
}

/** A route for the method and path, or whether the path exists for another method (a 405). */
export type RouteLookup =
  { route: EmbeddedRoute; params: Record<string, string> } | { route: null; pathExists: boolean };

export interface Router {
  lookup(method: string, pathname: string): RouteLookup;
}

interface CompiledRoute {
  route: EmbeddedRoute;
  pattern: RegExp;
  names: string[];
}

function compile(route: EmbeddedRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}$`), names };
}

function decodeAll(values: string[]): string[] | null {
  try {
    return values.map((value) => decodeURIComponent(value));
  } catch {
    return null;
  }
}

/**
 * One table for the /v1 and the /_embedded routes. A table of our own rather than a framework's
 * router: handlers write to node's ServerResponse directly (SSE, streamed uploads) and the faults
 * rewrap or destroy that response, which a Request/Response router would have to step around on
 * every route (docs/decisions/020-embedded-service-router.md).
 */
export function createRouter(routes: readonly EmbeddedRoute[]): Router {
  const compiled = routes.map(compile);
  return {
    lookup(method, pathname) {
      let pathExists = false;
      for (const { route, pattern, names } of compiled) {
        const match = pattern.exec(pathname);
        if (!match) continue;
        // A segment that does not decode names nothing we hold.
        const values = decodeAll(match.slice(1));
        if (!values) return { route: null, pathExists: false };
        pathExists = true;
        if (route.method !== method) continue;
        const params: Record<string, string> = {};
        names.forEach((name, index) => (params[name] = values[index] ?? ""));
        return { route, params };
      }
      return { route: null, pathExists };
    },
  };
}
