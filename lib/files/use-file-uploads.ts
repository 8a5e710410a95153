import pLimit from "p-limit";
import { useEffect, useReducer, useRef } from "react";
import type { FileType } from "@/lib/dify/file-types";
import { ApiClientError } from "@/lib/client/api-client-error";
import type { ErrorCode } from "@/lib/errors/error-code";
import type { AttachedFile } from "@/lib/fields/attached-file";
import { uploadWithProgress, type UploadTarget } from "@/lib/files/upload-with-progress";
import type { FileFieldState } from "@/lib/files/use-file-states";

/** The server's error code (translated when shown) and message, or "failed" when none came. */
type UploadFailure = { code: ErrorCode | "failed"; message: string };

// One file field's files: queued → uploading → done or failed; failed → uploading on retry; any →
// removed. Pure, so the orders of events an upload can produce are tested.

export type UploadStatus = "queued" | "uploading" | "done" | "failed";

export type UploadItem = {
  key: string;
  name: string;
  size: number;
  type: FileType;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
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

/** The statuses an event may move an item from; for any other item it is stale. */
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

export function attachedFiles(items: readonly UploadItem[]): AttachedFile[] {
  return items.flatMap((item) => (item.status === "done" && item.attached ? [item.attached] : []));
}

export const isBusy = (item: UploadItem) => item.status === "queued" || item.status === "uploading";

export function uploadCounts(items: readonly UploadItem[]): FileFieldState {
  return {
    pending: items.filter(isBusy).length,
    failed: items.filter((item) => item.status === "failed").length,
  };
}

// The page's uploads, all fields together, two at a time (below the server's MAX_UPLOADS_PER_LINK):
// the rest wait their turn instead of being refused by the per-link cap.
const uploadGate = pLimit(2);

let counter = 0;
const nextKey = () => `f${++counter}`;

const fromAttached = (file: AttachedFile): UploadItem => ({
  key: nextKey(),
  name: file.name,
  size: file.source === "local" ? file.size : 0,
  type: file.type,
  status: "done",
  progress: 1,
  attached: file,
});

/** One file field's uploads. `initial` (a restored draft) is read once; `uploadTarget` memoised. */
export function useFileUploads({
  initial,
  uploadTarget,
  onChange,
  onStateChange,
}: {
  initial: AttachedFile[];
  uploadTarget: UploadTarget;
  onChange: (files: AttachedFile[]) => void;
  onStateChange: (state: FileFieldState) => void;
}) {
  const [items, dispatch] = useReducer(fileUploadsReducer, initial, (files) =>
    files.map(fromAttached),
  );
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  const lastReported = useRef("");
  useEffect(() => {
    const attached = attachedFiles(items);
    const signature = JSON.stringify(attached);
    if (signature !== lastReported.current) {
      lastReported.current = signature;
      onChange(attached);
    }
    onStateChange(uploadCounts(items));
  }, [items, onChange, onStateChange]);

  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      running.forEach((controller) => controller.abort());
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const release = (item: UploadItem | undefined) => {
    controllers.current.get(item?.key ?? "")?.abort();
    if (item?.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
  };

  const upload = async (key: string, file: File, type: FileType) => {
    const controller = new AbortController();
    controllers.current.set(key, controller);
    try {
      const { id, name, size } = await uploadGate(() => {
        if (controller.signal.aborted) throw new DOMException("Upload cancelled", "AbortError");
        dispatch({ type: "start", key });
        const onProgress = (progress: number) => dispatch({ type: "progress", key, progress });
        return uploadWithProgress(uploadTarget, file, onProgress, controller.signal);
      });
      dispatch({
        type: "done",
        key,
        attached: { source: "local", uploadFileId: id, name, size, type },
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      if (!(error instanceof ApiClientError))
        return dispatch({ type: "failed", key, failure: { code: "failed", message: "" } });
      uploadTarget.onRefused?.(error);
      dispatch({ type: "failed", key, failure: { code: error.code, message: error.message } });
    } finally {
      if (controllers.current.get(key) === controller) controllers.current.delete(key);
    }
  };

  /** Uploads local files (already checked); `replace` for a single-file field. */
  const addFiles = (files: { file: File; type: FileType }[], replace: boolean) => {
    const added = files.map(({ file, type }): UploadItem => {
      const preview =
        type === "image" && typeof URL.createObjectURL === "function"
          ? URL.createObjectURL(file)
          : undefined;
      if (preview) previews.current.add(preview);
      return {
        key: nextKey(),
        name: file.name,
        size: file.size,
        type,
        status: "queued",
        progress: 0,
        file,
        preview,
      };
    });
    if (added.length === 0) return;
    if (replace) items.forEach(release);
    dispatch({ type: "add", items: added, replace });
    for (const item of added) void upload(item.key, item.file!, item.type);
  };

  const addLink = (file: AttachedFile, replace: boolean) => {
    if (replace) items.forEach(release);
    dispatch({ type: "add", items: [fromAttached(file)], replace });
  };

  const remove = (key: string) => {
    release(items.find((item) => item.key === key));
    dispatch({ type: "remove", key });
  };

  const retry = (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (item?.status === "failed" && item.file) void upload(item.key, item.file, item.type);
  };

  return { items, addFiles, addLink, remove, retry };
}
