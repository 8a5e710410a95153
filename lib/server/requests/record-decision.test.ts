import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listDecisions } from "@/lib/server/requests/list-decisions";
import { listRequests } from "@/lib/server/requests/list-requests";
import { pruneDecisions } from "@/lib/server/requests/prune-decisions";
import { recordDecision } from "@/lib/server/requests/record-decision";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";
import { settleRequest, waitingRequests } from "@/lib/server/requests/settle-request";
import { findRequest, storeRequest } from "@/lib/server/requests/store-request";
import { requests } from "@/lib/server/store/schema";
import { emptiedStoreEachTest, STORE_BACKENDS } from "@/lib/tools/postgres/test-stores";
import { testDecision } from "@/lib/tools/test/test-decision";

const decision = (overrides: Partial<DecisionRecord> = {}) =>
  testDecision({ values: { comment: "fine" }, ...overrides });

describe.each(STORE_BACKENDS)("requests and decisions on $name", (backend) => {
  const db = emptiedStoreEachTest(backend);

  it("stores a form token once, however often and at once it is registered", async () => {
    const input = { formToken: "form-1", recipients: ["a@x.io", "b@x.io"], registeredBy: "portal" };
    const results = await Promise.all(Array.from({ length: 5 }, () => storeRequest(db(), input)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.request.id)).size).toBe(1);
    expect((await findRequest(db(), "form-1"))?.recipients).toEqual(["a@x.io", "b@x.io"]);
  });

  it("records a decision once by its answer id, and settles its request as answered", async () => {
    await storeRequest(db(), {
      formToken: "form-1",
      recipients: ["a@x.io"],
      registeredBy: "portal",
    });
    const record = decision();
    await recordDecision(db(), record);
    await recordDecision(db(), record);
    const { decisions } = await listDecisions(db(), { limit: 10 });
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ actionId: "approve", user: "alice@example.com" });
    expect((await findRequest(db(), "form-1"))?.status).toBe("answered");
  });

  it("registers a form answered by its link alone, for the link's user", async () => {
    await recordDecision(db(), decision({ form_token: "link-only" }));
    const request = await findRequest(db(), "link-only");
    expect(request).toMatchObject({ status: "answered", registeredBy: "answer" });
    expect(request?.recipients).toEqual(["alice@example.com"]);
  });

  it("moves a status forward only, and never to answered_elsewhere with a decision here", async () => {
    const { request } = await storeRequest(db(), {
      formToken: "form-1",
      recipients: ["a@x.io"],
      registeredBy: "portal",
    });
    await recordDecision(db(), decision());
    expect(await settleRequest(db(), request.id, "answered_elsewhere")).toBe(false);
    expect(await settleRequest(db(), request.id, "expired")).toBe(false);
    expect((await findRequest(db(), "form-1"))?.status).toBe("answered");

    const other = await storeRequest(db(), {
      formToken: "form-2",
      recipients: ["a@x.io"],
      registeredBy: "portal",
    });
    expect(await settleRequest(db(), other.request.id, "answered_elsewhere")).toBe(true);
    // A decision that arrives late (the store was away) still wins: it was answered here.
    await recordDecision(db(), decision({ form_token: "form-2" }));
    expect((await findRequest(db(), "form-2"))?.status).toBe("answered");
  });

  it("lists the waiting requests checked longest ago first", async () => {
    const first = await storeRequest(db(), {
      formToken: "f1",
      recipients: ["a"],
      registeredBy: "t",
    });
    await storeRequest(db(), { formToken: "f2", recipients: ["a"], registeredBy: "t" });
    await settleRequest(db(), first.request.id, "waiting");
    expect((await waitingRequests(db(), 10)).map((row) => row.formToken)).toEqual(["f2", "f1"]);
    expect(await waitingRequests(db(), 1)).toHaveLength(1);
  });

  it("pages requests by cursor, filtered by recipient and status", async () => {
    for (let i = 0; i < 5; i++) {
      await storeRequest(db(), {
        formToken: `f${i}`,
        recipients: [i % 2 ? "odd@x.io" : "even@x.io"],
        registeredBy: "t",
      });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listRequests(db(), { limit: 2, cursor });
      expect(page.requests.length).toBeLessThanOrEqual(2);
      seen.push(...page.requests.map((r) => r.formToken));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(["f0", "f1", "f2", "f3", "f4"]);
    const odd = await listRequests(db(), { limit: 10, recipient: "odd@x.io" });
    expect(odd.requests.map((r) => r.formToken).sort()).toEqual(["f1", "f3"]);
    expect(odd.requests[0]?.recipients).toEqual(["odd@x.io"]);
    expect((await listRequests(db(), { limit: 10, status: "answered" })).requests).toEqual([]);
  });

  it("pages requests registered within one millisecond without skipping any", async () => {
    for (const [token, at] of [
      ["m1", "2026-01-01T00:00:02.000100Z"],
      ["m2", "2026-01-01T00:00:02.000200Z"],
      ["m3", "2026-01-01T00:00:02.000300Z"],
    ]) {
      const { request } = await storeRequest(db(), {
        formToken: token!,
        recipients: ["a@x.io"],
        registeredBy: "t",
      });
      await db()
        .update(requests)
        .set({ createdAt: sql`${at}::timestamptz` })
        .where(eq(requests.id, request.id));
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listRequests(db(), { limit: 1, cursor });
      seen.push(...page.requests.map((r) => r.formToken));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && seen.length < 5);
    expect(seen).toEqual(["m3", "m2", "m1"]);
  });

  it("pages decisions from a date by cursor, and prunes the old ones", async () => {
    await recordDecision(db(), decision({ decided_at: "2025-01-01T00:00:00.000Z" }));
    await recordDecision(db(), decision({ decided_at: "2026-02-01T00:00:00.000Z" }));
    await recordDecision(db(), decision({ decided_at: "2026-03-01T00:00:00.000Z" }));
    const since = new Date("2026-01-01T00:00:00Z");
    const first = await listDecisions(db(), { since, limit: 1 });
    expect(first.decisions).toHaveLength(1);
    const second = await listDecisions(db(), { since, limit: 1, cursor: first.nextCursor! });
    expect(second.decisions.map((d) => d.decidedAt.toISOString())).toEqual([
      "2026-03-01T00:00:00.000Z",
    ]);
    expect(second.nextCursor).toBeNull();
    expect(await pruneDecisions(db(), 30, new Date("2026-03-15T00:00:00Z"))).toBe(2);
    expect((await listDecisions(db(), { limit: 10 })).decisions).toHaveLength(1);
  });
});
