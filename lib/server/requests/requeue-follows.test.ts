import { describe, expect, it, vi } from "vitest";
import { initialRunView } from "@/lib/run/run-view-state";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";
import { followRun, type FollowRunJob } from "@/lib/server/requests/follow-run";
import { recordDecision } from "@/lib/server/requests/record-decision";
import { requeueFollows } from "@/lib/server/requests/requeue-follows";
import { findRequest, storeRequest } from "@/lib/server/requests/store-request";
import { emptiedStoreEachTest, STORE_BACKENDS } from "@/lib/tools/postgres/test-stores";
import { testDecision } from "@/lib/tools/test/test-decision";

const answer = (overrides: Partial<DecisionRecord> = {}) =>
  testDecision({ form_token: "first", ...overrides });

// The run paused at its next form, as Dify would say after the answer.
const pausedAtSecond = {
  readRun: () =>
    Promise.resolve({
      ...initialRunView,
      phase: "paused" as const,
      waiting: [
        {
          formId: "second",
          nodeId: "node-second",
          nodeTitle: "Second",
          formToken: "second",
          channels: [],
          v2: false,
          answered: false,
        },
      ],
    }),
  readForm: () => Promise.resolve({}),
  maxForms: 5,
};

describe.each(STORE_BACKENDS)("follows owed on $name", (backend) => {
  const db = emptiedStoreEachTest(backend);

  it("queues again the follow the queue could not take at the answer, which registers the next form", async () => {
    await storeRequest(db(), {
      formToken: "first",
      runId: "run-1",
      recipients: ["alice@example.com", "bob@example.com"],
      registeredBy: "portal",
    });
    // The answer is recorded; the queue took no follow (it was away).
    await recordDecision(db(), answer());
    expect(await findRequest(db(), "second")).toBeUndefined();

    // The sweep, once the follow is overdue: queued again, as the answer would have.
    const queued: FollowRunJob[] = [];
    const enqueue = (job: FollowRunJob) => {
      queued.push(job);
      return Promise.resolve(true);
    };
    expect(await requeueFollows(db(), { overdueSeconds: 0, limit: 10, enqueue })).toEqual([
      "first",
    ]);
    expect(queued).toEqual([{ run_id: "run-1", user: "alice@example.com", form_token: "first" }]);
    // Owed anew from now: not queued again within the overdue time.
    expect(await requeueFollows(db(), { overdueSeconds: 60, limit: 10, enqueue })).toEqual([]);

    // The queued job runs: the next form is registered for the same recipients, the follow paid.
    await followRun(db(), queued[0]!, pausedAtSecond);
    expect((await findRequest(db(), "second"))?.recipients).toEqual([
      "alice@example.com",
      "bob@example.com",
    ]);
    expect((await findRequest(db(), "first"))?.followOwedAt).toBeNull();
    expect(await requeueFollows(db(), { overdueSeconds: 0, limit: 10, enqueue })).toEqual([]);
  });

  it("owes nothing for an answer without a run, nor twice for a decision stored twice", async () => {
    await recordDecision(db(), answer({ form_token: "plain", run_id: null }));
    const record = answer();
    await recordDecision(db(), record);
    await followRun(
      db(),
      { run_id: "run-1", user: "alice@example.com", form_token: "first" },
      {
        ...pausedAtSecond,
      },
    );
    // A retried write of the same answer after its follow: nothing is owed again.
    await recordDecision(db(), record);
    const enqueue = vi.fn(() => Promise.resolve(true));
    expect(await requeueFollows(db(), { overdueSeconds: 0, limit: 10, enqueue })).toEqual([]);
    expect(enqueue).not.toHaveBeenCalled();
  });

  it("keeps a follow owed while the queue cannot take it, and queues at most `limit` a sweep", async () => {
    for (const token of ["a", "b", "c"]) await recordDecision(db(), answer({ form_token: token }));
    const refused = vi.fn(() => Promise.resolve(false));
    expect(await requeueFollows(db(), { overdueSeconds: 0, limit: 10, enqueue: refused })).toEqual(
      [],
    );
    expect(refused).toHaveBeenCalledTimes(3);
    const taken = vi.fn(() => Promise.resolve(true));
    expect(
      await requeueFollows(db(), { overdueSeconds: 0, limit: 2, enqueue: taken }),
    ).toHaveLength(2);
    expect(await requeueFollows(db(), { overdueSeconds: 60, limit: 10, enqueue: taken })).toEqual(
      [],
    );
  });
});
