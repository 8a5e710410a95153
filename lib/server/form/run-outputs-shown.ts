import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { getEnv } from "@/lib/server/env";

/**
 * Whether a link's run view gets the streamed answer and the run's final outputs: the server's
 * RUN_STREAM_OUTPUTS, narrowed by the link's signed `view=progress` (a link never widens it).
 */
export function runOutputsShown(claims: Pick<FormLinkClaims, "view">): boolean {
  return getEnv().RUN_STREAM_OUTPUTS === "shown" && claims.view !== "progress";
}
