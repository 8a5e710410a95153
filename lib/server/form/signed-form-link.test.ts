import { describe, expect, it } from "vitest";
import { formLinkPath, signFormLink, verifyFormLink } from "@/lib/server/form/signed-form-link";
import { createHmac } from "node:crypto";

const secret = "test-secret";
const claims = {
  token: "AbCdEfGhIjKlMnOpQrStUv",
  run: "run-1",
  user: "alice@example.com",
  exp: 2_000_000_000,
  scope: "form" as const,
  view: "full" as const,
  auth: "link" as const,
};
const options = { secret, allowUnsigned: false, nowSeconds: 1_900_000_000 };
const params = (
  overrides: Partial<
    Record<"run" | "user" | "exp" | "scope" | "view" | "auth" | "sig", string>
  > = {},
) => ({
  run: claims.run,
  user: claims.user,
  exp: String(claims.exp),
  sig: signFormLink(claims, secret),
  ...overrides,
});

describe("form links", () => {
  it("signs exactly the documented message", () => {
    const expected = createHmac("sha256", secret)
      .update("AbCdEfGhIjKlMnOpQrStUv\nrun-1\nalice@example.com\n2000000000")
      .digest("base64url");
    expect(signFormLink(claims, secret)).toBe(expected);
    expect(expected).not.toMatch(/[=+/]/);
  });

  it("builds a link that verifies", () => {
    const path = formLinkPath(claims, secret);
    const url = new URL(path, "http://localhost");
    expect(url.pathname).toBe("/form/AbCdEfGhIjKlMnOpQrStUv");
    const result = verifyFormLink(
      "AbCdEfGhIjKlMnOpQrStUv",
      Object.fromEntries(url.searchParams),
      options,
    );
    expect(result).toEqual({ ok: true, claims, signed: true });
  });

  it("leaves out an empty run and still verifies", () => {
    const noRun = { ...claims, run: "" };
    const url = new URL(formLinkPath(noRun, secret), "http://localhost");
    expect(url.searchParams.has("run")).toBe(false);
    expect(verifyFormLink(noRun.token, Object.fromEntries(url.searchParams), options).ok).toBe(
      true,
    );
  });

  it.each([
    ["token", () => verifyFormLink("AbCdEfGhIjKlMnOpQrStUw", params(), options)],
    ["run", () => verifyFormLink(claims.token, params({ run: "run-2" }), options)],
    ["user", () => verifyFormLink(claims.token, params({ user: "mallory@example.com" }), options)],
    ["exp", () => verifyFormLink(claims.token, params({ exp: "2000000001" }), options)],
    [
      "sig",
      () => verifyFormLink(claims.token, params({ sig: "x" + params().sig.slice(1) }), options),
    ],
  ])("refuses a link whose %s changed", (_name, verify) => {
    expect(verify()).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses an expired link", () => {
    expect(
      verifyFormLink(claims.token, params(), { ...options, nowSeconds: 2_000_000_001 }),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a link with no signature unless unsigned links are allowed", () => {
    const unsigned = { run: "r", user: "bob" };
    expect(verifyFormLink(claims.token, unsigned, options)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(verifyFormLink(claims.token, {}, options)).toEqual({ ok: false, reason: "missing" });
    expect(verifyFormLink(claims.token, unsigned, { ...options, allowUnsigned: true })).toEqual({
      ok: true,
      claims: {
        token: claims.token,
        run: "r",
        user: "bob",
        exp: 0,
        scope: "form",
        view: "full",
        auth: "link",
      },
      signed: false,
    });
  });

  it("signs a run-scoped link with a fifth line and says so in the query", () => {
    const runScoped = { ...claims, scope: "run" as const };
    const expected = createHmac("sha256", secret)
      .update("AbCdEfGhIjKlMnOpQrStUv\nrun-1\nalice@example.com\n2000000000\nrun")
      .digest("base64url");
    expect(signFormLink(runScoped, secret)).toBe(expected);
    const url = new URL(formLinkPath(runScoped, secret), "http://localhost");
    expect(url.searchParams.get("scope")).toBe("run");
    expect(verifyFormLink(claims.token, Object.fromEntries(url.searchParams), options)).toEqual({
      ok: true,
      claims: runScoped,
      signed: true,
    });
  });

  it("refuses a scope that was added, dropped or is unknown", () => {
    const runSig = signFormLink({ ...claims, scope: "run" }, secret);
    // A form-scope signature with `scope=run` added.
    expect(verifyFormLink(claims.token, params({ scope: "run" }), options).ok).toBe(false);
    // A run-scope signature with `scope` dropped: it verifies only as what it was signed for.
    expect(verifyFormLink(claims.token, params({ sig: runSig }), options).ok).toBe(false);
    expect(verifyFormLink(claims.token, params({ scope: "form" }), options).ok).toBe(false);
    expect(verifyFormLink(claims.token, params({ scope: "" }), options).ok).toBe(false);
  });

  it("signs a progress-only link with a last line and says so in the query", () => {
    const progress = { ...claims, scope: "run" as const, view: "progress" as const };
    const expected = createHmac("sha256", secret)
      .update("AbCdEfGhIjKlMnOpQrStUv\nrun-1\nalice@example.com\n2000000000\nrun\nprogress")
      .digest("base64url");
    expect(signFormLink(progress, secret)).toBe(expected);
    const url = new URL(formLinkPath(progress, secret), "http://localhost");
    expect(url.searchParams.get("view")).toBe("progress");
    expect(verifyFormLink(claims.token, Object.fromEntries(url.searchParams), options)).toEqual({
      ok: true,
      claims: progress,
      signed: true,
    });
    // A link without the claim is signed without it: links minted before the claim stay valid.
    expect(new URL(formLinkPath(claims, secret), "http://x").searchParams.has("view")).toBe(false);
  });

  it("signs a sign-in link with a last line, and refuses the claim dropped or added", () => {
    const named = { ...claims, auth: "signin" as const };
    const expected = createHmac("sha256", secret)
      .update("AbCdEfGhIjKlMnOpQrStUv\nrun-1\nalice@example.com\n2000000000\nsignin")
      .digest("base64url");
    expect(signFormLink(named, secret)).toBe(expected);
    const url = new URL(formLinkPath(named, secret), "http://localhost");
    expect(url.searchParams.get("auth")).toBe("signin");
    expect(verifyFormLink(claims.token, Object.fromEntries(url.searchParams), options)).toEqual({
      ok: true,
      claims: named,
      signed: true,
    });
    // Dropped: a forwarded link cannot shed its need for sign-in.
    expect(verifyFormLink(claims.token, params({ sig: expected }), options).ok).toBe(false);
    expect(verifyFormLink(claims.token, params({ auth: "signin" }), options).ok).toBe(false);
    expect(
      verifyFormLink(claims.token, params({ sig: expected, auth: "SIGNIN" }), options).ok,
    ).toBe(false);
  });

  it("refuses a view that was added, dropped or is unknown: a link can only narrow", () => {
    const progressSig = signFormLink({ ...claims, view: "progress" }, secret);
    // `view=progress` added to a link not signed with it.
    expect(verifyFormLink(claims.token, params({ view: "progress" }), options).ok).toBe(false);
    // A progress-only link with `view` dropped (widened back to full): refused.
    expect(verifyFormLink(claims.token, params({ sig: progressSig }), options).ok).toBe(false);
    expect(
      verifyFormLink(claims.token, params({ sig: progressSig, view: "progress" }), options).ok,
    ).toBe(true);
    for (const view of ["full", "", "outputs", "PROGRESS"]) {
      expect(verifyFormLink(claims.token, params({ sig: progressSig, view }), options)).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    // Unsigned links (trusted networks) may narrow themselves too, never name anything else.
    const unsigned = { run: "r", user: "bob", view: "progress" };
    const verified = verifyFormLink(claims.token, unsigned, { ...options, allowUnsigned: true });
    expect(verified.ok && verified.claims.view).toBe("progress");
    expect(
      verifyFormLink(
        claims.token,
        { ...unsigned, view: "all" },
        { ...options, allowUnsigned: true },
      ).ok,
    ).toBe(false);
  });

  it.each([
    ["newline in user", { user: "alice@example.com\nrun-2" }],
    ["NUL in user", { user: "alice\u0000" }],
    ["newline in run", { run: "run-1\nmallory" }],
    ["carriage return in run", { run: "run-1\r" }],
    ["DEL in user", { user: "alice\u007f" }],
  ])("refuses a %s, signed or not", (_name, overrides) => {
    expect(verifyFormLink(claims.token, params(overrides), options)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const { sig: _sig, ...unsigned } = params(overrides);
    expect(verifyFormLink(claims.token, unsigned, { ...options, allowUnsigned: true }).ok).toBe(
      false,
    );
    expect(() => signFormLink({ ...claims, ...overrides }, secret)).toThrow(/control characters/);
  });

  it("cannot be re-split: a user with a newline would sign another run's message", () => {
    // Without the control-character rule, user "x\nrun-2" on run "r" and user "…" collide.
    expect(() =>
      signFormLink({ ...claims, run: "run-1\nalice@example.com", user: "x" }, secret),
    ).toThrow();
    expect(verifyFormLink("AbCdEfGhIjKlMnOpQrStUv\nrun-1", params(), options).ok).toBe(false);
  });

  it.each(["1e99", "-1", "01", "+2000000000", "2000000000.0", " 2000000000", "9".repeat(13)])(
    "refuses exp %j",
    (exp) => {
      expect(verifyFormLink(claims.token, params({ exp }), options)).toEqual({
        ok: false,
        reason: "invalid",
      });
    },
  );
});
