import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { ApiError, type ErrorEnvelope } from "@/lib/errors/api-error";
import type { FormView } from "@/lib/form/form-view";
import { toFormView } from "@/lib/server/form/to-form-view";

/** The form as the app's view, with the app's upload limits: for the page and GET /api/forms. */
export async function loadFormView(token: string): Promise<FormView> {
  const [form, parameters] = await Promise.all([
    getDifyClient().getHumanInputForm(token),
    // Limits only refine the page's checks; the form still opens without them.
    getDifyClient()
      .getAppParametersCached()
      .catch(() => undefined),
  ]);
  return toFormView(token, form, parameters?.system_parameters);
}

/**
 * What the page shows for a form that did not load: the envelope the API route would answer with
 * (an unexpected error becomes the same generic internal_error, without its details).
 */
export function loadErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof ApiError) return error.toJSON();
  console.error(
    "Form page could not load its form:",
    error instanceof Error ? error.name : typeof error,
  );
  return ApiError.of(
    "internal_error",
    "Something went wrong on our side. Please try again.",
  ).toJSON();
}
