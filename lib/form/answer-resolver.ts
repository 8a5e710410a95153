import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { encodeFieldIssue } from "@/lib/fields/field-issue";
import { buildAnswerSchema } from "@/lib/form/answer-schema";
import type { Answers } from "@/lib/form/answers";
import type { FieldView } from "@/lib/form/form-view";

/**
 * The form's resolver: its answers checked by their zod schema, problems as message keys
 * (translated where they are shown). Loaded after the page is in the browser (lazyResolver).
 */
export function answerResolver(fields: readonly FieldView[]): Resolver<Answers> {
  return zodResolver(buildAnswerSchema(fields, encodeFieldIssue)) as unknown as Resolver<Answers>;
}
