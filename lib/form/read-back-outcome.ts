import { ApiClientError } from "@/lib/client/api-client-error";

/**
 * What a read of the form says about an answer whose response failed (a 5xx, a timeout, a cut
 * connection): Dify records the answer before it resumes the run, so a failure may come after the
 * write. `null`: the read answered, so the form is still open and the answer was not recorded.
 */
export type ReadBackOutcome =
  /** The form is answered now: most likely by this answer (decision 051). */
  | { kind: "recorded" }
  /** Still open: the answer was not recorded; keep it and offer to send it again. */
  | { kind: "open" }
  /** Expired or gone since, or answered elsewhere: it can no longer be answered here. */
  | { kind: "closed"; error: ApiClientError }
  /** The read failed too: nothing is known, keep the answer. */
  | { kind: "unknown" };

/** Maps the read of the form (`null` when it answered, else what it threw) to what it means. */
export function readBackOutcome(readError: unknown): ReadBackOutcome {
  if (readError === null) return { kind: "open" };
  if (!(readError instanceof ApiClientError)) return { kind: "unknown" };
  if (readError.code === "human_input_form_submitted") return { kind: "recorded" };
  if (
    readError.status === 404 ||
    readError.status === 412 ||
    readError.code === "form_answered_elsewhere"
  )
    return { kind: "closed", error: readError };
  return { kind: "unknown" };
}
