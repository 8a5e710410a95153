import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import { createReadiness } from "@/lib/server/ops/readiness";

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const TIMES = { timeoutMs: 1_000, freshMs: 10_000, retryMs: 1_000 };

describe("createReadiness", () => {
  it("asks the upstream once and reuses a success for 10 s", async () => {
    const time = clock();
    const check = vi.fn().mockResolvedValue({});
    const readiness = createReadiness({ ...TIMES, check, now: time.now });
    expect(await readiness.get()).toEqual({ ready: true });
    time.advance(10_000);
    expect(await readiness.get()).toEqual({ ready: true });
    expect(check).toHaveBeenCalledTimes(1);
    time.advance(1);
    expect(await readiness.get()).toEqual({ ready: true });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("shares one check between callers that ask at the same time", async () => {
    const check = vi.fn().mockResolvedValue({});
    const readiness = createReadiness({ ...TIMES, check });
    await Promise.all([readiness.get(), readiness.get(), readiness.get()]);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("is not ready when the upstream does not answer within the time limit", async () => {
    const check = vi.fn(
      (signal: AbortSignal) =>
        new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("x")))),
    );
    const readiness = createReadiness({ ...TIMES, check, timeoutMs: 20 });
    expect(await readiness.get()).toEqual({
      ready: false,
      code: "upstream_timeout",
      message: "The workflow service did not answer in time.",
    });
  });

  it("names the reason without configuration, and re-checks a failure after a second", async () => {
    const time = clock();
    const check = vi
      .fn()
      .mockRejectedValueOnce(ApiError.of("upstream_unreachable", "http://10.0.0.5:5001 refused"))
      .mockRejectedValueOnce(ApiError.of("upstream_key_refused", "Bearer app-secret is invalid"))
      .mockResolvedValue({});
    const readiness = createReadiness({ ...TIMES, check, now: time.now });
    const first = await readiness.get();
    expect(first).toMatchObject({ ready: false, code: "upstream_unreachable" });
    expect(JSON.stringify(first)).not.toMatch(/10\.0\.0\.5|5001/);
    time.advance(500);
    expect(await readiness.get()).toMatchObject({ code: "upstream_unreachable" });
    expect(check).toHaveBeenCalledTimes(1);
    time.advance(500);
    const second = await readiness.get();
    expect(second).toMatchObject({ ready: false, code: "upstream_key_refused" });
    expect(JSON.stringify(second)).not.toMatch(/app-secret/);
    time.advance(1_000);
    expect(await readiness.get()).toEqual({ ready: true });
  });

  it("is not ready while the process shuts down, without asking the upstream", async () => {
    const check = vi.fn().mockResolvedValue({});
    const readiness = createReadiness({ ...TIMES, check, draining: () => true });
    expect(await readiness.get()).toMatchObject({ ready: false, code: "shutting_down" });
    expect(check).not.toHaveBeenCalled();
  });
});
