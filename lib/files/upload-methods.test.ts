import { describe, expect, it } from "vitest";
import { uploadMethodsOf } from "./upload-methods";

describe("uploadMethodsOf", () => {
  it("reads an empty list as every method, and keeps a given one", () => {
    expect(uploadMethodsOf([])).toEqual(["local_file", "remote_url"]);
    expect(uploadMethodsOf(["remote_url"])).toEqual(["remote_url"]);
  });
});
