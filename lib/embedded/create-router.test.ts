import { describe, expect, it } from "vitest";
import { createRouter, type EmbeddedRoute } from "./create-router";

const handle = () => undefined;
const routes: EmbeddedRoute[] = [
  { method: "GET", path: "/v1/form/human_input/:token", access: "app", handle },
  { method: "POST", path: "/v1/form/human_input/:token", access: "app", handle },
  { method: "GET", path: "/v1/a/:x/b/:y", access: "dataset", handle },
  { method: "GET", path: "/_embedded/health", access: "open", handle },
];
const router = createRouter(routes);

describe("createRouter", () => {
  it("finds a route by method and path and hands over its decoded segments", () => {
    const found = router.lookup("POST", "/v1/form/human_input/a%2Fb");
    expect(found.route).toBe(routes[1]);
    expect("params" in found && found.params).toEqual({ token: "a/b" });
    expect(
      "params" in router.lookup("GET", "/v1/a/1/b/2") && router.lookup("GET", "/v1/a/1/b/2"),
    ).toMatchObject({ params: { x: "1", y: "2" } });
  });

  it("tells a path held for another method (405) from an unknown one (404)", () => {
    expect(router.lookup("DELETE", "/v1/form/human_input/t")).toEqual({
      route: null,
      pathExists: true,
    });
    expect(router.lookup("GET", "/v1/form/human_input")).toEqual({
      route: null,
      pathExists: false,
    });
    // A segment matches one path segment only, and literal text is literal.
    expect(router.lookup("GET", "/v1/form/human_input/a/b").route).toBeNull();
    expect(router.lookup("GET", "/_embedded/healthz").route).toBeNull();
  });

  it("treats a segment that does not decode as a path it does not hold", () => {
    expect(router.lookup("GET", "/v1/form/human_input/%E0%A4%A")).toEqual({
      route: null,
      pathExists: false,
    });
  });
});
