import { describe, expect, it } from "vitest";
import {
  attachedFiles,
  fileUploadsReducer,
  uploadCounts,
  type UploadItem,
  type UploadsAction,
} from "@/lib/files/use-file-uploads";
import type { AttachedFile } from "@/lib/fields/attached-file";

const queued = (key: string): UploadItem => ({
  key,
  name: `${key}.png`,
  size: 10,
  type: "image",
  status: "queued",
  progress: 0,
});
const attached = (key: string): AttachedFile => ({
  source: "local",
  uploadFileId: `id-${key}`,
  name: `${key}.png`,
  size: 10,
  type: "image",
});
const run = (actions: UploadsAction[], start: UploadItem[] = []) =>
  actions.reduce(fileUploadsReducer, start);

describe("fileUploadsReducer", () => {
  it("moves a file from queued through uploading to done, and reports it attached", () => {
    const items = run([
      { type: "add", items: [queued("a")], replace: false },
      { type: "start", key: "a" },
      { type: "progress", key: "a", progress: 0.5 },
    ]);
    expect(items[0]).toMatchObject({ status: "uploading", progress: 0.5 });
    expect(uploadCounts(items)).toEqual({ pending: 1, failed: 0 });
    const done = run([{ type: "done", key: "a", attached: attached("a") }], items);
    expect(done[0]).toMatchObject({ status: "done", progress: 1 });
    expect(attachedFiles(done)).toEqual([attached("a")]);
    expect(uploadCounts(done)).toEqual({ pending: 0, failed: 0 });
  });

  it("keeps a removed file removed when its upload answers later", () => {
    const items = run([
      { type: "add", items: [queued("a"), queued("b")], replace: false },
      { type: "start", key: "a" },
      { type: "start", key: "b" },
      { type: "remove", key: "a" },
      { type: "progress", key: "a", progress: 0.9 },
      { type: "done", key: "a", attached: attached("a") },
      { type: "failed", key: "a", failure: { code: "network_error", message: "x" } },
    ]);
    expect(items.map((item) => item.key)).toEqual(["b"]);
    expect(attachedFiles(items)).toEqual([]);
    expect(uploadCounts(items)).toEqual({ pending: 1, failed: 0 });
  });

  it("keeps a replaced single file out when its upload answers later", () => {
    const items = run([
      { type: "add", items: [queued("old")], replace: true },
      { type: "start", key: "old" },
      { type: "add", items: [queued("new")], replace: true },
      { type: "start", key: "new" },
      { type: "done", key: "old", attached: attached("old") },
    ]);
    expect(items.map((item) => [item.key, item.status])).toEqual([["new", "uploading"]]);
  });

  it("ignores progress and answers once an upload has settled", () => {
    const items = run([
      { type: "add", items: [queued("a")], replace: false },
      { type: "start", key: "a" },
      { type: "done", key: "a", attached: attached("a") },
      { type: "progress", key: "a", progress: 0.2 },
      { type: "failed", key: "a", failure: { code: "network_error", message: "x" } },
    ]);
    expect(items[0]).toMatchObject({ status: "done", progress: 1 });
  });

  it("retries a failed upload from the start, forgetting why it failed", () => {
    const failed = run([
      { type: "add", items: [queued("a")], replace: false },
      { type: "start", key: "a" },
      { type: "failed", key: "a", failure: { code: "file_too_large", message: "big" } },
    ]);
    expect(uploadCounts(failed)).toEqual({ pending: 0, failed: 1 });
    const retried = run([{ type: "start", key: "a" }], failed);
    expect(retried[0]).toMatchObject({ status: "uploading", progress: 0, failure: undefined });
    // A done file is not uploaded again.
    const done = run([{ type: "done", key: "a", attached: attached("a") }], retried);
    expect(run([{ type: "start", key: "a" }], done)).toBe(done);
  });
});
