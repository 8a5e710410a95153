import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as ClientAddress from "@/lib/server/client-address";

let subject: typeof ClientAddress;

async function withTrust(trusted: boolean) {
  vi.resetModules();
  vi.stubEnv("TRUST_PROXY_HEADERS", trusted ? "true" : "");
  subject = await import("@/lib/server/client-address");
}

function request(headers: Record<string, string> = {}): Request {
  return new Request("http://127.0.0.1:3000/api/launch", { headers });
}

describe("behind a trusted proxy", () => {
  beforeEach(() => withTrust(true));

  it("takes the entry the proxy wrote: the last, whether it appends or overwrites", () => {
    expect(subject.clientAddress(request({ "x-forwarded-for": "203.0.113.9, 198.51.100.4" }))).toBe(
      "198.51.100.4",
    );
    expect(subject.clientAddress(request({ "x-forwarded-for": "198.51.100.4" }))).toBe(
      "198.51.100.4",
    );
    expect(
      subject.proxyHeader(
        request({ "x-forwarded-host": "evil.test, app.test" }),
        "x-forwarded-host",
      ),
    ).toBe("app.test");
  });

  it("folds IPv4-mapped IPv6 to IPv4 and lower-cases IPv6", () => {
    expect(subject.clientAddress(request({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe(
      "127.0.0.1",
    );
    expect(subject.clientAddress(request({ "x-forwarded-for": "2001:DB8::1" }))).toBe(
      "2001:db8::1",
    );
  });

  it("keys anything that is not an address as one bucket", () => {
    expect(subject.clientAddress(request())).toBe("unknown");
    expect(subject.clientAddress(request({ "x-forwarded-for": "evil, not-an-ip" }))).toBe(
      "unknown",
    );
    expect(subject.clientAddress(request({ "x-forwarded-for": "" }))).toBe("unknown");
  });

  it("logs nothing about direct clients at start", () => {
    expect(subject.directClientsNotice()).toBeNull();
  });
});

describe("without a trusted proxy", () => {
  beforeEach(() => withTrust(false));

  it("counts every client together, whatever address a request names", () => {
    for (const forwarded of ["203.0.113.9", "198.51.100.4, 10.0.0.1", ""]) {
      expect(subject.clientAddress(request({ "x-forwarded-for": forwarded }))).toBe(
        subject.DIRECT_CLIENTS,
      );
    }
    expect(
      subject.proxyHeader(request({ "x-forwarded-host": "app.test" }), "x-forwarded-host"),
    ).toBe(undefined);
  });

  it("says at start what that means and what to set", () => {
    expect(subject.directClientsNotice()).toContain("TRUST_PROXY_HEADERS=true");
  });
});
