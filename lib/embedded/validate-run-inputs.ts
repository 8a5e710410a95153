import type { UserInputItem } from "./demo-apps";
import {
  remoteFetchFailure,
  validateFileMapping,
  type FileCheckContext,
  type FileConstraints,
} from "./validate-file-mapping";

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === "";

const CHECKBOX_TRUE = new Set(["true", "1", "yes", "on"]);
const CHECKBOX_FALSE = new Set(["false", "0", "no", "off"]);

export type RunInputsResult = { problem: string } | { inputs: Record<string, unknown> };

// A start variable's own file settings; the app-wide `file_upload` block does not apply here.
const constraintsOf = (config: UserInputItem[string]): FileConstraints => ({
  allowed_file_types: config?.allowed_file_types ?? [],
  allowed_file_extensions: config?.allowed_file_extensions ?? [],
  allowed_file_upload_methods: config?.allowed_file_upload_methods ?? [],
});

/**
 * Checks run inputs against the app's user_input_form the way a server does, and converts them
 * the same way (numeric strings, checkbox words): the 400 message, or the inputs the run gets.
 */
export function validateRunInputs({
  form,
  inputs,
  context,
}: {
  form: UserInputItem[];
  inputs: Record<string, unknown>;
  context: FileCheckContext;
}): RunInputsResult {
  const converted: Record<string, unknown> = { ...inputs };
  for (const item of form) {
    const [kind, config] = Object.entries(item)[0] ?? [];
    if (!kind || !config) continue;
    const name = config.variable;
    // A dict's lookup: `__proto__` or `constructor` is a value only when sent.
    const value = Object.hasOwn(inputs, name) ? inputs[name] : undefined;
    if (isEmpty(value)) {
      if (config.required) return { problem: `${name} is required in input form` };
      continue;
    }
    switch (kind) {
      case "text-input":
      case "paragraph":
      case "select":
        if (typeof value !== "string")
          return { problem: `(type '${kind}') ${name} in input form must be a string` };
        if (kind === "select" && !(config.options ?? []).includes(value)) {
          return {
            problem: `${name} in input form must be one of the following: ${(config.options ?? []).join(", ")}`,
          };
        }
        if (kind !== "select" && config.max_length && value.length > config.max_length) {
          return {
            problem: `${name} in input form must be less than ${config.max_length} characters`,
          };
        }
        break;
      case "number":
        if (typeof value === "number" && Number.isFinite(value)) break;
        if (typeof value !== "string" || value.trim() === "" || Number.isNaN(Number(value)))
          return { problem: `${name} in input form must be a valid number` };
        converted[name] = Number(value);
        break;
      case "checkbox":
        // Words and 1/0 become booleans; anything else goes through as it came, as on a server.
        if (typeof value === "string") {
          const word = value.trim().toLowerCase();
          if (CHECKBOX_TRUE.has(word)) converted[name] = true;
          else if (CHECKBOX_FALSE.has(word)) converted[name] = false;
        } else if (value === 1 || value === 0) converted[name] = value === 1;
        break;
      case "json_object":
        if (typeof value !== "object" || Array.isArray(value))
          return { problem: `${name} in input form must be a dict` };
        break;
      case "file": {
        const problem =
          validateFileMapping({ value, constraints: constraintsOf(config), context }) ??
          remoteFetchFailure(value, context.remote);
        if (problem) return { problem: `${name} in input form: ${problem}` };
        break;
      }
      case "file-list": {
        if (!Array.isArray(value))
          return { problem: `${name} in input form must be a list of files` };
        if (config.max_length && value.length > config.max_length)
          return {
            problem: `${name} in input form must be less than ${config.max_length} files`,
          };
        for (const mapping of value) {
          const problem =
            validateFileMapping({ value: mapping, constraints: constraintsOf(config), context }) ??
            remoteFetchFailure(mapping, context.remote);
          if (problem) return { problem: `${name} in input form: ${problem}` };
        }
        break;
      }
    }
  }
  return { inputs: converted };
}
