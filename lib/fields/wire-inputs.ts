import type { FileMapping } from "@/lib/dify/browser-schemas";
import type { AttachedFile, FieldValues } from "@/lib/fields/attached-file";
import type { FieldSpec, WireDialect } from "@/lib/fields/field-spec";
import { filled, parseJsonObject } from "@/lib/fields/parse-json-object";
import { remoteExtensionOf, uploadExtensionOf } from "@/lib/files/file-extension";

export type WireInput =
  string | number | boolean | Record<string, unknown> | FileMapping | FileMapping[];

/** An attached file in `inputs`, with its extension: the newest servers judge the field by it. */
export function toFileMapping(file: AttachedFile): FileMapping {
  if (file.source === "local") {
    return {
      type: file.type,
      transfer_method: "local_file",
      upload_file_id: file.uploadFileId,
      extension: dotted(uploadExtensionOf(file.name)),
    };
  }
  const extension = dotted(file.extension ?? remoteExtensionOf(file.url));
  return { type: file.type, transfer_method: "remote_url", url: file.url, extension };
}

const dotted = (extension: string) => (extension ? `.${extension}` : "");

/** Starting values: each field's default, no files. */
export function defaultValues(fields: readonly FieldSpec[]): FieldValues {
  // Own keys, `__proto__` too (a legal variable name): fromEntries defines them.
  return Object.fromEntries(
    fields.map((field) => [field.name, "defaultValue" in field ? field.defaultValue : []]),
  );
}

/** The upstream's `inputs` as the dialect wants them; a single file nobody attached is left out. */
export function toWireInputs(
  fields: readonly FieldSpec[],
  values: FieldValues,
  dialect: WireDialect,
): Record<string, WireInput> {
  const every = dialect === "human-input";
  // No prototype: `__proto__` is a legal variable name, kept as an own key.
  const inputs = Object.create(null) as Record<string, WireInput>;
  for (const field of fields) {
    const value = values[field.name];
    switch (field.kind) {
      case "checkbox":
        if (typeof value === "boolean") inputs[field.name] = value;
        break;
      case "json": {
        const parsed = typeof value === "string" && filled(value) ? parseJsonObject(value) : null;
        if (parsed && "object" in parsed) inputs[field.name] = parsed.object;
        break;
      }
      case "file": {
        const first = Array.isArray(value) ? value[0] : undefined;
        if (first) inputs[field.name] = toFileMapping(first);
        break;
      }
      case "file-list": {
        const list = Array.isArray(value) ? value : [];
        if (every || list.length > 0) inputs[field.name] = list.map(toFileMapping);
        break;
      }
      case "other":
        // A Human Input form does not show a kind it does not know: it is sent empty.
        if (every) inputs[field.name] = "";
        else if (typeof value === "string" && filled(value)) inputs[field.name] = value;
        break;
      default: {
        const text = typeof value === "string" ? value : "";
        if (every) inputs[field.name] = text;
        else if (filled(text)) inputs[field.name] = field.kind === "number" ? Number(text) : text;
      }
    }
  }
  return inputs;
}
