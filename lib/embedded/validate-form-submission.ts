import { isKnownFormInput } from "./store";
import type { FormRecord } from "./store";
import {
  remoteFetchFailure,
  validateFileMapping,
  type FileCheckContext,
} from "./validate-file-mapping";

// Checks a submission against the form; returns the 400 `invalid_form_data` message, or null.
// Pure and synchronous, so the check and the claim that follows happen in one turn.
export function validateFormSubmission({
  form,
  inputs,
  action,
  context,
}: {
  form: FormRecord;
  inputs: Record<string, unknown>;
  action: string;
  context: FileCheckContext;
}): string | null {
  if (!form.actions.some((a) => a.id === action)) return `Invalid action: ${action}`;

  // Every declared key must be present, an input of a type this service does not know (e.g.
  // "signature") included, as on a server; such a value is then kept as sent, unchecked.
  const missing = form.inputs
    .map((i) => i.output_variable_name)
    .filter((name) => !Object.hasOwn(inputs, name));
  if (missing.length > 0) return `Missing required inputs: ${missing.join(", ")}`;
  const known = form.inputs.filter(isKnownFormInput);

  for (const input of known) {
    const name = input.output_variable_name;
    const value = inputs[name];
    switch (input.type) {
      case "paragraph":
        if (typeof value !== "string")
          return `Invalid value for paragraph input '${name}': expected a string`;
        break;
      case "select": {
        // Only constant options are a closed list; options from a variable (which may resolve
        // to nothing) are not checked.
        const options = input.option_source.value;
        const closed = input.option_source.type === "constant";
        if (typeof value !== "string" || (closed && !options.includes(value))) {
          return `Invalid value for select input '${name}': must be one of ${options.join(", ")}`;
        }
        break;
      }
      case "file": {
        const problem =
          validateFileMapping({ value, constraints: input, context }) ??
          remoteFetchFailure(value, context.remote);
        if (problem) return `Invalid value for file input '${name}': ${problem}`;
        break;
      }
      case "file-list": {
        if (!Array.isArray(value))
          return `Invalid value for file input '${name}': expected a list of files`;
        if (input.number_limits > 0 && value.length > input.number_limits) {
          return `Invalid value for file input '${name}': at most ${input.number_limits} files are allowed`;
        }
        for (const [index, item] of value.entries()) {
          const problem = validateFileMapping({ value: item, constraints: input, context });
          if (problem)
            return `Invalid value for file input '${name}': item ${index + 1}: ${problem}`;
        }
        // Fetching comes after every mapping checked out, and names the URL instead of the item.
        for (const item of value) {
          const failure = remoteFetchFailure(item, context.remote);
          if (failure) return `Invalid value for file input '${name}': ${failure}`;
        }
        break;
      }
    }
  }
  return null;
}
