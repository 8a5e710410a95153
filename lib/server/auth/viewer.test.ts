import { beforeEach, describe, expect, it, vi } from "vitest";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { inboxLinkPath } from "@/lib/server/auth/inbox-link";
import { sealSession } from "@/lib/server/auth/session";
import type * as ViewerModule from "@/lib/server/auth/viewer";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

let viewer: typeof ViewerModule;
beforeEach(async () => {
  vi.resetModules();
  forgetProcessState();
  vi.unstubAllEnvs();
  vi.stubEnv("MAX_AUTH_FAILURES_PER_ADDRESS", "2");
  viewer = await import("@/lib/server/auth/viewer");
});

const request = { headers: new Headers() };
const now = () => Math.floor(Date.now() / 1000);
const link = (user: string, ttl: number) =>
  new URL(inboxLinkPath({ user, exp: now() + ttl }, EMBEDDED_LINK_SECRET), "http://x").searchParams;

describe("who is looking", () => {
  it("is the inbox link's user, else the session's, else no one", async () => {
    const cookie = sealSession(
      { via: "link", user: "bob@example.com", exp: now() + 60 },
      EMBEDDED_LINK_SECRET,
    );
    expect(await viewer.viewerOf(request, { link: link("alice@example.com", 60), cookie })).toEqual(
      {
        state: "known",
        session: { via: "link", user: "alice@example.com", exp: expect.any(Number) as number },
      },
    );
    expect(await viewer.viewerOf(request, { cookie })).toMatchObject({
      state: "known",
      session: { user: "bob@example.com" },
    });
    expect(await viewer.viewerOf(request, {})).toEqual({ state: "none" });
  });

  it("refuses a longer link than MAX_LINK_TTL allows", async () => {
    expect(await viewer.viewerOf(request, { link: link("alice", 400 * 86_400) })).toMatchObject({
      state: "refused",
      reason: "invalid",
    });
  });

  it("counts wrong links and sessions toward the wrong-token limit, then says so", async () => {
    const tampered = link("alice", 60);
    tampered.set("user", "mallory");
    expect(await viewer.viewerOf(request, { link: tampered })).toEqual({
      state: "refused",
      reason: "invalid",
      what: "link",
    });
    expect(await viewer.viewerOf(request, { cookie: "forged" })).toEqual({
      state: "refused",
      reason: "invalid",
      what: "session",
    });
    expect(await viewer.viewerOf(request, { cookie: "forged" })).toEqual({
      state: "refused",
      reason: "throttled",
      what: "session",
    });
  });
});
