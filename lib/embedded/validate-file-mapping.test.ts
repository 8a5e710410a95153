import { describe, expect, it } from "vitest";
import type { ServerGeneration } from "./file-types";
import { NO_REMOTE_ANSWERS, type RemoteAnswers } from "./remote-file-info";
import { createEmbeddedStore } from "./store";
import {
  remoteFetchFailure,
  validateFileMapping,
  type FileConstraints,
} from "./validate-file-mapping";

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
  id: "up-dotx",
  name: "letter.dotx",
  size: 3,
  extension: "dotx",
  mime_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
  category: "document",
  user: "alice",
  created_by: "end-user",
  created_at: 0,
  source_url: "http://x/files/up-dotx",
});
store.putUpload({
  id: "up-log",
  name: "run.log",
  size: 3,
  extension: "log",
  mime_type: "text/x-log",
  category: "document",
  user: "alice",
  created_by: "end-user",
  created_at: 0,
  source_url: "http://x/files/up-log",
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

const MISMATCH = "Detected file type does not match the specified type. Please verify the file.";

function check(
  value: unknown,
  constraints: FileConstraints,
  {
    generation = "since-0.7",
    user = "alice",
    remote = NO_REMOTE_ANSWERS,
  }: { generation?: ServerGeneration; user?: string; remote?: RemoteAnswers } = {},
) {
  return validateFileMapping({
    value,
    constraints,
    context: { user, store, generation, remote },
  });
}

const local = (type: string, id: string, extension?: string) => ({
  type,
  transfer_method: "local_file",
  upload_file_id: id,
  ...(extension === undefined ? {} : { extension }),
});

describe("validateFileMapping", () => {
  it("accepts the user's own upload of an allowed type, in both generations", () => {
    for (const generation of ["before-0.7", "since-0.7"] as const)
      expect(check(local("document", "up-1", ".md"), localOnly, { generation })).toBeNull();
  });

  it("refuses a type other than the detected one, custom included, in every generation", () => {
    // A .py file is on no list; its MIME type (text/…) makes it a document.
    const py = { ...localOnly, allowed_file_extensions: [".py"] };
    for (const generation of ["before-0.7", "since-0.7"] as const)
      expect(check(local("custom", "up-py", ".py"), py, { generation })).toBe(MISMATCH);
    expect(check(local("document", "up-py", ".py"), localOnly)).toBeNull();
    expect(check(local("image", "up-1", ".md"), { ...localOnly, allowed_file_types: [] })).toBe(
      MISMATCH,
    );
  });

  it("judges the mapping's own type and extension since 0.7.0, the list matched exactly", () => {
    const logOnly = (extension: string) => ({
      allowed_file_types: ["custom"],
      allowed_file_extensions: [extension],
      allowed_file_upload_methods: [],
    });
    // No case folding, no dot added.
    expect(check(local("custom", "up-log", ".log"), logOnly(".LOG"))).toBe(
      "extension '.log' is not allowed",
    );
    expect(check(local("custom", "up-log", ".log"), logOnly("log"))).toBe(
      "extension '.log' is not allowed",
    );
    // Without its extension the mapping is judged as an extension-less custom file.
    expect(check(local("custom", "up-log"), logOnly(".log"))).toBe("extension '' is not allowed");
    // Listed exactly, the file is built and detected as a document (text/x-log): a strict build
    // refuses the custom sent, in both generations.
    for (const generation of ["before-0.7", "since-0.7"] as const)
      expect(check(local("custom", "up-log", ".log"), logOnly(".log"), { generation })).toBe(
        MISMATCH,
      );
  });

  it("files a .dotx by generation: a document since 0.7.0, custom before", () => {
    const documents = {
      allowed_file_types: ["document"],
      allowed_file_extensions: [],
      allowed_file_upload_methods: [],
    };
    expect(check(local("document", "up-dotx", ".dotx"), documents)).toBeNull();
    expect(
      check(local("document", "up-dotx", ".dotx"), documents, { generation: "before-0.7" }),
    ).toBe(MISMATCH);
    expect(
      check(local("custom", "up-dotx", ".dotx"), documents, { generation: "before-0.7" }),
    ).toBe("extension '.dotx' is not allowed");
  });

  it("takes custom only with its extension listed", () => {
    const customZip = {
      allowed_file_types: ["custom"],
      allowed_file_extensions: [".zip"],
      allowed_file_upload_methods: [],
    };
    for (const generation of ["before-0.7", "since-0.7"] as const)
      expect(check(local("custom", "up-zip", ".zip"), customZip, { generation })).toBeNull();
    // The mapping's extension is judged as sent since 0.7.0: without its dot it is not listed.
    expect(check(local("custom", "up-zip", "zip"), customZip)).toBe(
      "extension '.zip' is not allowed",
    );
    expect(check(local("custom", "up-1", "md"), customZip)).toBe("extension '.md' is not allowed");
  });

  it("refuses a method the input does not allow, and takes every method for an empty list", () => {
    const remote = { type: "document", transfer_method: "remote_url", url: "https://e.com/a.md" };
    expect(check({ ...remote, extension: ".md" }, localOnly)).toBe(
      "transfer method 'remote_url' is not allowed",
    );
    expect(
      check({ ...remote, extension: ".md" }, { ...localOnly, allowed_file_upload_methods: [] }),
    ).toBeNull();
  });

  it("types a remote file by what its server answered: the file name first, then the MIME type", () => {
    const any = {
      allowed_file_types: [],
      allowed_file_extensions: [],
      allowed_file_upload_methods: [],
    };
    const url = "https://files.example/download?id=7";
    const answered = (filename: string, mimeType: string): RemoteAnswers =>
      new Map([[url, { failed: false, mimeType, filename }]]);
    const mapping = (type: string) => ({ type, transfer_method: "remote_url", url, extension: "" });
    expect(check(mapping("document"), any, { remote: answered("Report.PDF", "") })).toBeNull();
    expect(check(mapping("image"), any, { remote: answered("", "image/png") })).toBeNull();
    expect(
      check(mapping("document"), any, { remote: answered("", "application/octet-stream") }),
    ).toBe(MISMATCH);
    // The URL path's extension is lower-cased before it is looked up.
    expect(
      check({ ...mapping("document"), url: "https://e.com/A.Pdf" }, any, {
        generation: "before-0.7",
      }),
    ).toBeNull();
  });

  it("refuses another user's upload as if it did not exist", () => {
    expect(check(local("document", "up-1", ".md"), localOnly, { user: "bob" })).toMatch(
      /not found/,
    );
  });
});

describe("remoteFetchFailure", () => {
  const remote = (url: string) => ({ type: "document", transfer_method: "remote_url", url });

  it("names the URL whose server could not be reached", () => {
    const url = "https://unreachable.invalid/a.pdf";
    expect(remoteFetchFailure(remote(url), new Map([[url, { failed: true }]]))).toBe(
      "failed to fetch remote file https://unreachable.invalid/a.pdf",
    );
  });

  it("passes URLs that were answered or not asked, and non-remote mappings", () => {
    expect(remoteFetchFailure(remote("https://example.com/a.pdf"), NO_REMOTE_ANSWERS)).toBeNull();
    expect(
      remoteFetchFailure(
        { type: "document", transfer_method: "local_file", upload_file_id: "x" },
        NO_REMOTE_ANSWERS,
      ),
    ).toBeNull();
  });
});
