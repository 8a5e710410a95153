import type { ErrorCode } from "@/lib/errors/error-code";
import type { FileType } from "@/lib/dify/browser-schemas";
import type { AttachedFile } from "@/lib/fields/attached-file";

/** Why an upload failed: the server's error code, or "failed" when no answer came. */
export type UploadFailure = { code: ErrorCode | "failed"; message: string };

// The state machine of one file field's files: queued → uploading (with progress) → done or
// failed; failed → uploading again on retry; any → removed (the item leaves the list). Pure, so
// the order of events an upload can produce (late progress, an answer after a cancel) is tested.

export type UploadStatus = "queued" | "uploading" | "done" | "failed";

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  type: FileType;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** Why an upload failed: an error code (translated when shown) and the server's message. */
  failure?: UploadFailure;
  /** Kept for a retry; never stored in the draft. */
  file?: File;
  preview?: string;
  attached?: AttachedFile;
};

export type UploadsAction =
  /** New items; `replace` for a single-file field, whose new file replaces the old one. */
  | { type: "add"; items: UploadItem[]; replace: boolean }
  | { type: "start"; key: string }
  | { type: "progress"; key: string; progress: number }
  | { type: "done"; key: string; attached: AttachedFile }
  | { type: "failed"; key: string; failure: UploadFailure }
  | { type: "remove"; key: string };

/** Which statuses an event may move an item from; an event for any other item is stale. */
const FROM: Record<Exclude<UploadsAction["type"], "add" | "remove">, readonly UploadStatus[]> = {
  start: ["queued", "failed"],
  progress: ["uploading"],
  done: ["uploading"],
  failed: ["uploading"],
};

export function fileUploadsReducer(items: UploadItem[], action: UploadsAction): UploadItem[] {
  switch (action.type) {
    case "add":
      return action.replace ? action.items : [...items, ...action.items];
    case "remove":
      return items.filter((item) => item.key !== action.key);
    default: {
      const item = items.find((candidate) => candidate.key === action.key);
      // A removed item stays removed: its upload's late answer (or progress) changes nothing.
      if (!item || !FROM[action.type].includes(item.status)) return items;
      const next: UploadItem =
        action.type === "start"
          ? { ...item, status: "uploading", progress: 0, failure: undefined }
          : action.type === "progress"
            ? { ...item, progress: action.progress }
            : action.type === "done"
              ? { ...item, status: "done", progress: 1, attached: action.attached }
              : { ...item, status: "failed", failure: action.failure };
      return items.map((candidate) => (candidate === item ? next : candidate));
    }
  }
}

/** The files a field holds for the form: the finished uploads and the links. */
export function attachedFiles(items: readonly UploadItem[]): AttachedFile[] {
  return items.flatMap((item) => (item.status === "done" && item.attached ? [item.attached] : []));
}

/** An upload not finished yet. */
export const isBusy = (item: UploadItem) => item.status === "queued" || item.status === "uploading";

/** Uploads not finished yet, and uploads that failed. */
export function uploadCounts(items: readonly UploadItem[]): { pending: number; failed: number } {
  return {
    pending: items.filter(isBusy).length,
    failed: items.filter((item) => item.status === "failed").length,
  };
}
