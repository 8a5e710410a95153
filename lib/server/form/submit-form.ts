import "server-only";
import { getHumanInputForm, submitHumanInputForm } from "@/lib/dify/dify-client";
import type { SubmitRequest } from "@/lib/form/form-api-contract";
import { checkInputs, inputRule } from "@/lib/server/check-inputs";
import { getEnv } from "@/lib/server/env";

/**
 * Submits a form's answers as `user`, once they fit the form: links are checked first, with no
 * upstream call, and sent on as checked; then one read of the form gives its inputs, whose keys and file methods the
 * answers must keep to. A form already answered or expired fails that read as the submit would.
 */
export async function submitForm(token: string, body: SubmitRequest, user: string): Promise<void> {
  const insideHosts = getEnv().remoteFileHosts;
  checkInputs(body.inputs, { insideHosts });
  const form = await getHumanInputForm(token);
  const inputs = checkInputs(body.inputs, { insideHosts, rules: form.inputs.map(inputRule) });
  await submitHumanInputForm(token, { ...body, inputs, user });
}
