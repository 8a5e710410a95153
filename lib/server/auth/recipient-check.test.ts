import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Check from "@/lib/server/auth/recipient-check";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { forgetProcessState } from "@/lib/tools/test/forget-process-state";

let check: typeof Check;
const load = async (requireSignIn = false) => {
  vi.resetModules();
  forgetProcessState();
  vi.unstubAllEnvs();
  if (requireSignIn) {
    vi.stubEnv("OIDC_ISSUER", "https://login.example.com");
    vi.stubEnv("OIDC_CLIENT_ID", "app");
    vi.stubEnv("OIDC_CLIENT_SECRET", "secret");
    vi.stubEnv("REQUIRE_SIGN_IN", "true");
  }
  check = await import("@/lib/server/auth/recipient-check");
};
beforeEach(() => load());

const claims = (auth: "link" | "signin"): FormLinkClaims => ({
  token: "T",
  run: "",
  user: "Alice@Example.com",
  exp: 0,
  scope: "form",
  view: "full",
  auth,
});
const oidc = (user: string) =>
  ({
    state: "known",
    session: { via: "oidc", user, exp: 0, issuer: "https://login.example.com", subject: "s" },
  }) as const;
const inboxLink = {
  state: "known",
  session: { via: "link", user: "alice@example.com", exp: 0 },
} as const;

describe("the recipient check", () => {
  it("lets a link without the claim open for anyone holding it", () => {
    expect(check.checkRecipient(claims("link"), { state: "none" })).toEqual({
      ok: true,
      signedIn: null,
    });
  });

  it("asks for sign-in where the link needs it: an inbox link's session does not count", () => {
    for (const viewer of [{ state: "none" } as const, inboxLink]) {
      expect(check.checkRecipient(claims("signin"), viewer)).toEqual({
        ok: false,
        reason: "sign_in",
      });
    }
  });

  it("opens for its signed-in user (case aside), and for no one else", () => {
    expect(check.checkRecipient(claims("signin"), oidc("alice@example.com")).ok).toBe(true);
    expect(check.checkRecipient(claims("signin"), oidc("bob@example.com"))).toEqual({
      ok: false,
      reason: "someone_else",
      user: "bob@example.com",
    });
  });

  it("asks for sign-in on every link with REQUIRE_SIGN_IN=true", async () => {
    await load(true);
    expect(check.needsSignIn(claims("link"))).toBe(true);
    expect(check.checkRecipient(claims("link"), { state: "none" }).ok).toBe(false);
  });
});

describe("a request the store marks for signed-in recipients", () => {
  it("needs sign-in whatever its link says, and the link-only server asks no store", async () => {
    const withStore = vi.fn(() => Promise.resolve(true));
    vi.doMock("@/lib/server/store/with-store", () => ({ withStore }));
    try {
      expect(await check.signInRequired(claims("link"))).toBe(false);
      expect(withStore).not.toHaveBeenCalled();

      vi.resetModules();
      vi.stubEnv("DATABASE_URL", "postgres://store.test/app");
      check = await import("@/lib/server/auth/recipient-check");
      expect(await check.signInRequired(claims("link"))).toBe(true);
      expect(check.checkRecipient(claims("link"), { state: "none" }, true)).toEqual({
        ok: false,
        reason: "sign_in",
      });
      // A store that cannot answer leaves the link's word.
      withStore.mockRejectedValueOnce(new Error("store down"));
      expect(await check.signInRequired(claims("link"))).toBe(false);
    } finally {
      vi.doUnmock("@/lib/server/store/with-store");
    }
  });
});
