import { useTranslations } from "next-intl";
import { lazy, Suspense, useId, type ComponentProps } from "react";
import type { FieldValues } from "react-hook-form";
import type { FileField } from "@/components/files/file-field";
import { Button } from "@/components/ui/button";
import { useAfterIdle } from "@/lib/client/use-after-idle";
import { unmatchableExtensions } from "@/lib/files/unmatchable-extensions";
import { uploadMethodsOf } from "@/lib/files/upload-methods";

// The file field (its uploads, type checks and drop zone) is a chunk of its own: only pages that
// show a file field load it, and only once the browser is idle after hydration.
const LoadedFileField = lazy(() =>
  import("@/components/files/file-field").then((module) => ({ default: module.FileField })),
) as unknown as typeof FileField;

/**
 * A file field; on the server and until its chunk is in, its first look stands in: the same boxes
 * at the same size, the button focusable (the form's error focus finds it) and the link box
 * read-only, so nothing typed there is lost when the field takes over.
 */
export function DeferredFileField<T extends FieldValues>(
  props: ComponentProps<typeof FileField<T>>,
) {
  const idle = useAfterIdle();
  const placeholder = <FileFieldPlaceholder {...props} />;
  if (!idle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedFileField {...props} />
    </Suspense>
  );
}

function FileFieldPlaceholder<T extends FieldValues>({
  field,
  aria,
  labelId,
}: ComponentProps<typeof FileField<T>>) {
  const t = useTranslations("form.files");
  const linkId = useId();
  const methods = uploadMethodsOf(field.methods);
  const allowsLocal = methods.includes("local_file");
  const unmatchable = field.allowedTypes.includes("custom")
    ? unmatchableExtensions(field.allowedExtensions)
    : [];
  return (
    <div role="group" aria-labelledby={labelId} className="file-field" data-awaiting-field="">
      {unmatchable.length > 0 ? (
        <p className="small notice">
          {t("listCannotMatch", { extensions: unmatchable.join(", ") })}
        </p>
      ) : null}
      {allowsLocal ? (
        <div className="dropzone">
          <Button
            aria-describedby={aria["aria-describedby"]}
            aria-invalid={aria["aria-invalid"]}
            data-field-focus={field.name}
          >
            {t("choose", { max: field.kind === "file" ? 1 : field.maxFiles })}
          </Button>
          <span className="muted small"> {t("dropOrPaste")}</span>
        </div>
      ) : null}
      {methods.includes("remote_url") ? (
        <div className="remote-url">
          <label htmlFor={linkId} className="small">
            {t("link.label")}
          </label>
          <div className="remote-url-row">
            <input
              id={linkId}
              type="url"
              inputMode="url"
              className="input"
              placeholder="https://…"
              value=""
              readOnly
              data-field-focus={allowsLocal ? undefined : field.name}
            />
            <Button disabled>{t("link.add")}</Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
