"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useDropzone } from "react-dropzone";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/client/api-fetch";
import type { ErrorCode } from "@/lib/errors/error-code";
import type { AttachedFile } from "@/lib/form/answer-schema";
import type { FileType } from "@/lib/dify/schemas";
import {
  detectUploadedFileType,
  guessRemoteFileType,
  isFileTypeAllowed,
  uploadExtensionOf,
} from "@/lib/files/detect-file-type";
import { acceptedExtensions, formatBytes, sizeLimitFor } from "@/lib/files/file-category";
import type { FileFieldView, UploadLimits } from "@/lib/form/form-view";
import { uploadWithProgress, type UploadTarget } from "@/lib/files/upload-with-progress";
import type { FileFieldState } from "@/lib/files/use-file-states";

type Item = {
  key: string;
  name: string;
  size: number;
  type: FileType;
  status: "uploading" | "done" | "failed";
  progress: number;
  error?: string;
  file?: File; // kept for a retry; never stored in the draft
  preview?: string;
  attached?: AttachedFile;
};

export type FileFieldProps = {
  field: FileFieldView;
  /** Must keep its identity between renders (memoise it). */
  uploadTarget: UploadTarget;
  limits: UploadLimits;
  value: AttachedFile[];
  onChange: (files: AttachedFile[]) => void;
  onStateChange: (state: FileFieldState) => void;
  inputId: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
};

let counter = 0;
const nextKey = () => `f${++counter}`;

const fromAttached = (file: AttachedFile): Item => ({
  key: nextKey(),
  name: file.name,
  size: file.source === "local" ? file.size : 0,
  type: file.type,
  status: "done",
  progress: 1,
  attached: file,
});

