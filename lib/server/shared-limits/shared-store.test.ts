import { afterAll, expect, it, vi } from "vitest";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

// A copy that never reaches Redis (a wrong password, a wrong address) says so once, not once per
// reconnect.

afterAll(() => vi.unstubAllEnvs());

it("logs once that Redis was never reached, however often it retries", async () => {
  vi.stubEnv("REDIS_URL", "redis://127.0.0.1:1");
  vi.resetModules();
  forgetProcessState();
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const store = await import("@/lib/server/shared-limits/shared-store");
  await store.connectSharedStore();
  // ioredis retries every 200 ms, then more slowly: several failures within 1.5 s.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  store.sharedRedis()?.disconnect();
  const lines = warn.mock.calls.map(([line]) => String(line));
  expect(lines.filter((line) => line.includes("redis not reached"))).toHaveLength(1);
  expect(store.sharedLimitsState()).toBe("redis-unavailable");
});
