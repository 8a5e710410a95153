import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import * as z from "zod/mini";
import { answerKey } from "@/lib/fields/answer-keys";
import { encodeFieldIssue } from "@/lib/fields/field-issue";
import { buildFieldsShape } from "@/lib/fields/field-schema";
import type { FieldSpec } from "@/lib/fields/field-spec";
import type { FormValues } from "@/lib/form/answers";

// Only the browser checks answers with these, once the page is in it (the service checks them
// again), so their problems are message keys, translated where they are shown.

// The page's policy allows no eval. Not told, zod finds that out by trying `new Function` at its
// first object schema, on a first tap: a refused eval and its thrown error, about 20 ms on a slow
// phone (decision 091).
z.config({ jitless: true });

export function buildAnswerSchema(fields: readonly FieldSpec[]) {
  return z.object(buildFieldsShape(fields, { dialect: "human-input", say: encodeFieldIssue }));
}

/** The form's resolver: its values, each under its answerKey, checked by the answers' schema. */
export function answerResolver(fields: readonly FieldSpec[]): Resolver<FormValues> {
  const keyed = fields.map((field) => ({ ...field, name: answerKey(field.name) }));
  return zodResolver(buildAnswerSchema(keyed)) as unknown as Resolver<FormValues>;
}
