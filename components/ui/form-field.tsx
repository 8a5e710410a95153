import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/** What a field's control spreads onto itself so its label, hint and error belong to it. */
export type ControlProps = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

type FormFieldProps = {
  /** The control's id; the label, hint and error take ids derived from it. */
  id: string;
  label: string;
  required: boolean;
  hint?: string | null;
  error?: string;
  children: (control: ControlProps, ids: { labelId: string }) => ReactNode;
};

/** A labelled field with its required marker, hint and error, in the one layout both forms use. */
export function FormField({ id, label, required, hint, error, children }: FormFieldProps) {
  const t = useTranslations("common");
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field-label" htmlFor={id} id={labelId}>
        {label}
        {required ? (
          <>
            <span className="required-mark" aria-hidden="true">
              *
            </span>
            <span className="visually-hidden"> {t("required")}</span>
          </>
        ) : null}
      </label>
      {children(
        {
          id,
          "aria-describedby": describedBy || undefined,
          "aria-invalid": error ? true : undefined,
        },
        { labelId },
      )}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
