import { describe, expect, it } from "vitest";
import { openSealedValue, sealValue } from "@/lib/server/auth/sealed-value";
import { openSession, sealSession, type Session } from "@/lib/server/auth/session";

const secret = "test-secret-test-secret-test-secret";
const now = 1_900_000_000;
const session: Session = {
  via: "oidc",
  user: "alice@example.com",
  exp: now + 3600,
  issuer: "http://127.0.0.1:3571",
  subject: "alice",
  email: "alice@example.com",
};

describe("sessions", () => {
  it("open as they were sealed, and each sealing differs", () => {
    const sealed = sealSession(session, secret);
    expect(openSession(sealed, secret, now)).toEqual({ ok: true, session });
    expect(sealSession(session, secret)).not.toBe(sealed);
  });

  it("refuse a changed byte, another secret and garbage", () => {
    const sealed = sealSession(session, secret);
    const bytes = Buffer.from(sealed, "base64url");
    bytes[bytes.length - 1]! ^= 1;
    for (const value of [bytes.toString("base64url"), "not sealed", "", "AAAA"]) {
      expect(openSession(value, secret, now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(openSession(sealed, `${secret}x`, now).ok).toBe(false);
  });

  it("say when a session has expired", () => {
    const sealed = sealSession({ via: "link", user: "bob", exp: now - 1 }, secret);
    expect(openSession(sealed, secret, now)).toEqual({ ok: false, reason: "expired" });
  });

  it("do not open a value sealed for another use", () => {
    const other = sealValue(secret, "oidc state v1", session);
    expect(openSession(other, secret, now).ok).toBe(false);
    expect(openSealedValue(secret, "oidc state v1", other)).toEqual(session);
  });
});
