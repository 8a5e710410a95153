import "server-only";
import { fieldsNamedIn } from "@/lib/dify/submission-error-field";
import {
  METADATA_NOT_FOUND,
  notFoundSubject,
  type NotFoundSubject,
} from "@/lib/dify/not-found-subject";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-code";

// The app's own words for an upstream refusal, by its code: the upstream's text may carry
// internal URLs, hosts or paths, so it goes to the log only.
const WORDS: Partial<Record<ErrorCode, string>> = {
  bad_request: "The workflow service refused the request.",
  invalid_param: "The workflow service refused a value of the request.",
  invalid_form_data: "The workflow service refused the answers of this form.",
  invalid_action: "The workflow service does not take that action for this form.",
  filename_not_exists_error: "The file has no name.",
  no_file_uploaded: "No file was uploaded.",
  too_many_files: "Only one file can be uploaded at a time.",
  not_workflow_app: "The app is not a workflow app.",
  not_chat_app: "The app is not a chat app.",
  app_unavailable: "The app is not available right now.",
  agent_not_published: "The app's agent is not published.",
  provider_not_initialize: "The app's model provider is not set up.",
  provider_quota_exceeded: "The app's model provider has no quota left.",
  model_currently_not_support: "The app's model is not available right now.",
  completion_request_error: "The app's model failed to answer.",
  conversation_completed: "This conversation has ended.",
  workflow_version_execution_not_allowed: "This version of the workflow cannot be run.",
  forbidden: "The workflow service refused access.",
  file_access_denied: "The file cannot be opened.",
  end_user_not_found: "The workflow service does not know this user.",
  file_not_found: "The file was not found.",
  not_found: "Not found.",
  human_input_form_submitted: "This form has already been answered.",
  human_input_form_expired: "This form has expired.",
  file_too_large: "The file is too large.",
  unsupported_file_type: "This type of file is not accepted.",
  too_many_requests: "The workflow service is busy. Try again shortly.",
  rate_limit_error: "The workflow service is busy. Try again shortly.",
};

const NOT_FOUND_WORDS: Record<NotFoundSubject, string> = {
  dataset: "Dataset not found.",
  document: "Document not found.",
  segment: "Segment not found.",
};

/**
 * What the caller reads of an upstream 4xx with this code and status; which record a "not found"
 * names (the page tells them apart) is said in the app's words too.
 */
export function upstreamWords(code: ErrorCode, status: number, text = ""): string {
  const subject = notFoundSubject(text);
  if (subject) return NOT_FOUND_WORDS[subject];
  if (METADATA_NOT_FOUND.test(text)) return "Metadata not found.";
  return WORDS[code] ?? `The workflow service refused the request (status ${status}).`;
}

/** What a refused field's own text says, in the app's words; else the field is named only. */
const FIELD_WORDS: [RegExp, string][] = [
  [
    /\b(fetch|download)\w* (the )?remote file/i,
    "The workflow service could not fetch the file of this link.",
  ],
  [
    /file type does not match/i,
    "The workflow service reads this file as another type than the field takes.",
  ],
];

/** An upstream refusal with an issue for each of `fields` its own text names, in the app's words. */
export function nameRefusedFields(error: unknown, fields: readonly string[]): unknown {
  if (!(error instanceof ApiError) || !error.upstreamText || error.issues?.length) return error;
  const named = fieldsNamedIn(error.upstreamText, fields);
  if (named.length === 0) return error;
  const text = error.upstreamText;
  const words = FIELD_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  const issues = named.map((name) => ({
    path: `inputs.${name}`,
    message: words ?? `The workflow service refused the answer to '${name}'.`,
  }));
  // The page says the refusal's message beside each field it names.
  const withIssues = new ApiError(error.status, error.code, words ?? error.message, issues);
  withIssues.headers = error.headers;
  return withIssues;
}
