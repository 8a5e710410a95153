import { isKnownFormInput } from "./store";
import type { FormInputDef, FormRecord } from "./store";
import {
  remoteFetchFailure,
  validateFileMapping,
  type FileCheckContext,
} from "./validate-file-mapping";

// Checks a submission against the form; returns the 400 `invalid_form_data` message, or null.
// Pure and synchronous, so the check and the claim that follows happen in one turn. The order is
// the newest service's: the file values present are built first (HumanInputService normalises
// them before `validate_human_input_submission`), then the action, then every declared key
// present, then the other values.
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
  const known = form.inputs.filter(isKnownFormInput);
  const isFile = (input: FormInputDef) => input.type === "file" || input.type === "file-list";
  for (const input of known) {
    const name = input.output_variable_name;
    if (!isFile(input) || !Object.hasOwn(inputs, name)) continue;
    const problem = checkValue(input, inputs[name], context);
    if (problem) return problem;
  }

  if (!form.actions.some((a) => a.id === action)) return `Invalid action: ${action}`;

  // Every declared key must be present, an input of a type this service does not know (e.g.
  // "signature") included, as on a server; such a value is then kept as sent, unchecked.
  const missing = form.inputs
    .map((i) => i.output_variable_name)
    .filter((name) => !Object.hasOwn(inputs, name));
  if (missing.length > 0) return `Missing required inputs: ${missing.join(", ")}`;

  for (const input of known) {
    if (isFile(input)) continue;
    const problem = checkValue(input, inputs[input.output_variable_name], context);
    if (problem) return problem;
  }
  return null;
}

function checkValue(input: FormInputDef, value: unknown, context: FileCheckContext): string | null {
  const name = input.output_variable_name;
  switch (input.type) {
    case "paragraph":
    case "text_input":
      if (typeof value !== "string")
        return `Invalid value for ${input.type} input '${name}': expected a string`;
      return null;
    case "select": {
      // Only constant options are a closed list; options from a variable (which may resolve
      // to nothing) are not checked.
      const options = input.option_source.value;
      const closed = input.option_source.type === "constant";
      if (typeof value !== "string" || (closed && !options.includes(value))) {
        return `Invalid value for select input '${name}': must be one of ${options.join(", ")}`;
      }
      return null;
    }
    case "file": {
      const problem =
        validateFileMapping({ value, constraints: input, context }) ??
        remoteFetchFailure(value, context.remote);
      return problem ? `Invalid value for file input '${name}': ${problem}` : null;
    }
    case "file-list": {
      if (!Array.isArray(value))
        return `Invalid value for file input '${name}': expected a list of files`;
      if (input.number_limits > 0 && value.length > input.number_limits) {
        return `Invalid value for file input '${name}': at most ${input.number_limits} files are allowed`;
      }
      for (const [index, item] of value.entries()) {
        const problem = validateFileMapping({ value: item, constraints: input, context });
        if (problem) return `Invalid value for file input '${name}': item ${index + 1}: ${problem}`;
      }
      // Fetching comes after every mapping checked out, and names the URL instead of the item.
      for (const item of value) {
        const failure = remoteFetchFailure(item, context.remote);
        if (failure) return `Invalid value for file input '${name}': ${failure}`;
      }
      return null;
    }
  }
}
