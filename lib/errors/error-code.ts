// Every error `code` the browser may see, with its HTTP status: the app's own, the upstream's
// passed through, and the browser's own. A table, so a compared code is checked by the compiler.

export const ERROR_STATUS = {
  // ------------------------------------------------------------ raised by this app
  invalid_request: 400,
  /** A chat app was started without its message (the launcher asks for one). */
  message_required: 400,
  unauthorized: 401,
  /** A form only its named recipient may open, signed in; the browser has no sign-in. */
  sign_in_required: 401,
  /** Signed in, as someone the form does not name. */
  not_recipient: 403,
  link_invalid: 403,
  link_expired: 403,
  link_missing: 403,
  /** A link that opens its own form only was asked for another form of its run. */
  link_scope: 403,
  forbidden_origin: 403,
  /** A dataset id outside KNOWLEDGE_DATASET_IDS. */
  dataset_not_allowed: 403,
  not_found: 404,
  /** A link valid for longer than MAX_LINK_TTL allows (its `exp` is too far ahead). */
  link_ttl_exceeded: 403,
  /** The requests and decisions routes on a server without a store (DATABASE_URL unset). */
  requests_off: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** The request's Host (or trusted X-Forwarded-Host) is not APP_ORIGIN's: DNS rebinding, a stray name. */
  misdirected_request: 421,
  too_many_streams: 429,
  server_busy: 429,
  internal_error: 500,
  upstream_bad_response: 502,
  /** The upstream refused this server's own key: a configuration problem, not the caller's. */
  upstream_key_refused: 502,
  upstream_unreachable: 502,
  shutting_down: 503,
  /** The store (DATABASE_URL) did not answer; a form's answer never waits for it. */
  store_unavailable: 503,
  /** The server's configuration is not valid: its log and /api/ready name the variable. */
  server_misconfigured: 503,
  upstream_timeout: 504,
  /**
   * Ours, not Dify's: the upstream's 501 on a form route (Human Input v2's routes are stubs that
   * answer `not_implemented`), a form answered on its own channels.
   */
  form_answered_elsewhere: 501,
  /** Ours: a form route's 409 or 410 other than submitted or expired (e.g. the run not active). */
  form_closed: 409,

  // ------------------------------------------------------------ the upstream's, passed through
  // A passed-through error keeps the status the upstream sent; these are the statuses it uses.
  bad_request: 400,
  invalid_param: 400,
  invalid_form_data: 400,
  invalid_action: 400,
  filename_not_exists_error: 400,
  no_file_uploaded: 400,
  too_many_files: 400,
  not_workflow_app: 400,
  not_chat_app: 400,
  app_unavailable: 400,
  agent_not_published: 400,
  provider_not_initialize: 400,
  provider_quota_exceeded: 400,
  model_currently_not_support: 400,
  completion_request_error: 400,
  conversation_completed: 400,
  workflow_version_execution_not_allowed: 400,
  forbidden: 403,
  file_access_denied: 403,
  end_user_not_found: 404,
  file_not_found: 404,
  human_input_form_submitted: 412,
  human_input_form_expired: 412,
  file_too_large: 413,
  unsupported_file_type: 415,
  too_many_requests: 429,
  rate_limit_error: 429,
  /** A 4xx of the upstream with a code this table does not know (or none): its status and message pass. */
  upstream_rejected: 400,

  // ------------------------------------------------------------ made up by the browser
  /** No response arrived (the connection failed): there is no HTTP status. */
  network_error: 0,
  /** A response that is not one of ours: a proxy's page, a body the schema refuses, a new code. */
  unexpected_response: 502,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
