import "server-only";
import { safeParse } from "zod/v4/core";
import { ApiError } from "@/lib/errors/api-error";
import { isRecord } from "@/lib/ids/is-record";
import { answerName } from "@/lib/fields/answer-keys";
import { getDifyClient } from "@/lib/server/dify/get-dify-client";
import { nameRefusedFields } from "@/lib/server/dify/upstream-words";
import { checkInputLinks } from "@/lib/server/request/check-input-links";
import { checkInputs } from "@/lib/server/request/check-inputs";
import { getEnv } from "@/lib/server/env";
import { formLinkPath } from "@/lib/server/form/signed-form-link";
import { FORM_LINK_EVENT, type FormLinkEvent } from "@/lib/launcher/launch-events";
import {
  buildStartFormSchema,
  fromStartRequest,
  toStartInputs,
  type StartValues,
} from "@/lib/launcher/start-form-schema";
import type { LaunchMode, StartFormView } from "@/lib/launcher/start-form-view";
import { hiddenStartInputs, toStartFormView } from "@/lib/server/launcher/to-start-form-view";
import {
  leasedEventStream,
  streamError,
  type EventTransform,
} from "@/lib/server/streams/relay-event-stream";
import { clientAddress } from "@/lib/server/client-address";
import { processState } from "@/lib/server/ops/process-state";
import { storeConfigured } from "@/lib/server/store/store-configured";
import { FORM_PAUSE_REASONS } from "@/lib/run/run-view";

// DIFY_APP_MODE, or in `auto` a workflow until the app answers `not_workflow_app`, then (until
// the process restarts) a chat app.
const learnt = () => processState("launch-mode", () => ({ isChatApp: false }));

export function launchMode(): LaunchMode {
  const configured = getEnv().DIFY_APP_MODE;
  if (configured !== "auto") return configured;
  return learnt().isChatApp ? "chatflow" : "auto";
}

export async function getLaunchForm(): Promise<StartFormView> {
  return toStartFormView(await getDifyClient().getAppParameters(), launchMode());
}

/** Opens the run's stream the way the app takes it; in `auto`, learns a chat app by its 400. */
async function openRun(
  mode: LaunchMode,
  body: { inputs: Record<string, unknown>; user: string; query: string },
  signal: AbortSignal,
) {
  const { query, ...rest } = body;
  const chat = () => getDifyClient().sendChatMessageStreaming({ ...rest, query }, signal);
  try {
    return mode === "chatflow"
      ? await chat()
      : await getDifyClient().runWorkflowStreaming(rest, signal);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "not_workflow_app" && mode === "auto") {
      learnt().isChatApp = true;
      if (query.trim()) return chat();
      throw ApiError.of(
        "message_required",
        "This app is a chat app: write a message to start it with.",
      );
    }
    if (error.code === "not_workflow_app" || error.code === "not_chat_app")
      throw ApiError.of(
        error.code,
        `The app is not a ${mode === "chatflow" ? "chat" : "workflow"} app. Check DIFY_APP_MODE in the server's configuration (or leave it unset).`,
      );
    throw error;
  }
}

type FormRef = {
  form_token?: unknown;
  node_title?: unknown;
  type?: unknown;
  TYPE?: unknown;
  form_version?: unknown;
};
type LaunchEvent = {
  event?: unknown;
  workflow_run_id?: unknown;
  data?: FormRef & { reasons?: unknown };
};

/** The forms an event opens: a `human_input_required`'s, else a pause's form reasons. */
function formsOf(event: LaunchEvent): FormRef[] {
  if (event.event === "human_input_required") return [event.data ?? {}];
  if (event.event !== "workflow_paused" || !Array.isArray(event.data?.reasons)) return [];
  return (event.data.reasons as unknown[]).filter(
    (reason): reason is FormRef =>
      isRecord(reason) && FORM_PAUSE_REASONS.includes(String(reason.type ?? reason.TYPE)),
  );
}

