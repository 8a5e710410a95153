import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, frameAncestorsFor } from "@/lib/server/http/response-headers";

const base = { nonce: "abc", frameAncestors: [], imageSources: [], dev: false };
const directive = (csp: string, name: string) =>
  csp.split("; ").find((part) => part.startsWith(`${name} `));

describe("contentSecurityPolicy", () => {
  it("allows scripts only by nonce, never eval, in production", () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("lets the allowed portal origins frame the page, and no one else", () => {
    const csp = contentSecurityPolicy({
      ...base,
      frameAncestors: ["https://portal.example.com", "http://localhost:4000"],
    });
    expect(directive(csp, "frame-ancestors")).toBe(
      "frame-ancestors https://portal.example.com http://localhost:4000",
    );
  });

  it("loads images from the app, blob: and data: previews and the Markdown sources only", () => {
    const csp = contentSecurityPolicy({
      ...base,
      imageSources: ["https://dify.example.com", "https://cdn.example.com/images/"],
    });
    expect(directive(csp, "img-src")).toBe(
      "img-src 'self' blob: data: https://dify.example.com https://cdn.example.com/images/",
    );
    expect(directive(contentSecurityPolicy(base), "img-src")).toBe("img-src 'self' blob: data:");
  });
});

describe("frameAncestorsFor", () => {
  const portals = ["https://portal.example.com"];
  it("names the portals on form pages only", () => {
    expect(frameAncestorsFor("/form/abc", portals)).toEqual(portals);
    for (const path of ["/", "/knowledge", "/formx", "/form", "/anything"]) {
      expect(frameAncestorsFor(path, portals), path).toEqual([]);
    }
  });
});
