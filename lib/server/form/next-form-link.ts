import "server-only";
import { Readable } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { getEnv } from "@/lib/server/env";
import { type FormLinkClaims } from "@/lib/form/form-link";
import { mintFormLink } from "@/lib/server/form/mint-form-link";
import { runViewReducer } from "@/lib/run/run-view";
import { initialRunView, type RunViewState } from "@/lib/run/run-view-state";
import { readStreamEvents } from "@/lib/dify/sse-events";

// The run's state now, as the server sees it (tokens included). Without `continue_on_pause` a
// replayed log would end at its FIRST pause, maybe long answered: the replay is folded until the
// run has finished, or is paused and the stream goes quiet.
export async function readRunState(run: string, user: string): Promise<RunViewState> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), getEnv().limits.nextLinkReadTimeoutMs);
  let state = initialRunView;
  try {
    const stream = await getDifyClient().streamWorkflowEvents(run, {
      user,
      includeStateSnapshot: true,
      continueOnPause: true,
      signal: abort.signal,
    });
    const events = readStreamEvents(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    for (;;) {
      const next = events.next();
      next.catch(() => undefined);
      const quiet =
        state.phase === "paused"
          ? new Promise<null>((resolve) =>
              setTimeout(() => resolve(null), getEnv().limits.nextLinkQuietMs),
            )
          : null;
      const result = quiet ? await Promise.race([next, quiet]) : await next;
      if (result === null || result.done) break;
      state = runViewReducer(state, result.value);
      if (state.phase === "finished" || state.phase === "failed") break;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return state;
}

/** NOTE: a form-scoped link opens its own form only; the next step may be someone else's. */
export function requireRunScope(claims: FormLinkClaims): void {
  if (claims.scope !== "run") {
    throw ApiError.of(
      "link_scope",
      "This link opens its own form only: the next step waits for someone else.",
    );
  }
}

/** A run-scoped link to a form the run waits at now, its token found in the run's own state. */
export async function nextFormLink(
  current: FormLinkClaims,
  wanted: { formId?: string | null; nodeId: string },
): Promise<string> {
  requireRunScope(current);
  if (!current.run) throw ApiError.of("not_found", "This link has no run to follow.");
  const state = await readRunState(current.run, current.user);
  const form = state.waiting.find((w) =>
    wanted.formId && w.formId ? w.formId === wanted.formId : w.nodeId === wanted.nodeId,
  );
  if (state.phase !== "paused" || !form || form.answered) {
    throw ApiError.of("not_found", "The run is not waiting at that form.");
  }
  if (!form.formToken || form.v2)
    throw ApiError.of("not_found", "That form is answered elsewhere.");
  // The same user, and the same view: a progress-only link hands on a progress-only link.
  return mintFormLink({ ...current, token: form.formToken, scope: "run" });
}
