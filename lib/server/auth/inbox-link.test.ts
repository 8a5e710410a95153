import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inboxLinkPath, signInboxLink, verifyInboxLink } from "@/lib/server/auth/inbox-link";
import { signFormLink } from "@/lib/server/form/signed-form-link";

const secret = "test-secret-test-secret-test-secret";
const claims = { user: "alice@example.com", exp: 2_000_000_000 };
const now = 1_900_000_000;
const query = (path: string) => new URL(path, "http://localhost").searchParams;

describe("inbox links", () => {
  it("signs its own labelled message", () => {
    const expected = createHmac("sha256", secret)
      .update("dify-human-input inbox link v1\nalice@example.com\n2000000000")
      .digest("base64url");
    expect(signInboxLink(claims, secret)).toBe(expected);
  });

  it("builds a link that verifies", () => {
    const path = inboxLinkPath(claims, secret);
    expect(path).toMatch(/^\/inbox\?user=alice%40example.com&exp=2000000000&sig=/);
    expect(verifyInboxLink(query(path), secret, now)).toEqual({ ok: true, claims });
  });

  it("refuses a changed user, a changed expiry, another secret and no secret", () => {
    const params = query(inboxLinkPath(claims, secret));
    const changed = (key: string, value: string) => {
      const copy = new URLSearchParams(params);
      copy.set(key, value);
      return copy;
    };
    for (const tampered of [changed("user", "bob@example.com"), changed("exp", "2000000001")]) {
      expect(verifyInboxLink(tampered, secret, now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(verifyInboxLink(params, `${secret}x`, now).ok).toBe(false);
    expect(verifyInboxLink(params, undefined, now).ok).toBe(false);
  });

  it("says when a link has expired, only once its signature holds", () => {
    const params = query(inboxLinkPath(claims, secret));
    expect(verifyInboxLink(params, secret, claims.exp + 1)).toEqual({
      ok: false,
      reason: "expired",
    });
    params.set("sig", "x".repeat(43));
    expect(verifyInboxLink(params, secret, claims.exp + 1)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("never takes a form link's signature for an inbox link's", () => {
    // A form link whose token is the label and whose run is the user: its signature must not fit.
    const formSig = signFormLink(
      {
        token: "dify-human-input inbox link v1",
        run: claims.user,
        user: String(claims.exp),
        exp: 0,
      },
      secret,
    );
    const params = new URLSearchParams({ ...claims, exp: String(claims.exp), sig: formSig });
    expect(verifyInboxLink(params, secret, now).ok).toBe(false);
  });

  it("refuses control characters, a non-canonical expiry and an overlong user", () => {
    expect(() => signInboxLink({ user: "a\nb", exp: 1 }, secret)).toThrow(/control/);
    expect(() => signInboxLink({ user: "a".repeat(321), exp: 1 }, secret)).toThrow(/1 to 320/);
    const params = query(inboxLinkPath(claims, secret));
    params.set("exp", "02000000000");
    expect(verifyInboxLink(params, secret, now).ok).toBe(false);
  });
});
