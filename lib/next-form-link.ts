import "server-only";
import { ApiError } from "@/lib/api-error";
import { streamWorkflowEvents } from "@/lib/dify/dify-client";
import { getEnv } from "@/lib/env";
import { formLinkPath, type FormLinkClaims } from "@/lib/form-link";
import { readStreamEvents } from "@/lib/sse-events";

/**
 * A link to the next form of the same run, for the same user. The server signs it only after the
 * run's own state shows it paused at that form, so a link cannot be stretched to any other token.
 */
export async function nextFormLink(current: FormLinkClaims, nextToken: string): Promise<string> {
  if (!current.run) throw ApiError.of("not_found", "This link has no run to follow.");
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 8_000);
  let pausedAt: string | null | undefined;
  try {
    const stream = await streamWorkflowEvents(current.run, {
      user: current.user,
      includeStateSnapshot: true,
      signal: abort.signal,
    });
    for await (const event of readStreamEvents(stream)) {
      if (event.event === "human_input_required") pausedAt = event.data.form_token;
      if (event.event === "workflow_paused" || event.event === "workflow_finished") break;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  if (pausedAt !== nextToken) {
    throw ApiError.of("not_found", "The run is not waiting at that form.");
  }
  const env = getEnv();
  const claims = { ...current, token: nextToken };
  if (env.formLinkSecret) return formLinkPath(claims, env.formLinkSecret);
  // Unsigned links are allowed (trusted networks): carry the same user without a signature.
  const query = new URLSearchParams({ run: claims.run, user: claims.user });
  return `/form/${encodeURIComponent(nextToken)}?${query.toString()}`;
}
