import { afterEach, describe, expect, it, vi } from "vitest";

// The framework floor the bench measures (app/api/bench-floor/route.ts): there only when the bench
// asks for it with BENCH_FLOOR_ROUTE=true, a 404 in every other deployment.

async function route(flag: string | undefined) {
  vi.resetModules();
  if (flag !== undefined) vi.stubEnv("BENCH_FLOOR_ROUTE", flag);
  return import("@/app/api/bench-floor/route");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("GET/POST /api/bench-floor", () => {
  it("is not there unless BENCH_FLOOR_ROUTE=true", async () => {
    for (const flag of [undefined, "", "false"]) {
      const { GET, POST } = await route(flag);
      const get = GET();
      expect(get.status).toBe(404);
      expect(await get.json()).toMatchObject({ status: 404, code: "not_found" });
      const post = await POST(new Request("http://app.test/api/bench-floor", { method: "POST" }));
      expect(post.status).toBe(404);
    }
  });

  it("answers a fixed small JSON when turned on, reading a posted body to its end", async () => {
    const { GET, POST } = await route("true");
    const get = GET();
    expect(get.status).toBe(200);
    expect(get.headers.get("content-type")).toBe("application/json");
    expect(await get.json()).toEqual({ status: "ok", floor: "framework" });

    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ < 3) controller.enqueue(new Uint8Array(1024));
        else controller.close();
      },
    });
    // `duplex` is required by Node for a streamed body, and missing from the DOM's RequestInit.
    const init = { method: "POST", body, duplex: "half" } as RequestInit;
    const post = await POST(new Request("http://app.test/api/bench-floor", init));
    expect(post.status).toBe(200);
    expect(pulled).toBe(4);
    expect(await post.json()).toEqual({ status: "ok", floor: "framework" });
  });

  it("reads the flag like every other flag of the environment", async () => {
    const { parseEnv } = await import("@/lib/server/env-schema");
    expect(parseEnv({}).benchFloorRoute).toBe(false);
    expect(parseEnv({ BENCH_FLOOR_ROUTE: "true" }).benchFloorRoute).toBe(true);
    expect(() => parseEnv({ BENCH_FLOOR_ROUTE: "yes" })).toThrow(/BENCH_FLOOR_ROUTE/);
  });
});
