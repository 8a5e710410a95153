import "server-only";
import type { Readable } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import {
  getAppParameters,
  runWorkflowStreaming,
  sendChatMessageStreaming,
} from "@/lib/dify/dify-client";
import { checkInputs, inputRule, type InputRule } from "@/lib/server/check-inputs";
import { getEnv } from "@/lib/server/env";
import { getLimits } from "@/lib/server/limits";
import { formLinkPath } from "@/lib/server/form/signed-form-link";
import { FORM_LINK_EVENT, type FormLinkEvent } from "@/lib/launcher/launch-events";
import { launchMode, rememberChatApp } from "@/lib/server/launcher/launch-mode";
import { buildStartFormSchema, toStartInputs } from "@/lib/launcher/start-form-schema";
import type { LaunchMode, StartField, StartFormView } from "@/lib/launcher/start-form-view";
import { hiddenStartInputs, toStartFormView } from "@/lib/server/launcher/to-start-form-view";
import { streamError, type EventTransform } from "@/lib/server/streams/relay-event-stream";

// The launcher's server side: the start form from the app's parameters, and the run started as
// the browser's anonymous user, its events relayed with a signed link to the form it pauses at.

export async function getLaunchForm(): Promise<StartFormView> {
  return toStartFormView(await getAppParameters(), launchMode());
}

type Inputs = Record<string, unknown>;

/** Opens the run's stream the way the app takes it; in `auto`, learns a chat app by its 400. */
async function openRun(
  mode: LaunchMode,
  body: { inputs: Inputs; user: string; query: string },
  signal: AbortSignal,
) {
  const { query, ...rest } = body;
  const chat = () => sendChatMessageStreaming({ ...rest, query }, signal);
  try {
    return mode === "chatflow" ? await chat() : await runWorkflowStreaming(rest, signal);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "not_workflow_app" && mode === "auto") {
      rememberChatApp();
      if (query.trim()) return chat();
      throw ApiError.of(
        "message_required",
        "This app is a chat app: write a message to start it with.",
      );
    }
    if (error.code === "not_workflow_app" || error.code === "not_chat_app") {
      throw new ApiError(
        400,
        error.code,
        `The app is not a ${mode === "chatflow" ? "chat" : "workflow"} app. Check DIFY_APP_MODE in the server's configuration (or leave it unset).`,
      );
    }
    throw error;
  }
}

/** Bytes that may hold an event the launcher acts on; every other chunk passes as it came. */
const WATCHED = ["human_input_required", "workflow_finished", "error"].map((word) =>
  Buffer.from(word),
);

type LaunchEvent = {
  event?: unknown;
  workflow_run_id?: unknown;
  data?: { form_token?: unknown; node_title?: unknown };
};

/**
 * The launcher's transform of the run's events (lib/server/event-relay.ts): each form the run
 * pauses at is followed by the app's own link event, and a stream that ends before the run paused
 * or finished ends with an `error` event saying so.
 */
export function launchLinks(user: string, secret: string): EventTransform {
  let settled = false;
  return {
    mayChange: (bytes) => WATCHED.some((word) => bytes.includes(word)),
    apply(json) {
      const event = json as LaunchEvent;
      if (event.event === "workflow_finished" || event.event === "error") settled = true;
      if (event.event !== "human_input_required") return [json];
      settled = true;
      // A null token: the form is answered elsewhere (e.g. by email); the event says so itself.
      const token = event.data?.form_token;
      const runId = typeof event.workflow_run_id === "string" ? event.workflow_run_id : "";
      if (typeof token !== "string" || !token) return [json];
      const exp = Math.floor(Date.now() / 1000) + getLimits().launcherLinkTtlSeconds;
      const link: FormLinkEvent = {
        event: FORM_LINK_EVENT,
        // The same person started the run: their link may answer its later forms in place.
        url: formLinkPath({ token, run: runId, user, exp, scope: "run" }, secret),
        workflow_run_id: runId,
        node_title: typeof event.data?.node_title === "string" ? event.data.node_title : null,
      };
      return [json, link];
    },
    finish(how) {
      if (settled) return [];
      return [
        how === "broken"
          ? streamError("upstream_unreachable", "The connection to the workflow service broke off.")
          : streamError(
              "upstream_bad_response",
              "The run's event stream ended before the run paused or finished.",
            ),
      ];
    },
  };
}

/** A start field's rule, read as the same settings a Human Input form's input has. */
const startRule = (field: StartField): InputRule =>
  inputRule({
    output_variable_name: field.name,
    type: field.kind,
    allowed_file_upload_methods: "methods" in field ? field.methods : [],
  });

/**
 * Checks the start values against the app's own form and starts the run. Anything wrong before
 * the upstream opens its stream throws an ApiError (our error envelope); after that, failures
 * arrive in the stream as `error` events.
 */
export async function startLaunch(
  user: string,
  body: unknown,
  signal: AbortSignal,
): Promise<{ upstream: Readable; transform: EventTransform }> {
  const secret = getEnv().formLinkSecret;
  if (!secret) {
    throw ApiError.of(
      "internal_error",
      "FORM_LINK_SECRET is not set, so the launcher cannot link to the form.",
    );
  }
  const parameters = await getAppParameters();
  const form = toStartFormView(parameters, launchMode());
  const values = buildStartFormSchema(form.fields, form.mode).parse(body);
  const inputs = { ...hiddenStartInputs(parameters), ...toStartInputs(form.fields, values) };
  checkInputs(inputs, { hosts: getEnv().remoteFileHosts, rules: form.fields.map(startRule) });
  const upstream = await openRun(form.mode, { inputs, user, query: values.query }, signal);
  return { upstream, transform: launchLinks(user, secret) };
}
