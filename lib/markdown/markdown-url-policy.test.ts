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
});