/** Drop, pick or paste files; each uploads at once through the proxy. Remote links where allowed. */
export function FileField(props: FileFieldProps) {
  const t = useTranslations("form.files");
  const uploadErrorText = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiClientError)) return t("errors.failed");
      return UPLOAD_ERROR_CODES.has(error.code) ? t(`errors.${error.code}`) : error.message;
    },
    [t],
  );
  const allowed = useAllowedWords();
  const kindWords = useTranslations("form.fileHint.types");
  const refusal = (name: string, type: FileType) =>
    type === "custom"
      ? t("notAccepted", { name, allowed: allowed(props.field) })
      : t("detectedNotAccepted", { name, kind: kindWords(type), allowed: allowed(props.field) });
  const {
    field,
    uploadTarget,
    limits,
    value,
    onChange,
    onStateChange,
    inputId,
    labelId,
    describedBy,
    invalid,
  } = props;
  const max = field.kind === "file" ? 1 : field.maxFiles;
  const [items, setItems] = useState<Item[]>(() => value.map(fromAttached));
  const [problems, setProblems] = useState<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const problemsId = useId();
  const allowsLocal = field.methods.includes("local_file");
  const allowsRemote = field.methods.includes("remote_url");

  // Report attached files and pending work up whenever the list changes.
  const lastReported = useRef<string>("");
  useEffect(() => {
    const attached = items.flatMap((item) =>
      item.status === "done" && item.attached ? [item.attached] : [],
    );
    const signature = JSON.stringify(attached);
    if (signature !== lastReported.current) {
      lastReported.current = signature;
      onChange(attached);
    }
    onStateChange({
      pending: items.filter((item) => item.status === "uploading").length,
      failed: items.filter((item) => item.status === "failed").length,
    });
  }, [items, onChange, onStateChange]);

  // Thumbnails' object URLs are released when their item goes and when the field unmounts.
  const previews = useRef(new Set<string>());
  const release = (item: Item | undefined) => {
    if (item?.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
  };
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = (key: string, patch: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const startUpload = useCallback(
    (key: string, file: File, type: FileType) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: "uploading", progress: 0, error: undefined });
      uploadWithProgress(
        uploadTarget,
        file,
        (progress) => update(key, { progress }),
        controller.signal,
      )
        .then(
          (result) =>
            update(key, {
              status: "done",
              progress: 1,
              attached: {
                source: "local",
                uploadFileId: result.id,
                name: result.name,
                size: result.size,
                type,
              },
            }),
          (error: unknown) => {
            if (error instanceof DOMException && error.name === "AbortError") return;
            const message = uploadErrorText(error);
            update(key, { status: "failed", error: message });
          },
        )
        .finally(() => controllers.current.delete(key));
    },
    [uploadTarget, uploadErrorText],
  );

  const room = () => (max > 0 ? max - items.length : Number.POSITIVE_INFINITY);

  const addFiles = (files: File[]) => {
    const found: string[] = [];
    const added: Item[] = [];
    let space = max === 1 ? 1 : room();
    for (const file of files) {
      // Send the type the server will detect, and refuse here what it would refuse on submit.
      const type = detectUploadedFileType(file.name, file.type);
      const limit = sizeLimitFor(file.name, limits);
      if (!isFileTypeAllowed(type, uploadExtensionOf(file.name), constraintsOf(field)))
        found.push(refusal(file.name, type));
      else if (file.size > limit)
        found.push(
          t("tooLarge", {
            name: file.name,
            size: formatBytes(file.size),
            limit: formatBytes(limit),
          }),
        );
      else if (file.size === 0) found.push(t("empty", { name: file.name }));
      else if (space <= 0) found.push(t("tooMany", { name: file.name, max }));
      else {
        space--;
        added.push({
          key: nextKey(),
          name: file.name,
          size: file.size,
          type,
          status: "uploading",
          progress: 0,
          file,
          preview: type === "image" ? previewOf(file, previews.current) : undefined,
        });
      }
    }
    setProblems(found);
    if (added.length === 0) return;
    if (max === 1) {
      // A single-file field: the new file replaces the old one.
      items.forEach((item) => {
        controllers.current.get(item.key)?.abort();
        release(item);
      });
      setItems(added.slice(0, 1));
    } else {
      setItems((list) => [...list, ...added]);
    }
    for (const item of added) startUpload(item.key, item.file!, item.type);
  };

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) =>
      addFiles([...accepted, ...rejected.map((rejection) => rejection.file)]),
    multiple: max !== 1,
    noClick: true,
    noKeyboard: true,
    disabled: !allowsLocal,
  });

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    release(items.find((item) => item.key === key));
    setItems((list) => list.filter((item) => item.key !== key));
  };

  const accept = acceptedExtensions(field.allowedTypes, field.allowedExtensions).join(",");
  const ids =
    [describedBy, problems.length ? problemsId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <div role="group" aria-labelledby={labelId} className="file-field">
      {allowsLocal ? (
        <div {...getRootProps({ className: `dropzone${isDragActive ? " dropzone-active" : ""}` })}>
          <input
            {...getInputProps({ id: inputId, accept: accept || undefined })}
            aria-label={undefined}
            aria-describedby={ids}
            capture={undefined}
          />
          <Button
            onClick={open}
            aria-describedby={ids}
            aria-invalid={invalid || undefined}
            data-field-focus={field.name}
          >
            {t("choose", { max })}
          </Button>
          <span className="muted small"> {t("dropOrPaste")}</span>
        </div>
      ) : null}
      {allowsRemote ? (
        <RemoteUrlEntry
          field={field}
          disabled={max > 0 && items.length >= max && max !== 1}
          onAdd={(item) => {
            setProblems([]);
            if (max === 1) setItems([item]);
            else if (room() > 0) setItems((list) => [...list, item]);
            else setProblems([t("noMore", { max })]);
          }}
          focusName={allowsLocal ? undefined : field.name}
        />
      ) : null}
      {problems.length > 0 ? (
        <ul id={problemsId} className="field-error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ul className="file-list" aria-label={t("listLabel", { label: field.label })}>
          {items.map((item) => (
            <li key={item.key} className="file-item" data-status={item.status}>
              {item.preview ? (
                // eslint-disable-next-line @next/next/no-img-element -- a local object URL
                <img
                  src={item.preview}
                  alt={t("preview", { name: item.name })}
                  className="file-thumb"
                />
              ) : (
                <span className="file-thumb file-thumb-icon" aria-hidden="true">
                  {item.attached?.source === "remote" ? "🔗" : "📄"}
                </span>
              )}
              <span className="file-item-name">
                <span>{item.name}</span>
                {item.size ? (
                  <span className="muted small"> · {formatBytes(item.size)}</span>
                ) : null}
                {item.status === "uploading" ? (
                  <progress
                    className="file-progress"
                    max={1}
                    value={item.progress}
                    aria-label={t("uploading", { name: item.name })}
                  />
                ) : null}
                {item.status === "failed" ? (
                  <span className="field-error" role="alert">
                    {t("failed", { name: item.name, error: item.error ?? "" })}
                  </span>
                ) : null}
                {item.status === "done" ? (
                  <span className="visually-hidden"> {t("attached")}</span>
                ) : null}
              </span>
              {item.status === "failed" && item.file ? (
                <Button
                  size="small"
                  onClick={() => startUpload(item.key, item.file!, item.type)}
                  aria-label={t("retryName", { name: item.name })}
                >
                  {t("retry")}
                </Button>
              ) : null}
              <Button
                size="small"
                onClick={() => remove(item.key)}
                aria-label={t(item.status === "uploading" ? "cancelName" : "removeName", {
                  name: item.name,
                })}
              >
                {t(item.status === "uploading" ? "cancel" : "remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function previewOf(file: File, registry: Set<string>): string | undefined {
  if (typeof URL.createObjectURL !== "function") return undefined;
  const url = URL.createObjectURL(file);
  registry.add(url);
  return url;
}

const UPLOAD_ERROR_CODES = new Set<ErrorCode>([
  "file_too_large",
  "unsupported_file_type",
  "no_file_uploaded",
  "too_many_files",
  "filename_not_exists_error",
  "network_error",
]);

/** The kinds of file a field takes, in words of the page's language. */
function useAllowedWords() {
  const t = useTranslations("form.fileHint.types");
  const none = useTranslations("form.files")("noneAllowed");
  const locale = useLocale();
  return (field: FileFieldView): string => {
    const types = field.allowedTypes.filter((type) => type !== "custom").map((type) => t(type));
    const extensions = field.allowedTypes.includes("custom") ? field.allowedExtensions : [];
    const all = [...types, ...extensions];
    return all.length
      ? new Intl.ListFormat(locale, { type: "conjunction", style: "narrow" }).format(all)
      : none;
  };
}

function RemoteUrlEntry({
  field,
  disabled,
  onAdd,
  focusName,
}: {
  field: FileFieldView;
  disabled: boolean;
  onAdd: (item: Item) => void;
  focusName: string | undefined;
}) {
  const t = useTranslations("form.files");
  const allowed = useAllowedWords();
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const add = () => {
    const text = url.trim();
    let parsed: URL | null = null;
    try {
      parsed = new URL(text);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol)) {
      setError(t("link.invalid"));
      return;
    }
    if (text.length >= 2048) {
      setError(t("link.tooLong"));
      return;
    }
    const name = decodeURIComponent(
      parsed.pathname.split("/").filter(Boolean).pop() ?? parsed.hostname,
    );
    // The server decides from what the link's server answers; its extension is the best guess.
    const guessed = guessRemoteFileType(text);
    if (guessed && !isFileTypeAllowed(guessed, "", constraintsOf(field))) {
      setError(t("link.notAccepted", { allowed: allowed(field) }));
      return;
    }
    const fallback = field.allowedTypes.find((candidate) => candidate !== "custom") as
      FileType | undefined;
    const type =
      guessed ??
      (isFileTypeAllowed("custom", uploadExtensionOf(name), constraintsOf(field))
        ? "custom"
        : fallback);
    if (!type) {
      setError(t("link.notAccepted", { allowed: allowed(field) }));
      return;
    }
    setNote(guessed ? null : t("link.serverDecides"));
    setError(null);
    setUrl("");
    onAdd({ ...fromAttached({ source: "remote", url: text, name, type }) });
  };

  return (
    <div className="remote-url">
      <label htmlFor={inputId} className="small">
        {t("link.label")}
      </label>
      <div className="remote-url-row">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          className="input"
          placeholder="https://…"
          value={url}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-field-focus={focusName}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button onClick={add} disabled={disabled || !url.trim()}>
          {t("link.add")}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {note && !error ? (
        <p role="status" className="small">
          {note}
        </p>
      ) : null}
    </div>
  );
}

const constraintsOf = (field: FileFieldView) => ({
  allowed_file_types: field.allowedTypes,
  allowed_file_extensions: field.allowedExtensions,
});
