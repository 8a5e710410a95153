import "server-only";
import { getAppParametersCached, getHumanInputForm } from "@/lib/dify/dify-client";
import { toFormView, type FormView } from "@/lib/form/form-view";

/** The form of a (verified) token as the app's view model, with the app's upload limits. */
export async function loadFormView(token: string): Promise<FormView> {
  const [form, parameters] = await Promise.all([
    getHumanInputForm(token),
    // Limits only refine the page's checks; the form still opens without them.
    getAppParametersCached().catch(() => undefined),
  ]);
  return toFormView(token, form, parameters?.system_parameters);
}
