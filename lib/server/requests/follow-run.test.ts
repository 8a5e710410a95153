import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import type { WaitingForm } from "@/lib/run/run-view";
import { initialRunView, type RunViewState } from "@/lib/run/run-view-state";
import { followRun, RunStillRunning } from "@/lib/server/requests/follow-run";
import { refreshRequest } from "@/lib/server/requests/refresh-request";
import { sweepWaiting } from "@/lib/server/requests/sweep-waiting";
import { findRequest, storeRequest } from "@/lib/server/requests/store-request";
import { emptiedStoreEachTest, STORE_BACKENDS } from "@/lib/tools/postgres/test-stores";

const waiting = (formToken: string): WaitingForm => ({
  formId: formToken,
  nodeId: `node-${formToken}`,
  nodeTitle: `Step ${formToken}`,
  formToken,
  channels: [],
  v2: false,
  answered: false,
});
const run = (state: Partial<RunViewState>): RunViewState => ({ ...initialRunView, ...state });
const submitted = new ApiError(412, "human_input_form_submitted", "submitted");
const expired = new ApiError(412, "human_input_form_expired", "expired");

describe.each(STORE_BACKENDS)("the store's jobs on $name", (backend) => {
  const db = emptiedStoreEachTest(backend);
  const register = (formToken: string, runId = "run-1") =>
    storeRequest(db(), {
      formToken,
      runId,
      recipients: ["a@x.io", "b@x.io"],
      registeredBy: "portal",
    });

  it("registers the run's next form for the same recipients, once however often it runs", async () => {
    await register("first");
    const deps = {
      readRun: () => Promise.resolve(run({ phase: "paused", waiting: [waiting("second")] })),
      readForm: () => Promise.reject(submitted),
      maxForms: 5,
    };
    const job = { run_id: "run-1", user: "a@x.io", form_token: "first" };
    expect(await followRun(db(), job, deps)).toEqual({ registered: ["second"] });
    await followRun(db(), job, deps);
    const next = await findRequest(db(), "second");
    expect(next).toMatchObject({ status: "waiting", runId: "run-1", registeredBy: "follow" });
    expect(next?.recipients).toEqual(["a@x.io", "b@x.io"]);
    // The answered form waits for its own decision, not the sweep's word.
    expect((await findRequest(db(), "first"))?.status).toBe("waiting");
  });

  it("registers at most maxForms next forms", async () => {
    await register("first");
    const forms = ["n1", "n2", "n3"].map(waiting);
    await followRun(
      db(),
      { run_id: "run-1", user: "a@x.io", form_token: "first" },
      {
        readRun: () => Promise.resolve(run({ phase: "paused", waiting: forms })),
        readForm: () => Promise.resolve({}),
        maxForms: 2,
      },
    );
    expect(await findRequest(db(), "n3")).toBeUndefined();
    expect(await findRequest(db(), "n2")).toBeDefined();
  });

  it("notes the run's outcome and settles its forms that no longer wait", async () => {
    await register("first");
    await register("other");
    await followRun(
      db(),
      { run_id: "run-1", user: "a@x.io", form_token: "first" },
      {
        readRun: () =>
          Promise.resolve(
            run({
              phase: "finished",
              outcome: { status: "succeeded", outputs: {}, error: null },
              timeouts: [{ key: "k", nodeId: "n", nodeTitle: "t" }],
            }),
          ),
        readForm: () => Promise.reject(expired),
        maxForms: 5,
      },
    );
    expect(await findRequest(db(), "other")).toMatchObject({
      status: "timed_out",
      runOutcome: "succeeded",
    });
  });

  it("leaves a run that has not paused yet to a retry", async () => {
    await expect(
      followRun(
        db(),
        { run_id: "run-1", user: "a", form_token: "first" },
        {
          readRun: () => Promise.resolve(run({ phase: "running" })),
          readForm: () => Promise.resolve({}),
          maxForms: 5,
        },
      ),
    ).rejects.toBeInstanceOf(RunStillRunning);
  });

  it("refreshes a request by what Dify says of its form", async () => {
    const cases: [ApiError, string][] = [
      [submitted, "answered_elsewhere"],
      [expired, "expired"],
      [new ApiError(404, "not_found", "gone"), "unavailable"],
    ];
    for (const [index, [error, status]] of cases.entries()) {
      const { request } = await register(`f${index}`);
      expect(await refreshRequest(db(), request, () => Promise.reject(error))).toBe(status);
      expect((await findRequest(db(), `f${index}`))?.status).toBe(status);
    }
    const { request } = await register("open");
    expect(await refreshRequest(db(), request, () => Promise.resolve({}))).toBe("waiting");
    expect((await findRequest(db(), "open"))?.checkedAt).toBeInstanceOf(Date);
    // Dify away says nothing of the form: the error goes to the job, the request stays.
    const away = new ApiError(502, "upstream_unreachable", "away");
    await expect(refreshRequest(db(), request, () => Promise.reject(away))).rejects.toBe(away);
  });

  it("sweeps at most perMinute waiting forms a minute, evenly apart", async () => {
    for (let i = 0; i < 7; i++) await register(`w${i}`);
    const slept: number[] = [];
    const refresh = vi.fn(() => Promise.resolve());
    let clock = 0;
    const result = await sweepWaiting(db(), {
      perMinute: 4,
      // Reads that take no time.
      refresh,
      sleep: (ms) => Promise.resolve(void (slept.push(ms), (clock += ms))),
      now: () => clock,
    });
    expect(result).toEqual({ read: 4 });
    expect(refresh).toHaveBeenCalledTimes(4);
    // Three gaps of 15 s between four reads: four reads in one minute, never faster.
    expect(slept).toEqual([15_000, 15_000, 15_000]);
  });

  it("counts a read's own time in its gap, so a full sweep ends within its minute", async () => {
    for (let i = 0; i < 4; i++) await register(`w${i}`);
    let clock = 0;
    const starts: number[] = [];
    await sweepWaiting(db(), {
      perMinute: 4,
      // Each read takes 5 s.
      refresh: () => Promise.resolve(void (starts.push(clock), (clock += 5_000))),
      sleep: (ms) => Promise.resolve(void (clock += ms)),
      now: () => clock,
    });
    // Reads start 15 s apart, never closer: the fourth at 45 s, not at 60 s.
    expect(starts).toEqual([0, 15_000, 30_000, 45_000]);
  });

  it("does not let a slow read push the rest of the sweep later, nor read ahead of the rate", async () => {
    for (let i = 0; i < 4; i++) await register(`w${i}`);
    let clock = 0;
    const starts: number[] = [];
    // The first read takes 20 s, longer than its gap; the others take none.
    const takes = [20_000, 0, 0, 0];
    await sweepWaiting(db(), {
      perMinute: 4,
      refresh: () => Promise.resolve(void (starts.push(clock), (clock += takes.shift() ?? 0))),
      sleep: (ms) => Promise.resolve(void (clock += ms)),
      now: () => clock,
    });
    // The second starts late (at 20 s), the third on its own time again: 30 s, not 35 s.
    expect(starts).toEqual([0, 20_000, 30_000, 45_000]);
  });
});
