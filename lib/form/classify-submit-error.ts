import { ApiClientError } from "@/lib/client/api-client-error";
import { fieldsRefused } from "@/lib/fields/fields-refused";

/** What the form page does with a submission that failed. */
export type SubmitFailure =
  | { kind: "answered"; error: ApiClientError }
  | { kind: "expired"; error: ApiClientError }
  /** Gone or otherwise closed (another 409/410/412, a 404, answered elsewhere). */
  | { kind: "closed"; error: ApiClientError }
  /** The response was lost: the answer may have arrived. Ask the form, else keep the answers. */
  | { kind: "network" }
  /** The service failed (5xx, timeout); it may have recorded the answer first: ask the form. */
  | { kind: "service"; message: string }
  /** The answer was refused: show the message, next to each field it names. */
  | { kind: "rejected"; fields: string[]; message: string }
  | { kind: "unknown" };

/** Maps a failed submit of a form with these field names to what the page does next. */
export function classifySubmitError(error: unknown, fieldNames: readonly string[]): SubmitFailure {
  if (!(error instanceof ApiClientError)) return { kind: "unknown" };
  if (error.code === "network_error") return { kind: "network" };
  // A 501, yet nothing failed: the form is answered on its own channels, sending again cannot help.
  if (error.code === "form_answered_elsewhere") return { kind: "closed", error };
  if ([404, 409, 410, 412].includes(error.status)) {
    if (error.code === "human_input_form_submitted") return { kind: "answered", error };
    if (error.code === "human_input_form_expired") return { kind: "expired", error };
    return { kind: "closed", error };
  }
  if (error.status >= 500) return { kind: "service", message: error.message };
  return { kind: "rejected", fields: fieldsRefused(error, fieldNames), message: error.message };
}
