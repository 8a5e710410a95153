import { describe, expect, it } from "vitest";
import { scriptSources } from "./script-sources";

describe("scriptSources", () => {
  it("lists each script a module browser loads once: script tags and preloads, no styles or nomodule", () => {
    const html = [
      '<link rel="stylesheet" href="/_next/static/css/app.css" nonce="n"/>',
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js"/>',
      '<script src="/_next/static/chunks/runtime.js" async="" nonce="n"></script>',
      '<script src="/_next/static/chunks/app/form/page.js?dpl=1" async=""></script>',
      '<script nonce="n">self.__next_f.push([1,""])</script>',
      '<script src="https://cdn.example.com/x.js"></script>',
      '<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="n"></script>',
    ].join("");
    expect(scriptSources(html)).toEqual([
      "/_next/static/chunks/runtime.js",
      "/_next/static/chunks/app/form/page.js?dpl=1",
    ]);
  });
});
