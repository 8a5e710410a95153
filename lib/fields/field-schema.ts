import * as z from "zod/mini";
import { attachedFileSchema } from "@/lib/fields/attached-file";
import type { SayIssue } from "@/lib/fields/field-issue";
import type { FieldSpec, WireDialect } from "@/lib/fields/field-spec";
import { filled, parseJsonObject } from "@/lib/fields/parse-json-object";

const MAX_JSON_LENGTH = 100_000;

type SchemaOptions = { dialect: WireDialect; say: SayIssue };

// zod/mini: these schemas run in the browser (react-hook-form's resolver), where zod's chainable
// API would ship whole; each check is a function that is bundled only when used.

/** The zod schema of one field's value, with its problems as message keys (`say`). */
export function fieldSchema(field: FieldSpec, { dialect, say }: SchemaOptions): z.ZodMiniType {
  switch (field.kind) {
    case "text":
    case "paragraph":
    case "other": {
      const max = field.kind === "other" ? null : field.maxLength;
      let schema = z.string();
      if (max) schema = schema.check(z.maxLength(max, say("atMostCharacters", { max })));
      return field.required
        ? schema.check(z.refine(filled, say("enter", { label: field.label })))
        : schema;
    }
    case "select": {
      const { options } = field;
      // A Human Input select takes one of its options, unless its list (from a variable) resolved
      // to nothing: the server checks only constant lists, so the form goes without a choice.
      if (dialect === "human-input" && options.length === 0) return z.string();
      if (dialect === "human-input")
        return z
          .string()
          .check(z.refine((value) => options.includes(value), { message: say("chooseOption") }));
      return z.string().check(
        z.refine((value) => (value === "" ? !field.required : options.includes(value)), {
          message: field.required ? say("choose", { label: field.label }) : say("chooseOption"),
        }),
      );
    }
    case "number":
      return z.string().check(
        z.refine((value) => !field.required || filled(value), say("enter", { label: field.label })),
        z.refine((value) => !filled(value) || Number.isFinite(Number(value)), say("enterNumber")),
      );
    case "file": {
      const one = z.array(attachedFileSchema).check(z.maxLength(1, say("attachOnlyOne")));
      return field.required ? one.check(z.minLength(1, say("attachFile"))) : one;
    }
    case "checkbox":
      return z.boolean();
    case "json":
      return z.string().check(
        z.maxLength(MAX_JSON_LENGTH, say("atMostCharacters", { max: MAX_JSON_LENGTH })),
        z.superRefine((value, ctx) => {
          if (!filled(value)) {
            if (field.required)
              ctx.addIssue({ code: "custom", message: say("enter", { label: field.label }) });
            return;
          }
          const parsed = parseJsonObject(value);
          if ("syntax" in parsed)
            ctx.addIssue({
              code: "custom",
              message: say("jsonSyntax", { detail: parsed.syntax }),
            });
          else if ("notObject" in parsed)
            ctx.addIssue({ code: "custom", message: say("jsonNotObject") });
        }),
      );
    case "file-list": {
      let list = z.array(attachedFileSchema);
      if (field.maxFiles > 0)
        list = list.check(
          z.maxLength(
            field.maxFiles,
            say(dialect === "human-input" ? "attachAtMostFiles" : "attachAtMost", {
              max: field.maxFiles,
            }),
          ),
        );
      return field.required ? list.check(z.minLength(1, say("attachAtLeastOne"))) : list;
    }
  }
}

/** A field's value before anything is entered: no files, unchecked, else empty text. */
export function emptyValue(field: FieldSpec): string | boolean | [] {
  return field.kind === "file" || field.kind === "file-list"
    ? []
    : field.kind === "checkbox"
      ? false
      : "";
}

/** One schema per field. In a start a missing answer is an empty one, checked as such. */
export function buildFieldsShape(
  fields: readonly FieldSpec[],
  options: SchemaOptions,
): Record<string, z.ZodMiniType> {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of fields) {
    const schema = fieldSchema(field, options);
    shape[field.name] =
      options.dialect === "start" ? z.prefault(schema, emptyValue(field)) : schema;
  }
  return shape;
}
