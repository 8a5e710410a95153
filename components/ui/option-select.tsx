import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";

/** A select of the given options, with an empty "Choose…" first so nothing is picked unasked. */
export function OptionSelect({
  options,
  ...rest
}: ComponentProps<"select"> & { options: readonly string[] }) {
  return (
    <select className="select" {...rest}>
      <option value="">{useTranslations("common")("choose")}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
