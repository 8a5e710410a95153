import { useId, useRef, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { FileIcon } from "@/components/ui/file-icon";
import { Button } from "@/components/ui/button";
import type { ControlProps } from "@/components/ui/form-field";
import type { AttachedFile } from "@/lib/fields/attached-file";
import type { FileType } from "@/lib/dify/file-types";
import { chooseFileType } from "@/lib/files/detect-file-type";
import { uploadExtensionOf } from "@/lib/files/file-extension";
import { acceptedExtensions, sizeLimitFor } from "@/lib/files/file-category";
import { formatBytes } from "@/lib/files/format-bytes";
import { fileKinds } from "@/lib/files/file-kinds";
import type { UploadLimits } from "@/lib/files/upload-limits";
import type { FileFieldSpec } from "@/lib/fields/field-spec";
import type { UploadTarget } from "@/lib/files/upload-with-progress";
import type { FileFieldState } from "@/lib/files/use-file-states";
import { isBusy, useFileUploads, type UploadItem } from "@/lib/files/use-file-uploads";
import { uploadMethodsOf } from "@/lib/files/upload-methods";
import { unmatchableExtensions } from "@/lib/files/unmatchable-extensions";
import { LocalFilePicker } from "@/components/files/local-file-picker";

/** Files dropped, picked, pasted (each uploads at once) or linked; `uploadTarget` is memoised. */
export function FileField<T extends FieldValues>({
  field,
  ...props
}: {
  control: Control<T>;
  name: FieldPath<T>;
  aria: ControlProps;
  labelId: string;
  field: FileFieldSpec;
  uploadTarget: UploadTarget;
  limits: UploadLimits;
  onStateChange: (state: FileFieldState) => void;
}) {
  const { field: controlled } = useController({ control: props.control, name: props.name });
  const { id: inputId, "aria-describedby": describedBy, "aria-invalid": invalid } = props.aria;
  const t = useTranslations("form.files");
  const words = { t: useTranslations(), locale: useLocale() };
  // Said only in a refusal, not at every render (the field renders on each upload's progress).
  const allowed = () => fileKinds(field, words) || t("noneAllowed");
  const refusal = (name: string, type: FileType) =>
    type === "custom"
      ? t("notAccepted", { name, allowed: allowed() })
      : t("detectedNotAccepted", {
          name,
          kind: words.t(`form.fileHint.types.${type}`),
          allowed: allowed(),
        });
  const max = field.kind === "file" ? 1 : field.maxFiles;
  const uploads = useFileUploads({
    initial: Array.isArray(controlled.value) ? (controlled.value as AttachedFile[]) : [],
    uploadTarget: props.uploadTarget,
    onChange: controlled.onChange,
    onStateChange: props.onStateChange,
  });
  const { items } = uploads;
  const [problems, setProblems] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const problemsId = useId();
  const methods = uploadMethodsOf(field.methods);
  const allowsLocal = methods.includes("local_file");
  const allowsRemote = methods.includes("remote_url");
  // Upload failures the page words itself (`form.files.errors.<code>`); others show the server's.
  const failureText = (item: UploadItem) => {
    const code = item.failure?.code ?? "failed";
    return t.has(`errors.${code}`) ? t(`errors.${code}`) : (item.failure?.message ?? "");
  };

  const room = () => (max > 0 ? max - items.length : Number.POSITIVE_INFINITY);

  const addFiles = (files: File[]) => {
    const found: string[] = [];
    const cautions: string[] = [];
    const added: { file: File; type: FileType }[] = [];
    let space = max === 1 ? 1 : room();
    for (const file of files) {
      // Send a type the server will take, and refuse here only what no server generation would.
      const choice = chooseFileType(
        { extension: uploadExtensionOf(file.name), mimeType: file.type },
        field,
      );
      const limit = sizeLimitFor(file.name, props.limits);
      if (choice.verdict === "none") found.push(refusal(file.name, choice.detected));
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
        added.push({ file, type: choice.type });
        // Taken by one server generation only: the person hears it before the form is sent.
        if (choice.verdict !== "both")
          cautions.push(t(`onlyServers.${choice.verdict}`, { name: file.name }));
      }
    }
    setProblems(found);
    setNotes(cautions);
    uploads.addFiles(added, max === 1);
  };

  const accept = acceptedExtensions(field.allowedTypes, field.allowedExtensions).join(",");
  // Dify matches the list exactly as written: a file never has `pdf` or `.LOG` as its extension.
  const unmatchable = field.allowedTypes.includes("custom")
    ? unmatchableExtensions(field.allowedExtensions)
    : [];
  const ids =
    [describedBy, problems.length ? problemsId : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <div role="group" aria-labelledby={props.labelId} className="file-field">
      {unmatchable.length > 0 ? (
        <p className="small notice">
          {t("listCannotMatch", { extensions: unmatchable.join(", ") })}
        </p>
      ) : null}
      {allowsLocal ? (
        <LocalFilePicker
          multiple={max !== 1}
          onFiles={addFiles}
          inputId={inputId}
          accept={accept || undefined}
          describedBy={ids}
          hint={<span className="muted small"> {t("dropOrPaste")}</span>}
        >
          {(open) => (
            <Button
              onClick={open}
              aria-describedby={ids}
              aria-invalid={invalid}
              data-field-focus={field.name}
            >
              {t("choose", { max })}
            </Button>
          )}
        </LocalFilePicker>
      ) : null}
      {allowsRemote ? (
        <RemoteUrlEntry
          field={field}
          allowed={allowed}
          target={props.uploadTarget}
          disabled={max > 0 && items.length >= max && max !== 1}
          onAdd={(file) => {
            setProblems([]);
            if (max !== 1 && room() <= 0) setProblems([t("noMore", { max })]);
            else uploads.addLink(file, max === 1);
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
      {notes.length > 0 ? (
        <ul className="small" role="status">
          {notes.map((note) => (
            <li key={note}>{note}</li>
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
                  <FileIcon kind={item.attached?.source === "remote" ? "link" : "document"} />
                </span>
              )}
              <span className="file-item-name">
                <span>{item.name}</span>
                {item.attached?.source === "remote" ? (
                  <span className="muted small">
                    {" · "}
                    {t("link.sentAs", {
                      kind:
                        item.attached.type === "custom"
                          ? `.${item.attached.extension ?? ""}`
                          : words.t(`form.fileHint.types.${item.attached.type}`),
                    })}
                  </span>
                ) : null}
                {item.size ? (
                  <span className="muted small"> · {formatBytes(item.size)}</span>
                ) : null}
                {isBusy(item) ? (
                  <progress
                    className="file-progress"
                    max={1}
                    value={item.progress}
                    aria-label={t("uploading", { name: item.name })}
                  />
                ) : null}
                {item.status === "failed" ? (
                  <span className="field-error" role="alert">
                    {t("failed", { name: item.name, error: failureText(item) })}
                  </span>
                ) : null}
                {item.status === "done" ? (
                  <span className="visually-hidden"> {t("attached")}</span>
                ) : null}
              </span>
              {item.status === "failed" && item.file ? (
                <Button
                  size="small"
                  onClick={() => uploads.retry(item.key)}
                  aria-label={t("retryName", { name: item.name })}
                >
                  {t("retry")}
                </Button>
              ) : null}
              <Button
                size="small"
                onClick={() => uploads.remove(item.key)}
                aria-label={t(isBusy(item) ? "cancelName" : "removeName", {
                  name: item.name,
                })}
              >
                {t(isBusy(item) ? "cancel" : "remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

// The link check's client (with zod) is not in the page's first load. It starts loading when
// the person first goes to the link box. A failed load is tried again.
const importLinkCheck = () => import("@/lib/files/link-check");
let linkCheck: ReturnType<typeof importLinkCheck> | undefined;
function loadLinkCheck() {
  linkCheck ??= importLinkCheck().catch((error: unknown) => {
    linkCheck = undefined;
    throw error;
  });
  return linkCheck;
}

function RemoteUrlEntry({
  field,
  ...props
}: {
  field: FileFieldSpec;
  allowed: () => string;
  target: UploadTarget;
  disabled: boolean;
  onAdd: (file: AttachedFile) => void;
  focusName: string | undefined;
}) {
  const t = useTranslations("form.files");
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  // While the server checks the link, Add is busy: a second click would add it twice.
  const [adding, setAdding] = useState(false);
  const inFlight = useRef(false);
  const inputId = useId();
  const errorId = useId();

  // The server checks the link as the submit will, and says what type it would send or why not.
  const add = async () => {
    const text = url.trim();
    if (inFlight.current) return;
    if (text.length >= 2048) return setError(t("link.tooLong"));
    inFlight.current = true;
    setAdding(true);
    try {
      const { requestLinkCheck } = await loadLinkCheck();
      const check = await requestLinkCheck(props.target, { field: field.name, url: text });
      if (!check.ok)
        return setError(
          check.problem === "notAccepted"
            ? t("link.notAccepted", { allowed: props.allowed() })
            : t(`link.${check.problem}`),
        );
      setError(null);
      setUrl("");
      const { url: checked, name, type, extension } = check;
      props.onAdd({ source: "remote", url: checked, name, type, extension });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t("link.unreachable"));
    } finally {
      inFlight.current = false;
      setAdding(false);
    }
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
          disabled={props.disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-field-focus={props.focusName}
          onFocus={() => void loadLinkCheck().catch(() => undefined)}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void add();
            }
          }}
        />
        <Button onClick={() => void add()} busy={adding} disabled={props.disabled || !url.trim()}>
          {t("link.add")}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
