import "server-only";
import type { FieldSpec } from "@/lib/fields/field-spec";

// Dify's inputs as the app's field model (decision 018). Both wires, a Human Input form's `inputs`
// and an app's start form (`user_input_form`), are read into a WireField by their own reader, and
// only here does an input type become a field: a new type is added here.

/** What a file input takes, as its reader worked it out from its wire. */
export type WireFileSettings = {
  allowedTypes: string[];
  allowedExtensions: string[];
  methods: string[];
  /** For a file list: how many files it takes. */
  maxFiles: number;
};

/** One input of either wire, as both read it. */
export type WireField = {
  /** Dify's type name (`paragraph`, `text-input`, `select`, …), as the wire spells it. */
  type: string;
  name: string;
  label: string;
  required: boolean;
  /** The value the field starts with. */
  initial: unknown;
  maxLength: number | null;
  options: string[];
  file: WireFileSettings;
  /** A known type whose settings did not parse: asked for as an unknown one, never a crash. */
  unreadable?: boolean;
};

const asText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : "";

/** An input the app has no field for comes back as `other` (its type named), never a failure. */
export function toFieldSpec(wire: WireField): FieldSpec {
  const common = { name: wire.name, label: wire.label, required: wire.required };
  const text = asText(wire.initial);
  const { allowedTypes, allowedExtensions, methods, maxFiles } = wire.file;
  switch (wire.unreadable ? null : wire.type) {
    // `text_input`: a Human Input form's one line of text on servers up to graphon 0.3.1.
    case "text-input":
    case "text_input":
    case "paragraph":
      return {
        kind: wire.type === "paragraph" ? "paragraph" : "text",
        ...common,
        defaultValue: text,
        maxLength: wire.maxLength,
      };
    case "select":
      return {
        kind: "select",
        ...common,
        options: wire.options,
        defaultValue: wire.options.includes(text) ? text : "",
      };
    case "number":
      return {
        kind: "number",
        ...common,
        defaultValue: Number.isFinite(Number(text)) ? text.trim() : "",
      };
    case "checkbox":
      return {
        kind: "checkbox",
        ...common,
        defaultValue: wire.initial === true || text.trim().toLowerCase() === "true",
      };
    case "json_object":
      return {
        kind: "json",
        ...common,
        defaultValue:
          wire.initial && typeof wire.initial === "object"
            ? JSON.stringify(wire.initial, null, 2)
            : text,
      };
    case "file":
      return { kind: "file", ...common, allowedTypes, allowedExtensions, methods };
    case "file-list":
      return { kind: "file-list", ...common, allowedTypes, allowedExtensions, methods, maxFiles };
    default:
      return { kind: "other", ...common, type: wire.type, defaultValue: text };
  }
}
