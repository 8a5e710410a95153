import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFieldIssueText } from "@/lib/fields/use-field-issue-text";

/** What a field's control spreads onto itself so its label, hint and error belong to it. */
export type ControlProps = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
};

type FormFieldProps = {
  /** The label, hint and error take ids derived from it. */
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** A schema problem (translated here) or a message already in the page's language. */
  error?: string;
  /** For screen readers only: the page shows its words right above. Not for a required field. */
  labelHidden?: boolean;
  /** The control before its label on one line (a checkbox). */
  inline?: boolean;
  children: (control: ControlProps, ids: { labelId: string }) => ReactNode;
};

/** A labelled field with its required marker, hint and error, each tied to the control. */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  labelHidden = false,
  inline = false,
  children,
}: FormFieldProps) {
  const t = useTranslations("common");
  const errorText = useFieldIssueText()(error);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(" ");
  const labelElement = (
    <label
      className={
        labelHidden ? "field-label visually-hidden" : inline ? "field-label-inline" : "field-label"
      }
      htmlFor={id}
      id={labelId}
    >
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
  );
  const control = children(
    {
      id,
      "aria-describedby": describedBy || undefined,
      "aria-invalid": errorText ? true : undefined,
    },
    { labelId },
  );
  return (
    <div className="field">
      {inline ? (
        <div className="field-row">
          {control}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className="field-error">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
