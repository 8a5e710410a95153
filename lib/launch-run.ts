import "server-only";
import { ApiError } from "@/lib/api-error";
import { getAppParameters, runWorkflowStreaming } from "@/lib/dify/dify-client";
import { getEnv } from "@/lib/env";
import { formLinkPath } from "@/lib/form-link";
import { readStreamEvents } from "@/lib/sse-events";

const LINK_TTL_SECONDS = 24 * 60 * 60;

export type LaunchResult =
  | { status: "paused"; url: string; runId: string }
  | { status: "answered-elsewhere"; runId: string; nodeTitle: string | null }
  | { status: "finished"; runId: string; outcome: string; outputs: Record<string, unknown> };

/** The app's declared defaults, under the values given: what a start form would pre-fill. */
async function withDefaults(inputs: Record<string, unknown>): Promise<Record<string, unknown>> {
  const parameters = await getAppParameters();
  const defaults: Record<string, unknown> = {};
  for (const { control } of parameters.user_input_form) {
    if (control.default !== undefined && control.default !== null && control.default !== "") {
      defaults[control.variable] = control.default;
    }
  }
  return { ...defaults, ...inputs };
}

/** Starts the configured workflow and follows its stream until it pauses at a form or ends. */
export async function launchWorkflow(
  user: string,
  inputs: Record<string, unknown>,
): Promise<LaunchResult> {
  const stream = await runWorkflowStreaming({ inputs: await withDefaults(inputs), user });
  let runId = "";
  for await (const event of readStreamEvents(stream)) {
    if (event.event === "unknown") continue;
    if ("workflow_run_id" in event && event.workflow_run_id) runId = event.workflow_run_id;
    switch (event.event) {
      case "human_input_required": {
        const token = event.data.form_token;
        if (!token)
          return { status: "answered-elsewhere", runId, nodeTitle: event.data.node_title ?? null };
        const secret = getEnv().formLinkSecret;
        if (!secret)
          throw ApiError.of(
            "internal_error",
            "FORM_LINK_SECRET is not set, so no link can be made.",
          );
        const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
        return {
          status: "paused",
          runId,
          url: formLinkPath({ token, run: runId, user, exp }, secret),
        };
      }
      case "workflow_finished":
        return {
          status: "finished",
          runId,
          outcome: event.data.status,
          outputs: event.data.outputs ?? {},
        };
      case "error":
        throw new ApiError(
          event.status ?? 502,
          event.code ?? "upstream_bad_response",
          event.message ?? "The run failed to start.",
        );
      default:
        break;
    }
  }
  throw ApiError.of(
    "upstream_bad_response",
    "The run's event stream ended before the run paused or finished.",
  );
}