/** A link event after each form of ours; a stream that ends too early ends with an `error`. */
function launchLinks(user: string, secret: string): EventTransform {
  let settled = false;
  // graphon 0.6.0 and later may name a form only in the pause's reasons: one link per token.
  const linked = new Set<string>();
  return {
    apply(json) {
      const event = (json ?? {}) as LaunchEvent;
      if (event.event === "workflow_finished" || event.event === "error") settled = true;
      const forms = formsOf(event);
      if (forms.length === 0) return [json];
      settled = true;
      const runId = typeof event.workflow_run_id === "string" ? event.workflow_run_id : "";
      const links: FormLinkEvent[] = [];
      for (const form of forms) {
        // A null token or a v2 form: it is answered elsewhere (e.g. by email, or on v2's own
        // routes, where the v1 route knows no v2 token); the event says so itself.
        const token = form.form_token;
        if (typeof token !== "string" || !token || form.form_version === "2") continue;
        if (linked.has(token)) continue;
        linked.add(token);
        const nodeTitle = typeof form.node_title === "string" ? form.node_title : null;
        if (storeConfigured()) {
          void import("@/lib/server/requests/register-launched").then(({ registerLaunched }) =>
            registerLaunched({ token, runId, user, title: nodeTitle }),
          );
        }
        const exp = Math.floor(Date.now() / 1000) + getEnv().limits.launcherLinkTtlSeconds;
        links.push({
          event: FORM_LINK_EVENT,
          // The same person started the run: their link may answer its later forms in place.
          url: formLinkPath({ token, run: runId, user, exp, scope: "run" }, secret),
          workflow_run_id: runId,
          node_title: nodeTitle,
        });
      }
      return [json, ...links];
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

/** The start request checked as the start form checks its values; refusals name variables. */
function parseStartRequest(form: StartFormView, body: unknown): StartValues {
  const result = safeParse(buildStartFormSchema(form.fields, form.mode), fromStartRequest(body));
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const [root, key] = issue.path;
    if (root === "inputs" && typeof key === "string") issue.path[1] = answerName(key) ?? key;
  }
  throw ApiError.fromZod(result.error);
}

/** Checks the values against the app's own form and starts the run, else throws an ApiError. */
export async function startLaunch(user: string, body: unknown, signal: AbortSignal) {
  const secret = getEnv().FORM_LINK_SECRET;
  if (!secret)
    throw ApiError.of(
      "internal_error",
      "FORM_LINK_SECRET is not set, so the launcher cannot link to the form.",
    );
  const parameters = await getDifyClient().getAppParameters();
  const form = toStartFormView(parameters, launchMode());
  const values = parseStartRequest(form, body);
  // Hidden variables are the app author's defaults, not the visitor's: they go unchecked.
  const insideHosts = getEnv().REMOTE_FILE_HOSTS;
  const checked = checkInputs(toStartInputs(form.fields, values), {
    insideHosts,
    // A file field's methods are already read as the server reads them.
    rules: form.fields.map((field) => ({
      name: field.name,
      methods: "methods" in field ? field.methods : [],
    })),
  });
  await checkInputLinks(checked, insideHosts);
  const inputs = { ...hiddenStartInputs(parameters), ...checked };
  const upstream = await openRun(form.mode, { inputs, user, query: values.query }, signal).catch(
    (error: unknown) => {
      throw nameRefusedFields(
        error,
        form.fields.map((field) => field.name),
      );
    },
  );
  return { upstream, transform: launchLinks(user, secret) };
}

// A shutdown does not end a launch early: it cannot be resumed elsewhere, so it gets the grace.
export function launchResponse(request: Request, user: string, body: unknown): Promise<Response> {
  const holder = { address: clientAddress(request), visitor: user, launch: true };
  return leasedEventStream(request, holder, (signal) => startLaunch(user, body, signal));
}
