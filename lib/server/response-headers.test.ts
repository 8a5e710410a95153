import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/lib/server/response-headers";

describe("contentSecurityPolicy", () => {
  it("allows scripts only by nonce, never eval, in production", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", frameAncestors: [], dev: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets the allowed portal origins frame the app", () => {
    const csp = contentSecurityPolicy({
      nonce: "n",
      frameAncestors: ["https://portal.example.com", "http://localhost:4000"],
      dev: false,
    });
    expect(csp).toContain(
      "frame-ancestors 'self' https://portal.example.com http://localhost:4000",
    );
  });
});
