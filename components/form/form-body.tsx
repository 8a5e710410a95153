import { getLocale, getTranslations } from "next-intl/server";
import { FormFieldSlot } from "@/components/form/human-input-form";
import { MarkdownBody } from "@/components/markdown/markdown-body";
import { fieldHint } from "@/lib/fields/field-hint";
import { saysLabel, splitFormContent } from "@/lib/form/form-content";
import type { FormView } from "@/lib/form/form-view";

/** The form's content, rendered on the server, with a slot where each field goes. */
export async function FormBody({
  form,
  imageOrigins,
}: {
  form: FormView;
  imageOrigins: readonly string[];
}) {
  const segments = splitFormContent(
    form.content,
    form.fields.map((field) => field.name),
  );
  const byName = new Map(form.fields.map((field) => [field.name, field]));
  const words = { t: await getTranslations(), locale: await getLocale() };
  return segments.map((segment, index) => {
    if (segment.kind === "markdown")
      return (
        <div key={`md-${index}`} className="markdown">
          <MarkdownBody imageOrigins={imageOrigins}>{segment.text}</MarkdownBody>
        </div>
      );
    const before = segments[index - 1];
    const field = byName.get(segment.name);
    // A required field keeps its label, which carries the required mark.
    const labelHidden =
      before?.kind === "markdown" &&
      field !== undefined &&
      !field.required &&
      saysLabel(before.text, field.label);
    return (
      <FormFieldSlot
        key={`field-${segment.name}`}
        name={segment.name}
        labelHidden={labelHidden}
        hint={field ? fieldHint(field, form.limits, words) : null}
      />
    );
  });
}
