import { isKnownFormInput } from "./store";
import type { EmbeddedStore, FormRecord } from "./store";
import { remoteFetchFailure, validateFileMapping } from "./validate-file-mapping";

// Checks a submission against the form; returns the 400 `invalid_form_data` message, or null.
// Pure and synchronous, so the check and the claim that follows happen in one turn.
export function validateFormSubmission({
  form,
  inputs,
  action,
  user,
  store,
}: {
  form: FormRecord;
  inputs: Record<string, unknown>;
  action: string;
  user: string;
  store: EmbeddedStore;
}): string | null {
  if (!form.actions.some((a) => a.id === action)) return `Invalid action: ${action}`;

  // An input of a type we do not know (e.g. "signature") is neither required nor checked: a
  // server that does not know a type cannot validate it either, and a client that cannot draw
  // it must still be able to send the rest of the form. Its value, if sent, is kept as-is.
  const known = form.inputs.filter(isKnownFormInput);
  const missing = known.map((i) => i.output_variable_name).filter((name) => !(name in inputs));
  if (missing.length > 0) return `Missing required inputs: ${missing.join(", ")}`;

  for (const input of known) {
    const name = input.output_variable_name;
    const value = inputs[name];
    switch (input.type) {
      case "paragraph":
        if (typeof value !== "string")
          return `Invalid value for paragraph input '${name}': expected a string`;
        break;
      case "select": {
        const options = input.option_source.value;
        if (typeof value !== "string" || !options.includes(value)) {
          return `Invalid value for select input '${name}': must be one of ${options.join(", ")}`;
        }
        break;
      }
      case "file": {
        const problem =
          validateFileMapping({ value, constraints: input, user, store }) ??
          remoteFetchFailure(value);
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
          const problem = validateFileMapping({ value: item, constraints: input, user, store });
          if (problem)
            return `Invalid value for file input '${name}': item ${index + 1}: ${problem}`;
        }
        // Fetching comes after every mapping checked out, and names the URL instead of the item.
        for (const item of value) {
          const failure = remoteFetchFailure(item);
          if (failure) return `Invalid value for file input '${name}': ${failure}`;
        }
        break;
      }
    }
  }
  return null;
}
