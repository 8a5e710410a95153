import { describe, expect, it } from "vitest";
import { isAllowedImageSrc, isInternalHref } from "@/lib/markdown/markdown-url-policy";

describe("isInternalHref", () => {
  it.each(["/form/abc", "#section", "?lang=ja", "next", "./a", "../b"])(
    "keeps %s in the page",
    (href) => expect(isInternalHref(href)).toBe(true),
  );

  it.each([
    "//evil.example/x",
    " //evil.example/x",
    "/\\evil.example/x",
    "\\\\evil.example/x",
    "https://evil.example/",
    "https://same-origin.invalid/form/x",
    "mailto:a@example.com",
    "HTTPS://evil.example",
  ])("treats %s as external", (href) => expect(isInternalHref(href)).toBe(false));
});

describe("isAllowedImageSrc", () => {
  const allowed = ["https://dify.example.com", "http://127.0.0.1:5001"];
  it("loads images only from the allowed origins", () => {
    expect(isAllowedImageSrc("https://dify.example.com/files/a.png", allowed)).toBe(true);
    expect(isAllowedImageSrc("http://127.0.0.1:5001/x.png", allowed)).toBe(true);
  });

  it.each([
    "https://evil.example/collect?data=secret",
    "https://dify.example.com.evil.example/a.png",
    "http://dify.example.com/a.png",
    "https://dify.example.com:444/a.png",
    "//dify.example.com/a.png",
    "/local.png",
    "data:image/png;base64,AAAA",
  ])("refuses %s", (src) => expect(isAllowedImageSrc(src, allowed)).toBe(false));

  const prefixed = ["https://cdn.example.com/images/"];
  it("keeps to a source's path prefix", () => {
    expect(isAllowedImageSrc("https://cdn.example.com/images/a.png", prefixed)).toBe(true);
    expect(isAllowedImageSrc("https://cdn.example.com/images/team/b.png", prefixed)).toBe(true);
  });

  it.each([
    "https://cdn.example.com/private/a.png",
    "https://cdn.example.com/images",
    "https://cdn.example.com/imagesX/a.png",
    "https://cdn.example.com/images/../private/a.png",
    "https://cdn.example.com/images/%2e%2e/private/a.png",
    "https://cdn.example.com/images%2F..%2Fprivate/a.png",
    "https://other.example.com/images/a.png",
  ])("refuses %s outside the prefix", (src) =>
    expect(isAllowedImageSrc(src, prefixed)).toBe(false),
  );
});
