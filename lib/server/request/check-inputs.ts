import "server-only";
import { ApiError, MAX_ERROR_ISSUES } from "@/lib/errors/api-error";
import type { ErrorIssue } from "@/lib/errors/error-envelope";
import { remoteUrlProblem, remoteUrlProblemText } from "@/lib/files/remote-file-url";
import { uploadMethodsOf } from "@/lib/files/upload-methods";

// The app's own check of the `inputs` it is about to send upstream (a Human Input submission, a
// launcher start), so a refused value never reaches the upstream: every remote file link passes
// the remote URL rule (lib/files/remote-file-url.ts) and, once the form is known, every key is one
// of its inputs and every file came the way its field allows.

/** One input of the form: its name and how it takes files (none for an input that is no file). */
export type InputRule = { name: string; methods: readonly string[] };

/** An input's rule from its settings: a file field's methods (empty means all), else none. */
export function inputRule(input: {
  output_variable_name: string;
  type: string;
  allowed_file_upload_methods?: readonly string[];
}): InputRule {
  const file = input.type === "file" || input.type === "file-list";
  return {
    name: input.output_variable_name,
    methods: file ? uploadMethodsOf(input.allowed_file_upload_methods ?? []) : [],
  };
}

/**
 * Throws 400 invalid_request naming each refused value (`issues[].path`, and the first in the
 * message as `input 'name'`, the way the page finds the field). Without `rules` only the links
 * are checked: what needs no upstream read goes first.
 */
export function checkInputs(
  inputs: Record<string, unknown>,
  options: { hosts: readonly string[]; rules?: readonly InputRule[] },
): void {
  const issues: ErrorIssue[] = [];
  const rules = options.rules && new Map(options.rules.map((rule) => [rule.name, rule]));
  for (const [name, value] of Object.entries(inputs)) {
    const rule = rules?.get(name);
    if (rules && !rule) {
      issues.push({ path: `inputs.${name}`, message: `The form has no input '${name}'.` });
      continue;
    }
    const files = Array.isArray(value) ? value : [value];
    files.forEach((file: unknown, index) => {
      if (!isMapping(file)) return;
      const path = `inputs.${name}${Array.isArray(value) ? `.${index}` : ""}`;
      if (rule && !rule.methods.includes(file.transfer_method)) {
        issues.push({
          path: `${path}.transfer_method`,
          message: rule.methods.length
            ? `The input '${name}' does not take files by ${file.transfer_method}.`
            : `The input '${name}' takes no files.`,
        });
      } else if (file.transfer_method === "remote_url") {
        const problem = remoteUrlProblem(String(file.url), options.hosts);
        if (problem)
          issues.push({
            path: `${path}.url`,
            message: `The link in input '${name}' ${remoteUrlProblemText(problem)}.`,
          });
      }
    });
  }
  if (issues.length > 0)
    throw ApiError.of("invalid_request", issues[0]!.message, issues.slice(0, MAX_ERROR_ISSUES));
}

const isMapping = (value: unknown): value is { transfer_method: string; url?: unknown } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { transfer_method?: unknown }).transfer_method === "string";
