import { describe, expect, it } from "vitest";
import { remoteExtensionOf } from "./file-extension";

describe("remoteExtensionOf", () => {
  it("reads the extension of the path's last segment only", () => {
    expect(remoteExtensionOf("https://files.example.com")).toBe("");
    expect(remoteExtensionOf("https://e.com/a%20b.MP3#t=1")).toBe("mp3");
    expect(remoteExtensionOf("not a url")).toBe("");
  });
});
