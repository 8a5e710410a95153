import { FormFieldSlot } from "@/components/form/human-input-form";
import { StaticMarkdown } from "@/components/markdown/static-markdown";
import { saysLabel, splitFormContent } from "@/lib/form/form-content";
import type { FormView } from "@/lib/form/form-view";

/**
 * The form's content, rendered on the server: its Markdown as HTML, with a slot where each field
 * goes (the HumanInputForm around it draws the fields), so the first HTML holds the whole form.
 */
export function FormBody({
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
  const labels = new Map(form.fields.map((field) => [field.name, field.label]));
  return segments.map((segment, index) => {
    if (segment.kind === "markdown")
      return (
        <StaticMarkdown key={`md-${index}`} imageOrigins={imageOrigins}>
          {segment.text}
        </StaticMarkdown>
      );
    const before = segments[index - 1];
    const labelHidden =
      before?.kind === "markdown" && saysLabel(before.text, labels.get(segment.name) ?? "");
    return (
      <FormFieldSlot key={`field-${segment.name}`} name={segment.name} labelHidden={labelHidden} />
    );
  });
}
