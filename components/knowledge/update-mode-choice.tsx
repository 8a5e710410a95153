import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { UPDATE_MODES } from "@/lib/knowledge/metadata-editor-form";

export function UpdateModeChoice({
  idPrefix,
  input,
  hint,
}: {
  idPrefix: string;
  input: UseFormRegisterReturn;
  hint?: ReactNode;
}) {
  const t = useTranslations("knowledge.metadata");
  return (
    <fieldset className="mode-choice" aria-describedby={hint ? `${idPrefix}-mode-hint` : undefined}>
      <legend className="field-label">{t("modeLegend")}</legend>
      {hint ? (
        <p id={`${idPrefix}-mode-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {UPDATE_MODES.map((mode) => (
        <label key={mode} className="radio-option">
          <input
            type="radio"
            value={mode}
            aria-describedby={`${idPrefix}-mode-${mode}-text`}
            {...input}
          />
          <span>
            <strong>{t(`modes.${mode}.label`)}</strong>
            <span id={`${idPrefix}-mode-${mode}-text`} className="radio-description">
              {t(`modes.${mode}.description`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
