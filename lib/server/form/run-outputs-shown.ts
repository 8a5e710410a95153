import "server-only";
import type { FormLinkClaims } from "@/lib/form/form-link";
import { getEnv } from "@/lib/server/env";

/** Whether a link's run view gets the answer and final outputs (a link only narrows it). */
export function runOutputsShown(claims: Pick<FormLinkClaims, "view">): boolean {
  return getEnv().RUN_STREAM_OUTPUTS === "shown" && claims.view !== "progress";
}
