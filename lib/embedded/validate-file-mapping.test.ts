import { describe, expect, it } from "vitest";
import { createEmbeddedStore } from "./store";
import { remoteFetchFailure, validateFileMapping } from "./validate-file-mapping";

const store = createEmbeddedStore([]);
store.putUpload({
  id: "up-1",
  name: "notes.md",
  size: 3,
  extension: "md",
  mime_type: "text/markdown",
  category: "document",
  user: "alice",
  created_by: "end-user",
  created_at: 0,
  source_url: "http://x/files/up-1",
});
store.putUpload({
  id: "up-py",
  name: "tool.py",
  size: 3,
  extension: "py",
  mime_type: "text/x-python",
  category: "document",
  user: "alice",
  created_by: "end-user",
  created_at: 0,
  source_url: "http://x/files/up-py",
});
store.putUpload({
  id: "up-zip",
  name: "a.zip",
  size: 3,
  extension: "zip",
  mime_type: "application/zip",
  category: "document",
  user: "alice",
  created_by: "end-user",
  created_at: 0,
  source_url: "http://x/files/up-zip",
});

const localOnly = {
  allowed_file_types: ["document", "custom"],
  allowed_file_extensions: [".MD"],
  allowed_file_upload_methods: ["local_file"],
};

describe("validateFileMapping", () => {
  it("accepts the user's own upload of an allowed type", () => {
    expect(
      validateFileMapping({
        value: { type: "document", transfer_method: "local_file", upload_file_id: "up-1" },
        constraints: localOnly,
        user: "alice",
        store,
      }),
    ).toBeNull();
  });

  it("refuses a type other than the detected one, even where that type is allowed", () => {
    const mismatch =
      "Detected file type does not match the specified type. Please verify the file.";
    expect(
      validateFileMapping({
        value: { type: "custom", transfer_method: "local_file", upload_file_id: "up-1" },
        constraints: localOnly,
        user: "alice",
        store,
      }),
    ).toBe(mismatch);
    // A .py file is on no list; its MIME type (text/…) makes it a document.
    expect(
      validateFileMapping({
        value: { type: "custom", transfer_method: "local_file", upload_file_id: "up-py" },
        constraints: { ...localOnly, allowed_file_extensions: [".py"] },
        user: "alice",
        store,
      }),
    ).toBe(mismatch);
    expect(
      validateFileMapping({
        value: { type: "document", transfer_method: "local_file", upload_file_id: "up-py" },
        constraints: localOnly,
        user: "alice",
        store,
      }),
    ).toBeNull();
  });

  it("takes custom only with its extension listed, and refuses a PDF in a custom + .pdf field", () => {
    const customZip = {
      allowed_file_types: ["custom"],
      allowed_file_extensions: [".zip"],
      allowed_file_upload_methods: [],
    };
    expect(
      validateFileMapping({
        value: { type: "custom", transfer_method: "local_file", upload_file_id: "up-zip" },
        constraints: customZip,
        user: "alice",
        store,
      }),
    ).toBeNull();
    expect(
      validateFileMapping({
        value: { type: "document", transfer_method: "remote_url", url: "https://e.com/a.pdf" },
        constraints: { ...customZip, allowed_file_extensions: [".pdf"] },
        user: "alice",
        store,
      }),
    ).toBe("file type 'document' is not allowed");
  });

  it("refuses a method the input does not allow", () => {
    expect(
      validateFileMapping({
        value: { type: "document", transfer_method: "remote_url", url: "https://e.com/a.md" },
        constraints: localOnly,
        user: "alice",
        store,
      }),
    ).toBe("transfer method 'remote_url' is not allowed");
  });

  it("refuses a type mismatch and another user's upload", () => {
    expect(
      validateFileMapping({
        value: { type: "image", transfer_method: "local_file", upload_file_id: "up-1" },
        constraints: localOnly,
        user: "alice",
        store,
      }),
    ).toMatch(/^Detected file type does not match/);
    expect(
      validateFileMapping({
        value: { type: "document", transfer_method: "local_file", upload_file_id: "up-1" },
        constraints: localOnly,
        user: "bob",
        store,
      }),
    ).toMatch(/not found/);
  });
});

describe("remoteFetchFailure", () => {
  const remote = (url: string) => ({ type: "document", transfer_method: "remote_url", url });

  it("fails hosts under .invalid, naming the URL", () => {
    expect(remoteFetchFailure(remote("https://unreachable.invalid/a.pdf"))).toBe(
      "failed to fetch remote file https://unreachable.invalid/a.pdf",
    );
    expect(remoteFetchFailure(remote("http://deep.sub.INVALID./b.pdf"))).toMatch(
      /^failed to fetch/,
    );
  });

  it("passes every other URL and non-remote mappings without any network access", () => {
    expect(remoteFetchFailure(remote("https://example.com/a.pdf"))).toBeNull();
    expect(remoteFetchFailure(remote("https://invalid.example.com/a.pdf"))).toBeNull();
    expect(
      remoteFetchFailure({ type: "document", transfer_method: "local_file", upload_file_id: "x" }),
    ).toBeNull();
  });
});
