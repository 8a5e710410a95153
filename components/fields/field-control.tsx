import { useTranslations } from "next-intl";
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues, UseFormRegister } from "react-hook-form";
import { DeferredFileField } from "@/components/files/deferred-file-field";
import type { FileField } from "@/components/files/file-field";
import { FormField, type ControlProps } from "@/components/ui/form-field";
import { ParagraphReview } from "@/components/review/paragraph-review";
import type { FieldSpec } from "@/lib/fields/field-spec";

type FieldControlProps<T extends FieldValues> = {
  field: FieldSpec;
  id: string;
  path: FieldPath<T>;
  control: Control<T>;
  register: UseFormRegister<T>;
  error: string | undefined;
  files: Pick<ComponentProps<typeof FileField>, "uploadTarget" | "limits" | "onStateChange">;
  after?: ReactNode;
  /** The text right above already says the label: show it to screen readers only. */
  labelHidden?: boolean;
  /** What the field takes, in words (fieldHint). */
  hint: string | null;
};

/** One field of either form, of any kind, in FormField's layout so every control reads alike. */
export function FieldControl<T extends FieldValues>({
  field,
  id,
  path,
  control,
  register,
  error,
  files,
  after,
  labelHidden = false,
  hint,
}: FieldControlProps<T>) {
  const tCommon = useTranslations("common");
  // The server's HTML holds each control's starting value (react-hook-form would only set it once
  // the page hydrates): the form looks the same before and after, and no text appears late.
  const initial = "defaultValue" in field ? field.defaultValue : undefined;
  const defaultValue = typeof initial === "string" ? initial : undefined;
  const renderControl = (aria: ControlProps, labelId: string) => {
    const registered = () => ({ ...aria, ...register(path) });
    switch (field.kind) {
      case "text":
      case "other":
      case "number":
        return (
          <input
            type="text"
            inputMode={field.kind === "number" ? "decimal" : undefined}
            className="input"
            defaultValue={defaultValue}
            {...registered()}
          />
        );
      case "paragraph":
        return (
          <ParagraphReview id={id} control={control} name={path} suggestion={defaultValue}>
            <textarea className="textarea" rows={4} defaultValue={defaultValue} {...registered()} />
          </ParagraphReview>
        );
      case "checkbox":
        return (
          <input
            type="checkbox"
            className="checkbox"
            defaultChecked={initial === true}
            {...registered()}
          />
        );
      case "json":
        return (
          <textarea
            className="textarea textarea-code"
            rows={5}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            defaultValue={defaultValue}
            {...registered()}
          />
        );
      case "select":
        return (
          <select
            className="select"
            defaultValue={defaultValue}
            aria-required={field.required || undefined}
            {...registered()}
          >
            {/* Empty first, so nothing is picked unasked. */}
            <option value="">{tCommon("choose")}</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        );
      case "file":
      case "file-list":
        return (
          <DeferredFileField
            control={control}
            name={path}
            aria={aria}
            labelId={labelId}
            field={field}
            {...files}
          />
        );
    }
  };
  return (
    <FormField
      id={id}
      label={field.label}
      required={field.required}
      hint={hint}
      error={error}
      labelHidden={labelHidden}
      inline={field.kind === "checkbox"}
    >
      {(aria, { labelId }) => (
        <>
          {renderControl(aria, labelId)}
          {after}
        </>
      )}
    </FormField>
  );
}
