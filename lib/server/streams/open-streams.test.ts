import { afterEach, describe, expect, it, vi } from "vitest";
import {
  acquireStream,
  endAllStreams,
  openStreamCount,
  type StreamLease,
  type StreamRefusal,
} from "@/lib/server/streams/open-streams";

const held: StreamLease[] = [];
function take(key: string, limits = { perLink: 4, perProcess: 100 }, expiresAtMs?: number) {
  const lease = acquireStream({
    bounds: [{ key, max: limits.perLink, refused: "per_link" }],
    perProcess: limits.perProcess,
    expiresAtMs,
  });
  if (!("refused" in lease)) held.push(lease);
  return lease;
}

afterEach(() => {
  for (const lease of held.splice(0)) lease.release();
  vi.useRealTimers();
});

describe("acquireStream", () => {
  it("refuses the fifth stream of one link and frees the slot on release", () => {
    for (let i = 0; i < 4; i++) expect(take("tok\nalice")).not.toHaveProperty("refused");
    expect(take("tok\nalice")).toEqual({ refused: "per_link" } satisfies StreamRefusal);
    // Another user of the same token, and another token, have slots of their own.
    expect(take("tok\nbob")).not.toHaveProperty("refused");
    held[0]!.release();
    expect(take("tok\nalice")).not.toHaveProperty("refused");
    expect(openStreamCount()).toBe(5);
  });

  it("refuses past the per-process limit, whatever the link", () => {
    const limits = { perLink: 4, perProcess: 3 };
    for (const key of ["a", "b", "c"]) expect(take(key, limits)).not.toHaveProperty("refused");
    expect(take("d", limits)).toEqual({ refused: "per_process" });
  });

  it("releases once however often release is called", () => {
    const lease = take("x") as StreamLease;
    lease.release();
    lease.release();
    expect(openStreamCount()).toBe(0);
  });

  it("ends a stream when its link expires", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const lease = take("x", undefined, 1_000_000 + 30_000) as StreamLease;
    vi.advanceTimersByTime(29_999);
    expect(lease.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(lease.signal.aborted).toBe(true);
    expect(lease.signal.reason).toEqual({ kind: "expired" });
  });

  it("waits out an expiry beyond setTimeout's range instead of ending at once", () => {
    vi.useFakeTimers({ now: 0 });
    const lease = take("x", undefined, 40 * 86_400_000) as StreamLease;
    vi.advanceTimersByTime(30 * 86_400_000);
    expect(lease.signal.aborted).toBe(false);
    vi.advanceTimersByTime(10 * 86_400_000);
    expect(lease.signal.aborted).toBe(true);
  });

  it("counts a stream under each of its keys, and a refused one under none", () => {
    const stream = (link: string, address: string, perAddress = 3) =>
      acquireStream({
        bounds: [
          { key: `link\n${link}`, max: 2, refused: "per_link" },
          { key: `address\n${address}`, max: perAddress, refused: "per_address" },
        ],
        perProcess: 100,
      });
    const keep = (lease: StreamLease | StreamRefusal) => {
      if (!("refused" in lease)) held.push(lease);
      return lease;
    };
    expect(keep(stream("a", "10.0.0.1"))).not.toHaveProperty("refused");
    expect(keep(stream("a", "10.0.0.1"))).not.toHaveProperty("refused");
    // The link is full; the address has room, and the refusal takes none of it.
    expect(keep(stream("a", "10.0.0.1"))).toEqual({ refused: "per_link" });
    expect(keep(stream("b", "10.0.0.1"))).not.toHaveProperty("refused");
    // Now the address is full, whichever link asks; another address is not.
    expect(keep(stream("c", "10.0.0.1"))).toEqual({ refused: "per_address" });
    expect(keep(stream("c", "10.0.0.2"))).not.toHaveProperty("refused");
    held[0]!.release();
    expect(keep(stream("c", "10.0.0.1"))).not.toHaveProperty("refused");
    expect(openStreamCount()).toBe(4);
  });

  it("ends every open stream on shutdown with the retry delay", () => {
    const a = take("a") as StreamLease;
    const b = take("b") as StreamLease;
    expect(endAllStreams(1_000)).toBe(2);
    expect(a.signal.reason).toEqual({ kind: "shutdown", retryMs: 1_000 });
    expect(b.signal.aborted).toBe(true);
  });
});
