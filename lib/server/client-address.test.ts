import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
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

  it("folds IPv4-mapped IPv6 to IPv4, and keys other IPv6 by its /64", () => {
    expect(subject.clientAddress(request({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe(
      "127.0.0.1",
    );
    // One host has a whole /64 to pick addresses from: they are one client.
    for (const address of ["2001:DB8::1", "2001:db8:0:0:ffff:1:2:3", "[2001:db8::9]:443"])
      expect(subject.clientAddress(request({ "x-forwarded-for": address })), address).toBe(
        "2001:db8::/64",
      );
    expect(subject.clientAddress(request({ "x-forwarded-for": "2001:db8:0:1::1" }))).toBe(
      "2001:db8:0:1::/64",
    );
  });

  it("reads an address with a port or zero-padded as the address it is", () => {
    for (const entry of ["198.51.100.4:51234", "198.051.100.004", "198.051.100.004:80"])
      expect(subject.clientAddress(request({ "x-forwarded-for": entry })), entry).toBe(
        "198.51.100.4",
      );
  });

  it("refuses anything that is not an address rather than pooling it with others", () => {
    for (const entry of ["evil, not-an-ip", "", "unknown", "198.51.100.4:x", "1.2.3.4.5"])
      expect(() => subject.clientAddress(request({ "x-forwarded-for": entry })), entry).toThrow(
        expect.objectContaining({ status: 400, code: "invalid_request" }),
      );
    expect(() => subject.clientAddress(request())).toThrow(ApiError);
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
