import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
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
