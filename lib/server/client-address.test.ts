import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/server/client-address";

function request(forwardedFor?: string): Request {
  const headers = new Headers();
  if (forwardedFor !== undefined) headers.set("x-forwarded-for", forwardedFor);
  return new Request("http://127.0.0.1:3000/api/launch", { headers });
}

describe("clientAddress", () => {
  it("takes the nearest hop's entry (a proxy appends what it saw)", () => {
    expect(clientAddress(request("203.0.113.9, 198.51.100.4"))).toBe("198.51.100.4");
  });

  it("folds IPv4-mapped IPv6 to IPv4 and lower-cases IPv6", () => {
    expect(clientAddress(request("::ffff:127.0.0.1"))).toBe("127.0.0.1");
    expect(clientAddress(request("2001:DB8::1"))).toBe("2001:db8::1");
  });

  it("keys anything that is not an address as one bucket", () => {
    expect(clientAddress(request())).toBe("unknown");
    expect(clientAddress(request("evil, not-an-ip"))).toBe("unknown");
    expect(clientAddress(request(""))).toBe("unknown");
  });
});
