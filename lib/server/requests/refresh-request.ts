import { ApiError } from "@/lib/errors/api-error";
import type { RequestStatus } from "@/lib/requests/request-status";
import { settleRequest } from "@/lib/server/requests/settle-request";
import type { Db } from "@/lib/server/store/create-store";

type Settled = Exclude<RequestStatus, "answered">;

/** What Dify's answer to reading a form says of its request; undefined when it says nothing. */
export function statusOfFormRead(error: unknown, runTimedOut = false): Settled | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === "human_input_form_submitted") return "answered_elsewhere";
  if (error.code === "human_input_form_expired") return runTimedOut ? "timed_out" : "expired";
  if (error.status === 404) return "unavailable";
  return undefined;
}

/**
 * Reads a waiting request's form from Dify and moves the request on if Dify says it is closed; a
 * failure that says nothing of the form (Dify away) is thrown for the job to retry.
 */
export async function refreshRequest(
  db: Db,
  request: { id: string; formToken: string },
  readForm: (formToken: string) => Promise<unknown>,
  options: { runTimedOut?: boolean } = {},
): Promise<Settled> {
  try {
    await readForm(request.formToken);
  } catch (error) {
    const status = statusOfFormRead(error, options.runTimedOut);
    if (!status) throw error;
    await settleRequest(db, request.id, status);
    return status;
  }
  await settleRequest(db, request.id, "waiting");
  return "waiting";
}
