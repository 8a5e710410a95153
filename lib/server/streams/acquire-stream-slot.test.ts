import { afterEach, describe, expect, it, vi } from "vitest";
import { acquireStreamSlot } from "@/lib/server/streams/acquire-stream-slot";
import type { StreamLease } from "@/lib/server/streams/open-streams";

// Which limit refuses a stream, and with what: a visitor's or an address's count answers
// too_many_streams, the launcher pool's or the process's server_busy; every refusal says when to
// try again.

vi.mock("@/lib/server/env", () => ({
  getEnv: () => ({
    limits: {
      MAX_STREAMS_PER_LINK: 4,
      MAX_STREAMS_PER_VISITOR: 2,
      MAX_STREAMS_PER_ADDRESS: 5,
      DIFY_LAUNCH_CONNECTIONS: 3,
      MAX_OPEN_STREAMS: 100,
      streamRetryAfterSeconds: 5,
    },
  }),
}));
vi.mock("@/lib/server/ops/graceful-shutdown", () => ({ isDraining: () => false }));

const held: StreamLease[] = [];
const take = async (holder: Parameters<typeof acquireStreamSlot>[0]) => {
  const lease = await acquireStreamSlot(holder);
  held.push(lease);
  return lease;
};
afterEach(() => {
  for (const lease of held.splice(0)) lease.release();
});

describe("acquireStreamSlot", () => {
  it("counts a visitor's launches and next-link reads together", async () => {
    await take({ address: "10.0.0.1", visitor: "anon-1", launch: true });
    await take({ address: "10.0.0.2", visitor: "anon-1" });
    await expect(take({ address: "10.0.0.3", visitor: "anon-1", launch: true })).rejects.toThrow(
      expect.objectContaining({ status: 429, code: "too_many_streams" }),
    );
    await take({ address: "10.0.0.3", visitor: "anon-2", launch: true });
  });

  it("counts every kind of stream per address", async () => {
    for (let i = 0; i < 5; i++) await take({ address: "10.0.0.9", link: `tok-${i}\nalice` });
    await expect(take({ address: "10.0.0.9", visitor: "anon-9", launch: true })).rejects.toThrow(
      expect.objectContaining({
        code: "too_many_streams",
        message: expect.stringContaining("network address") as string,
      }),
    );
  });

  it("without a trusted proxy, counts links and visitors as themselves, not as one address", async () => {
    // Six links' streams, each within its own bound, past what one address may hold.
    for (let i = 0; i < 6; i++) await take({ address: "direct", link: `tok-${i}\nmallory` });
    await take({ address: "direct", link: "tok-x\nalice" });
    await take({ address: "direct", visitor: "anon-alice", launch: true });
  });

  it("refuses a launch past the launcher pool's connections as server_busy, not forms", async () => {
    for (let i = 0; i < 3; i++) {
      await take({ address: `10.0.1.${i}`, visitor: `v${i}`, launch: true });
    }
    const refusal = await take({ address: "10.0.1.9", visitor: "v9", launch: true }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({
      status: 429,
      code: "server_busy",
      headers: { "Retry-After": "5" },
    });
    // A form's stream does not wait for the launcher's pool.
    await take({ address: "10.0.1.9", link: "tok\nbob" });
  });
});
