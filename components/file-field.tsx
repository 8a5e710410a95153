"use client";

import { useId, useState } from "react";
import { ApiClientError } from "@/lib/api-fetch";
import type { AttachedFile } from "@/lib/answer-schema";
import { acceptedExtensions, fileTypeFor, formatBytes, sizeLimitFor } from "@/lib/file-category";
import { uploadFormFile, type FormLinkContext } from "@/lib/form-api";
import type { FieldView, UploadLimits } from "@/lib/form-view";
import { Button } from "@/components/ui/button";

type FileFieldView = Extract<FieldView, { kind: "file" | "file-list" }>;

type FileFieldProps = {
  field: FileFieldView;
  link: FormLinkContext;
  limits: UploadLimits;
  value: AttachedFile[];
  onChange: (files: AttachedFile[]) => void;
  onBusyChange: (busy: boolean) => void;
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
};

/** Picks files, checks them, and uploads each at once through the proxy. */
export function FileField({
  field,
  link,
  limits,
  value,
  onChange,
  onBusyChange,
  inputId,
  describedBy,
  invalid,
}: FileFieldProps) {
  const [pending, setPending] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const problemsId = useId();
  const max = field.kind === "file" ? 1 : field.maxFiles;
  const accept = acceptedExtensions(field.allowedTypes, field.allowedExtensions).join(",");

  async function addFiles(files: File[]) {
    const found: string[] = [];
    const room = max > 0 ? max - value.length - pending.length : Infinity;
    const accepted: { file: File; type: NonNullable<ReturnType<typeof fileTypeFor>> }[] = [];
    for (const file of files) {
      const type = fileTypeFor(file.name, field.allowedTypes, field.allowedExtensions);
      const limit = sizeLimitFor(file.name, limits);
      if (!type) found.push(`${file.name}: this type of file is not accepted here.`);
      else if (file.size > limit) found.push(`${file.name}: larger than ${formatBytes(limit)}.`);
      else if (accepted.length >= room)
        found.push(
          `${file.name}: no more than ${max} file${max === 1 ? "" : "s"} can be attached.`,
        );
      else accepted.push({ file, type });
    }
    setProblems(found);
    if (accepted.length === 0) return;
    setPending((list) => [...list, ...accepted.map(({ file }) => file.name)]);
    onBusyChange(true);
    const uploaded: AttachedFile[] = [];
    for (const { file, type } of accepted) {
      try {
        const result = await uploadFormFile(link, file);
        uploaded.push({
          source: "local",
          uploadFileId: result.id,
          name: result.name,
          size: result.size,
          type,
        });
      } catch (error) {
        const message = error instanceof ApiClientError ? error.message : "The upload failed.";
        setProblems((list) => [...list, `${file.name}: ${message}`]);
      }
    }
    setPending([]);
    onBusyChange(false);
    onChange(max === 1 ? uploaded.slice(0, 1) : [...value, ...uploaded]);
  }

  return (
    <div>
      <input
        id={inputId}
        type="file"
        className="input"
        accept={accept || undefined}
        multiple={max !== 1}
        aria-describedby={
          [describedBy, problems.length ? problemsId : undefined].filter(Boolean).join(" ") ||
          undefined
        }
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          void addFiles(files);
        }}
      />
      {pending.length > 0 ? (
        <p className="field-hint" role="status">
          Uploading {pending.join(", ")}…
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul id={problemsId} className="field-error">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {value.length > 0 ? (
        <ul className="file-list" aria-label={`Attached to ${field.label}`}>
          {value.map((file, index) => (
            <li key={file.source === "local" ? file.uploadFileId : file.url} className="file-item">
              <span className="file-item-name">
                {file.name}
                {file.source === "local" ? (
                  <span className="muted small"> · {formatBytes(file.size)}</span>
                ) : null}
              </span>
              <Button
                size="small"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
