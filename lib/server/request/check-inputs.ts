import "server-only";
import { ApiError, MAX_ERROR_ISSUES } from "@/lib/errors/api-error";
import type { ErrorIssue } from "@/lib/errors/error-envelope";
import { checkRemoteUrl, REMOTE_URL_PROBLEM_TEXT } from "@/lib/files/remote-file-url";
import { uploadMethodsOf } from "@/lib/files/upload-methods";
import { isRecord } from "@/lib/ids/is-record";

/** An input's rule from its settings: a file field's methods (empty means all), else none. */
export function inputRule(input: {
  output_variable_name: string;
  type: string;
  allowed_file_upload_methods?: readonly string[];
}) {
  const file = input.type === "file" || input.type === "file-list";
  return {
    name: input.output_variable_name,
    methods: file ? uploadMethodsOf(input.allowed_file_upload_methods ?? []) : [],
  };
}

/**
 * The inputs to send upstream, each remote link as its parser spelled it (the URL that was judged);
 * with `rules`, every key is a form input and every file came the way its field allows.
 */
export function checkInputs<T extends Record<string, unknown>>(
  inputs: T,
  options: { insideHosts: readonly string[]; rules?: readonly ReturnType<typeof inputRule>[] },
): T {
  const issues: ErrorIssue[] = [];
  const checked: Record<string, unknown> = { ...inputs };
  const rules = options.rules && new Map(options.rules.map((rule) => [rule.name, rule]));
  for (const [name, value] of Object.entries(inputs)) {
    const rule = rules?.get(name);
    if (rules && !rule) {
      issues.push({ path: `inputs.${name}`, message: `The form has no input '${name}'.` });
      continue;
    }
    const files = Array.isArray(value) ? value : [value];
    files.forEach((file: unknown, index) => {
      if (!isRecord(file) || typeof file.transfer_method !== "string") return;
      const path = `inputs.${name}${Array.isArray(value) ? `.${index}` : ""}`;
      if (rule && !rule.methods.includes(file.transfer_method)) {
        issues.push({
          path: `${path}.transfer_method`,
          message: rule.methods.length
            ? `The input '${name}' does not take files by ${file.transfer_method}.`
            : `The input '${name}' takes no files.`,
        });
      } else if (file.transfer_method === "remote_url") {
        const link = checkRemoteUrl(String(file.url), options.insideHosts);
        if ("problem" in link)
          issues.push({
            path: `${path}.url`,
            message: `The link in input '${name}' ${REMOTE_URL_PROBLEM_TEXT[link.problem]}.`,
          });
        else checked[name] = withUrl(checked[name], index, link.href);
      }
    });
  }
  if (issues.length > 0)
    throw ApiError.of("invalid_request", issues[0]!.message, issues.slice(0, MAX_ERROR_ISSUES));
  return checked as T;
}

function withUrl(value: unknown, index: number, url: string): unknown {
  if (!Array.isArray(value)) return { ...(value as object), url };
  return value.map((file: unknown, at) => (at === index ? { ...(file as object), url } : file));
}
