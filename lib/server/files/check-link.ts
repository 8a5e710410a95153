import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { chooseFileType } from "@/lib/files/detect-file-type";
import { pathDecides, remoteFileOf } from "@/lib/files/remote-file-name";
import { checkRemoteUrl } from "@/lib/files/remote-file-url";
import { uploadMethodsOf } from "@/lib/files/upload-methods";
import type { LinkCheck } from "@/lib/files/link-check";
import type { FieldSpec } from "@/lib/fields/field-spec";
import { askRemoteFile } from "@/lib/server/files/ask-remote-file";
import { getEnv } from "@/lib/server/env";

/** Checks a link for a file field, asking its server what it holds when the path does not say. */
export async function checkLink(
  fields: readonly FieldSpec[],
  request: { field: string; url: string },
): Promise<LinkCheck> {
  const field = fields.find((candidate) => candidate.name === request.field);
  if (field?.kind !== "file" && field?.kind !== "file-list")
    throw ApiError.of("invalid_request", `The form has no file input '${request.field}'.`);
  if (!uploadMethodsOf(field.methods).includes("remote_url"))
    throw ApiError.of("invalid_request", `The input '${request.field}' takes no links.`);
  const insideHosts = getEnv().REMOTE_FILE_HOSTS;
  const checked = checkRemoteUrl(request.url, insideHosts);
  if ("problem" in checked) return { ok: false, problem: checked.problem };
  const url = new URL(checked.href);
  // Dify always asks the link's server: a Content-Disposition name wins even over a path it could
  // type. A server this app cannot reach may still be reachable from Dify's network, so a path
  // that types the file is enough then; a refused HEAD (403, 404...) fails nothing.
  const asked = await askRemoteFile(checked.href, {
    insideHosts,
    timeoutMs: getEnv().limits.REMOTE_FILE_TIMEOUT_MS,
  });
  if ("problem" in asked && !(asked.problem === "unreachable" && pathDecides(url)))
    return { ok: false, problem: asked.problem };
  const answer = "answer" in asked ? asked.answer : null;
  const inside = "inside" in asked && asked.inside;
  const file = remoteFileOf(url, answer);
  const choice = chooseFileType(file, field);
  if (choice.verdict === "none")
    return { ok: false, problem: "notAccepted", detected: choice.detected };
  return {
    ok: true,
    url: checked.href,
    // An inside server's own file name stays inside: the page learns the type, named by the link.
    name: inside ? remoteFileOf(url, null).name : file.name,
    type: choice.type,
    extension: file.extension,
  };
}
