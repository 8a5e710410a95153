import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { checkRemoteUrl, REMOTE_URL_PROBLEM_TEXT } from "@/lib/files/remote-file-url";
import { isRecord } from "@/lib/ids/is-record";
import { resolveLinkHost } from "@/lib/server/files/ask-remote-file";

const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Refuses checked inputs whose remote links name a host that resolves inside, as the link check
 * does: the upstream fetches them from inside its own network, so the spelling is not enough. A
 * name that does not resolve goes on; the upstream reports the file it cannot fetch.
 */
export async function checkInputLinks(
  inputs: Record<string, unknown>,
  insideHosts: readonly string[],
): Promise<void> {
  const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
  const links = Object.entries(inputs).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((file: unknown) =>
      isRecord(file) && file.transfer_method === "remote_url" && typeof file.url === "string"
        ? [{ name, url: file.url }]
        : [],
    ),
  );
  const verdicts = await Promise.all(
    links.map(async ({ name, url }) => {
      const checked = checkRemoteUrl(url, insideHosts);
      const resolved = "problem" in checked ? checked : await resolveLinkHost(checked, signal);
      const problem = "problem" in resolved ? resolved.problem : "unreachable";
      return problem === "unreachable" ? null : { name, problem };
    }),
  );
  const refused = verdicts.find((verdict) => verdict !== null);
  if (refused)
    throw ApiError.of(
      "invalid_request",
      `The link in input '${refused.name}' ${REMOTE_URL_PROBLEM_TEXT[refused.problem]}.`,
    );
}
