import type { UserInputItem } from "./demo-apps";
import type { EmbeddedStore } from "./store";
import { remoteFetchFailure, validateFileMapping } from "./validate-file-mapping";

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === "";

// Checks run inputs against the app's user_input_form the way Dify does; returns the 400 message or null.
export function validateRunInputs(
  form: UserInputItem[],
  inputs: Record<string, unknown>,
  user: string,
  store: EmbeddedStore,
): string | null {
  for (const item of form) {
    const [kind, config] = Object.entries(item)[0] ?? [];
    if (!kind || !config) continue;
    const name = config.variable;
    const value = inputs[name];
    if (isEmpty(value)) {
      if (config.required) return `${name} is required in input form`;
      continue;
    }
    switch (kind) {
      case "text-input":
      case "paragraph":
        if (typeof value !== "string") return `${name} in input form must be a string`;
        if (config.max_length && value.length > config.max_length) {
          return `${name} in input form must be less than ${config.max_length} characters`;
        }
        break;
      case "select":
        if (typeof value !== "string" || !(config.options ?? []).includes(value)) {
          return `${name} in input form must be one of the following: ${(config.options ?? []).join(", ")}`;
        }
        break;
      case "number":
        if (
          typeof value === "number"
            ? !Number.isFinite(value)
            : typeof value !== "string" || Number.isNaN(Number(value))
        ) {
          return `${name} in input form must be a valid number`;
        }
        break;
      case "file": {
        const problem =
          validateFileMapping(
            value,
            {
              allowed_file_types: config.allowed_file_types ?? [],
              allowed_file_extensions: config.allowed_file_extensions ?? [],
              allowed_file_upload_methods: config.allowed_file_upload_methods ?? [],
            },
            user,
            store,
          ) ?? remoteFetchFailure(value);
        if (problem) return `${name} in input form: ${problem}`;
        break;
      }
    }
  }
  return null;
}
