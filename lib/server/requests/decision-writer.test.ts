import { describe, expect, it, vi } from "vitest";
import type { DecisionRecord } from "@/lib/server/requests/decision-record";
import { createDecisionWriter } from "@/lib/server/requests/decision-writer";
import { testDecision } from "@/lib/tools/test/test-decision";

const record = () =>
  testDecision({ run_id: null, user: "alice", decided_at: new Date().toISOString() });

describe("createDecisionWriter", () => {
  it("retries a failed write after each delay and stores it once the store is back", async () => {
    const write = vi
      .fn<(r: DecisionRecord) => Promise<void>>()
      .mockRejectedValueOnce(new Error("connection refused"))
      .mockRejectedValueOnce(new Error("connection refused"))
      .mockResolvedValue(undefined);
    const slept: number[] = [];
    const unrecorded = vi.fn();
    const writer = createDecisionWriter({
      write,
      delaysMs: [10, 20, 30],
      pendingMax: 5,
      unrecorded,
      sleep: (ms) => Promise.resolve(void slept.push(ms)),
    });
    expect(await writer.keep(record())).toBe("stored");
    expect(write).toHaveBeenCalledTimes(3);
    expect(slept).toEqual([10, 20]);
    expect(unrecorded).not.toHaveBeenCalled();
  });

  it("hands the whole record on when every retry failed", async () => {
    const unrecorded = vi.fn();
    const writer = createDecisionWriter({
      write: () => Promise.reject(new Error("the database system is shutting down")),
      delaysMs: [1, 1],
      pendingMax: 5,
      unrecorded,
      sleep: () => Promise.resolve(),
    });
    const kept = record();
    expect(await writer.keep(kept)).toBe("unrecorded");
    expect(unrecorded).toHaveBeenCalledWith(kept, "the database system is shutting down");
  });

  it("waits for at most pendingMax retries at once; one more is handed on at once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const unrecorded = vi.fn();
    const writer = createDecisionWriter({
      write: () => Promise.reject(new Error("down")),
      delaysMs: [1_000],
      pendingMax: 2,
      unrecorded,
      sleep: () => gate,
    });
    const waiting = [writer.keep(record()), writer.keep(record())];
    await vi.waitFor(() => expect(writer.pending()).toBe(2));
    expect(await writer.keep(record())).toBe("unrecorded");
    expect(unrecorded.mock.calls[0]?.[1]).toMatch(/2 decisions already wait/);
    release();
    await Promise.all(waiting);
    expect(writer.pending()).toBe(0);
  });

  it("hands the writes still waiting on when the copy stops", async () => {
    const unrecorded = vi.fn();
    const writer = createDecisionWriter({
      write: () => Promise.reject(new Error("down")),
      delaysMs: [60_000],
      pendingMax: 5,
      unrecorded,
      sleep: () => new Promise(() => undefined),
    });
    const kept = record();
    void writer.keep(kept);
    await vi.waitFor(() => expect(writer.pending()).toBe(1));
    writer.abandon("stopping");
    expect(unrecorded).toHaveBeenCalledWith(kept, "stopping");
    expect(writer.pending()).toBe(0);
  });
});
