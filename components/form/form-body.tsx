import { FormFieldSlot } from "@/components/form/human-input-form";
import { StaticMarkdown } from "@/components/markdown/static-markdown";
import { splitFormContent } from "@/lib/form/form-content";
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
  return segments.map((segment, index) =>
    segment.kind === "markdown" ? (
      <StaticMarkdown key={`md-${index}`} imageOrigins={imageOrigins}>
        {segment.text}
      </StaticMarkdown>
    ) : (
      <FormFieldSlot key={`field-${segment.name}`} name={segment.name} />
    ),
  );
}
