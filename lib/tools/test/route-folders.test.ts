import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A route names itself (logs, metrics, the browser's calls) by its contract's path; Next serves it
// by its folder. Each route Next's generated types list is imported, and every method it exports
// must carry that same path (so each comes from handleRoute: the envelope, the 405 with Allow).
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ROUTE_TYPES = path.join(ROOT, ".next/types/routes.d.ts");

function routeHandlerRoutes(): string[] {
  if (!existsSync(ROUTE_TYPES)) execFileSync("npx", ["next", "typegen"], { cwd: ROOT });
  const union = /type AppRouteHandlerRoutes = (.+)/.exec(readFileSync(ROUTE_TYPES, "utf8"))?.[1];
  return [...(union ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe("route files", () => {
  const routes = routeHandlerRoutes();

  it("are listed by Next's generated route types", () => {
    expect(routes).toContain("/api/ready");
  });

  it.each(routes)(
    "%s declares the path of its folder",
    async (route) => {
      const exported = (await import(path.join(ROOT, "app", route, "route.ts"))) as Record<
        string,
        { route?: string }
      >;
      const methods = Object.entries(exported).filter(([, value]) => typeof value === "function");
      // A method the route does not take is answered too (405 with Allow, or the API's 404), not
      // by Next's bare 405.
      expect(methods.map(([method]) => method)).toEqual(
        expect.arrayContaining(["GET", "POST", "PUT", "PATCH", "DELETE"]),
      );
      for (const [method, handler] of methods) expect(handler.route, method).toBe(route);
    },
    30_000,
  );
});
