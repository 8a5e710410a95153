import { readSseJson } from "@/lib/dify/sse-events";
import { EMBEDDED_KEYS } from "@/lib/embedded/demo-keys";
import { readStreamEvents } from "@/lib/dify/sse-events";
import { EMBEDDED_ORIGIN, embeddedAdmin } from "@/e2e/helpers/embedded";

// Runs as a portal starts them, and what the embedded service and the app's events route say
// about them.

/** The `demoRun` fixture: a paused run of the demo workflow with a signed link for its user. */
export type DemoRun = { runId: string; formToken: string; user: string; link: string };

export type ReplayMode = "pubsub" | "streams";

export type DemoRunOptions = {
  formTtlSeconds?: number;
  /** How long each step takes once the run has paused (it reaches its form at the usual pace). */
  stepDelayMs?: number;
  /** How the embedded service replays this run on a reconnect (each run keeps its own mode). */
  replayMode?: ReplayMode;
  /** `reasons`: the snapshot carries the open forms only in workflow_paused.data.reasons[]. */
  snapshotStyle?: "events" | "reasons";
  /** `parallel`: two Human Input branches open at once. */
  demo?: "review" | "parallel" | "parallel_repause";
  app?: "workflow" | "chatflow";
  query?: string;
  /** The server generation the run plays: pause reasons as graphon 0.6+ writes them, cursors. */
  serverGeneration?: "before-0.7" | "since-0.7";
};

/**
 * Starts a workflow run as a portal backend would: POST /workflows/run, streaming, to the pause.
 * With `formTtlSeconds` or `stepDelayMs` the embedded service's admin route starts it instead,
 * with forms that expire that soon or steps after the pause that slow (the public API has no such
 * knobs).
 */
export async function startRunAsPortal(
  user: string,
  inputs: Record<string, unknown> = {},
  options: DemoRunOptions = {},
): Promise<{ runId: string; formToken: string; formTokens: string[] }> {
  if (Object.values(options).some((value) => value !== undefined)) {
    const run = await embeddedAdmin.startDemoRun({
      user,
      inputs,
      app: options.app,
      query: options.query,
      demo: options.demo,
      form_ttl_seconds: options.formTtlSeconds,
      step_delay_ms: options.stepDelayMs,
      replay_mode: options.replayMode,
      snapshot_style: options.snapshotStyle,
      server_generation: options.serverGeneration,
    });
    return { runId: run.workflow_run_id, formToken: run.form_token, formTokens: run.form_tokens };
  }
  const response = await fetch(`${EMBEDDED_ORIGIN}/v1/workflows/run`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${EMBEDDED_KEYS.workflowApp}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      inputs: { topic: "Our new release", audience: "Engineers", ...inputs },
      response_mode: "streaming",
      user,
    }),
  });
  if (!response.ok || !response.body) throw new Error(`run start failed: ${response.status}`);
  for await (const event of readStreamEvents(response.body)) {
    if (event.event === "human_input_required" && event.data.form_token) {
      const formToken = event.data.form_token;
      return { runId: event.workflow_run_id ?? "", formToken, formTokens: [formToken] };
    }
  }
  throw new Error("the run did not pause at a form");
}

export async function getRunRecord(runId: string) {
  return embeddedAdmin.run(runId);
}

/** The start inputs of a run exactly as the embedded service received them (before conversion). */
export async function receivedInputsOf(runId: string): Promise<Record<string, unknown>> {
  return (await embeddedAdmin.run(runId)).received_inputs;
}

/** The runs the embedded service holds for one user. */
export async function runsOf(user: string): Promise<{ id: string; app: string }[]> {
  return embeddedAdmin.runsOf(user);
}

/**
 * Reads the app's events route for a link exactly as the page does (the link in its header)
 * until `until` sees an event, and returns the raw text the browser would receive.
 */
export async function readEventsRoute(
  baseURL: string,
  link: string,
  until: (event: { event: string } & Record<string, unknown>) => boolean,
  timeoutMs = 15_000,
): Promise<string> {
  const url = new URL(link, baseURL);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let text = "";
  try {
    const response = await fetch(
      `${baseURL}/api${url.pathname.replace(/^\/form\//, "/forms/")}/events`,
      {
        headers: { "x-form-link": url.search.slice(1) },
        signal: controller.signal,
      },
    );
    if (!response.ok || !response.body) throw new Error(`events route: ${response.status}`);
    // The raw text is kept as it arrives; the events are read with the product's own reader.
    const decoder = new TextDecoder();
    const recorded = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, stream) {
          text += decoder.decode(chunk, { stream: true });
          stream.enqueue(chunk);
        },
      }),
    );
    for await (const event of readSseJson(recorded)) {
      if (until(event as { event: string } & Record<string, unknown>)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return text;
}
