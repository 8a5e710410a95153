import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { buildAnswerSchema } from "@/lib/form/answer-schema";
import { answerKey } from "@/lib/fields/answer-keys";
import type { FormValues } from "@/lib/form/answers";
import type { FieldView } from "@/lib/form/form-view";

/**
 * The form's resolver: its values (each answer under its answerKey) checked by the answers' zod
 * schema, problems as message keys (translated where they are shown). Loaded after the page is in
 * the browser (lazyResolver).
 */
export function answerResolver(fields: readonly FieldView[]): Resolver<FormValues> {
  const keyed = fields.map((field) => ({ ...field, name: answerKey(field.name) }));
  return zodResolver(buildAnswerSchema(keyed)) as unknown as Resolver<FormValues>;
}
