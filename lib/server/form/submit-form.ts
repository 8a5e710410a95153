import "server-only";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import type { SubmitRequest } from "@/lib/form/form-api-contract";
import { checkInputs, inputRule } from "@/lib/server/request/check-inputs";
import { getEnv } from "@/lib/server/env";

/**
 * Submits answers as `user` once they fit: links first, then against one read of the form. Returns
 * the form read and the inputs sent, for the decision kept after it.
 */
export async function submitForm(token: string, body: SubmitRequest, user: string) {
  const insideHosts = getEnv().REMOTE_FILE_HOSTS;
  checkInputs(body.inputs, { insideHosts });
  const form = await getDifyClient().getHumanInputForm(token);
  const inputs = checkInputs(body.inputs, { insideHosts, rules: form.inputs.map(inputRule) });
  await getDifyClient().submitHumanInputForm(token, { ...body, inputs, user });
  return { form, inputs };
}
