import type { ServerResponse } from "node:http";
import { z } from "zod";
import { DifyError, sendDifyJson } from "./dify-error";
import { DEMO_APPS, appParameters, startFormOf, type UserInputItem } from "./demo-apps";
import { parseDifyBody, readDifyJsonBody, requireUser } from "./read-dify-json-body";
import type { EmbeddedRoute, RouteRequest } from "./create-router";
import { handleUpload } from "./handle-upload";
import type { ServerContext } from "./server-context";
import { openSseStream } from "./sse-stream";
import {
  envelopeOf,
  humanInputRequiredData,
  type RunScript,
  type StartRunParams,
} from "./run-engine";
import type { AppKind, FormRecord, RunRecord, RunEvent } from "./store";
import { fetchRemoteAnswers, NO_REMOTE_ANSWERS, remoteUrlsIn } from "./remote-file-info";
import type { RemoteAnswers } from "./remote-file-info";
import { validateFormSubmission } from "./validate-form-submission";
import { validateRunInputs } from "./validate-run-inputs";

// Taken as parsed, not copied: a record parse would lose a key named `__proto__`, which a Python
// dict keeps.
const inputsSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  { error: "inputs must be an object" },
);
const responseModeSchema = z.enum(["streaming", "blocking"]).optional();

const workflowRunSchema = z.object({
  inputs: inputsSchema,
  response_mode: responseModeSchema,
  user: z.string(),
  files: z.array(z.unknown()).optional(),
});

const chatMessageSchema = z.object({
  query: z.string({ error: "query is required and must be a string" }),
  inputs: inputsSchema,
  response_mode: responseModeSchema,
  user: z.string(),
  conversation_id: z.string().nullish(),
  files: z.array(z.unknown()).optional(),
});

const formSubmitSchema = z.object({
  inputs: inputsSchema,
  action: z.string({ error: "action is required and must be a string" }),
  user: z.string(),
});

const isFinished = (run: RunRecord): boolean =>
  run.status === "succeeded" || run.status === "failed" || run.status === "stopped";

function lastEvent(run: RunRecord, name: string): RunEvent | undefined {
  for (let i = run.events.length - 1; i >= 0; i--) {
    const event = run.events[i];
    if (event?.event === name) return event;
  }
  return undefined;
}

// Streams `replay`, then the run's log from `fromIndex` live, ending at workflow_finished (unless
// `stayAfterFinish`: then the idle timeout ends it) and at workflow_paused when endOnPause.
// Unsubscribes when the client goes away.
function streamRun({
  ctx,
  res,
  run,
  replay,
  fromIndex,
  endOnPause,
  stayAfterFinish = false,
  closeStopsRun = false,
}: {
  ctx: ServerContext;
  res: ServerResponse;
  run: RunRecord;
  replay: RunEvent[];
  fromIndex: number | null;
  endOnPause: boolean;
  stayAfterFinish?: boolean;
  /** #39448: the client closing this stream while the run is paused stops the resumed run. */
  closeStopsRun?: boolean;
}): void {
  // The newest servers' retained log gives each event its Redis Stream ID, a cursor to resume at.
  const idOf = (event: RunEvent) => (hasCursors(run) ? eventId(run, event) : undefined);
  const stream = openSseStream(res, {
    store: ctx.store,
    pingIntervalMs: ctx.config.pingIntervalMs,
    idleTimeoutMs: ctx.config.idleTimeoutMs,
    runId: run.id,
  });
  const isTerminal = (event: RunEvent): boolean =>
    (event.event === "workflow_finished" && !stayAfterFinish) ||
    event.event === "error" ||
    (endOnPause && event.event === "workflow_paused");

  for (const event of replay) {
    stream.send(event, idOf(event));
    if (isTerminal(event)) return stream.end();
  }
  if (fromIndex === null) return stream.end();

  let done = false;
  const unsubscribe = ctx.engine.subscribe({
    run,
    fromIndex,
    listener: (event) => {
      if (done) return;
      stream.send(event, idOf(event));
      if (isTerminal(event)) {
        done = true;
        stream.end();
      }
    },
  });
  if (done) unsubscribe();
  else
    stream.onClose(() => {
      if (!done && closeStopsRun && run.status === "paused") run.stopRequested = true;
      done = true;
      unsubscribe();
    });
}

/**
 * A `pubsub` server's snapshot of a run, built from its state rather than its log: the start,
 * each node once (a finished node as started + finished, the paused Human Input nodes as
 * `node_finished` with `status: "paused"`), a chatflow's answer so far as one `message_replace`,
 * then the open forms and `workflow_paused` when paused.
 */
const NULL_DETAILS = { inputs: null, process_data: null, outputs: null, error: null };

function stateSnapshot(ctx: ServerContext, run: RunRecord): RunEvent[] {
  const snapshot: RunEvent[] = [];
  const started = run.events.find((e) => e.event === "workflow_started");
  if (started) snapshot.push(started);
  const finished = new Map<string, RunEvent>();
  for (const event of run.events)
    if (event.event === "node_finished") finished.set(executionId(event), event);
  const openForms = run.openFormTokens
    .map((token) => ctx.store.getForm(token))
    .filter((form): form is FormRecord => form !== undefined);
  const pausedNodes = new Set(openForms.map((form) => form.nodeId));
  for (const event of run.events) {
    if (event.event !== "node_started") continue;
    snapshot.push(event);
    const done = finished.get(executionId(event));
    const data = event.data as Record<string, unknown>;
    // A snapshot builds finished nodes from their execution records: no inputs, outputs or
    // error (the run's error is in workflow_finished).
    if (done) snapshot.push({ ...done, data: { ...(done.data as object), ...NULL_DETAILS } });
    else if (run.status === "paused" && pausedNodes.has(String(data.node_id)))
      snapshot.push({
        ...event,
        event: "node_finished",
        // Every field a finished node carries (the description documents them all), as a
        // server's snapshot builds it from the node's execution record.
        data: {
          ...data,
          status: "paused",
          // A snapshot's paused node carries no inputs, outputs or process data yet.
          inputs: null,
          process_data: null,
          process_data_truncated: false,
          outputs: null,
          outputs_truncated: false,
          files: [],
          error: null,
          elapsed_time: 0,
          execution_metadata: null,
          finished_at: Math.floor(Date.now() / 1000),
        },
      });
  }
  if (run.app === "chatflow" && run.answer) {
    snapshot.push({
      event: "message_replace",
      task_id: run.taskId,
      message_id: run.messageId,
      conversation_id: run.conversationId,
      workflow_run_id: run.id,
      answer: run.answer,
      reason: "",
      created_at: run.createdAt,
    });
  }
  if (run.status === "paused") {
    const reasonsOnly = run.snapshotStyle === "reasons";
    if (!reasonsOnly) {
      for (const form of openForms)
        snapshot.push(
          envelopeOf(run, { event: "human_input_required", data: humanInputRequiredData(form) }),
        );
    }
    snapshot.push(
      envelopeOf(run, {
        event: "workflow_paused",
        data: ctx.engine.pausedData(run, { forms: openForms, full: reasonsOnly }),
      }),
    );
  }
  return snapshot;
}

function executionId(event: RunEvent): string {
  const id = (event.data as Record<string, unknown> | undefined)?.id;
  return typeof id === "string" ? id : "";
}

function blockingRunBody(run: RunRecord): Record<string, unknown> {
  return {
    workflow_run_id: run.id,
    task_id: run.taskId,
    data: {
      id: run.id,
      workflow_id: run.workflowId,
      status: run.status,
      outputs: run.outputs,
      error: run.error,
      elapsed_time: (Date.now() - run.startedAtMs) / 1000,
      total_tokens: run.totalTokens,
      total_steps: run.totalSteps,
      created_at: run.createdAt,
      finished_at: run.finishedAt,
    },
  };
}

// GET /parameters
function getParameters({ ctx, app, res }: RouteRequest): void {
  if (ctx.config.appUnavailable === true || ctx.config.appUnavailable === app) {
    throw new DifyError(
      400,
      "app_unavailable",
      "App unavailable, please check your app configurations.",
    );
  }
  sendDifyJson(res, {
    status: 200,
    body: appParameters(
      app,
      ctx.config.systemParameters,
      startFormOf(app, ctx.config.addedStartInputs),
    ),
  });
}

// Starts a run of the app's demo script after Dify's input checks; shared with the admin demo-runs.
export type DemoRunOptions = Pick<
  StartRunParams,
  | "app"
  | "user"
  | "query"
  | "conversationId"
  | "formTtlSeconds"
  | "stepDelayMs"
  | "replayMode"
  | "snapshotStyle"
  | "serverGeneration"
  | "dropsResumedAnswer"
> & {
  inputs: Record<string, unknown>;
  /** The app's own demo script when not given. */
  script?: RunScript;
  /** What the inputs' remote URLs answered (fetchRemoteAnswers); none when not given. */
  remote?: RemoteAnswers;
  /** The start form the inputs are checked against; the app's own when not given. */
  startForm?: UserInputItem[];
};

export function startDemoRun(
  ctx: ServerContext,
  { app, user, inputs, conversationId, script, remote, startForm, ...rest }: DemoRunOptions,
): RunRecord {
  const checked = validateRunInputs({
    form: startForm ?? DEMO_APPS[app].userInputForm,
    inputs,
    context: {
      user,
      store: ctx.store,
      generation: rest.serverGeneration ?? ctx.config.serverGeneration,
      remote: remote ?? NO_REMOTE_ANSWERS,
    },
  });
  if ("problem" in checked) throw new DifyError(400, "invalid_param", checked.problem);
  if (conversationId) {
    const conversation = ctx.store.getConversation(conversationId);
    if (!conversation || conversation.app !== app || conversation.user !== user) {
      throw new DifyError(404, "not_found", "Conversation Not Exists.");
    }
  }
  return ctx.engine.start({
    ...rest,
    app,
    user,
    inputs: checked.inputs,
    receivedInputs: inputs,
    script: script ?? DEMO_APPS[app].script,
    conversationId,
  });
}

// Each start endpoint belongs to one kind of app; the other kind's key gets Dify's 400.
function requireAppKind({
  app,
  expected,
  code,
}: {
  app: AppKind;
  expected: AppKind;
  code: string;
}): void {
  if (app !== expected) {
    throw new DifyError(400, code, "Please check if your app mode matches the right API route.");
  }
}

// POST /workflows/run
async function runWorkflow({ ctx, app, req, res }: RouteRequest): Promise<void> {
  const raw = await readDifyJsonBody(req);
  const user = requireUser(raw.user);
  const body = parseDifyBody(workflowRunSchema, raw);
  requireAppKind({ app, expected: "workflow", code: "not_workflow_app" });
  const remote = await fetchRemoteAnswers(remoteUrlsIn(body.inputs));
  const run = startDemoRun(ctx, {
    app,
    user,
    inputs: body.inputs,
    remote,
    startForm: startFormOf(app, ctx.config.addedStartInputs),
  });
  const flawed = ctx.config.streamCloseStopsRunFor === user;
  if (body.response_mode === "streaming")
    return streamRun({
      ctx,
      res,
      run,
      replay: [],
      fromIndex: 0,
      endOnPause: !flawed,
      closeStopsRun: flawed,
    });
  await ctx.engine.settled(run);
  sendDifyJson(res, { status: 200, body: blockingRunBody(run) });
}

// POST /chat-messages
async function sendChatMessage({ ctx, app, req, res }: RouteRequest): Promise<void> {
  const raw = await readDifyJsonBody(req);
  const user = requireUser(raw.user);
  const body = parseDifyBody(chatMessageSchema, raw);
  requireAppKind({ app, expected: "chatflow", code: "not_chat_app" });
  if (body.query.trim() === "") throw new DifyError(400, "invalid_param", "query is required");
  const remote = await fetchRemoteAnswers(remoteUrlsIn(body.inputs));
  const run = startDemoRun(ctx, {
    app,
    user,
    inputs: body.inputs,
    remote,
    query: body.query,
    startForm: startFormOf(app, ctx.config.addedStartInputs),
    conversationId: body.conversation_id || undefined,
    dropsResumedAnswer: ctx.config.resumedAnswerDroppedFor === user,
  });
  if (body.response_mode === "streaming")
    return streamRun({ ctx, res, run, replay: [], fromIndex: 0, endOnPause: true });
  await ctx.engine.settled(run);
  sendDifyJson(res, {
    status: 200,
    body: {
      event: "message",
      task_id: run.taskId,
      id: run.messageId,
      message_id: run.messageId,
      conversation_id: run.conversationId,
      mode: "advanced-chat",
      answer: run.answer,
      metadata: { usage: { total_tokens: run.totalTokens }, retriever_resources: [] },
      created_at: run.createdAt,
    },
  });
}

/** The newest generation keeps a run's log in Redis Streams: ids, and cursors to resume at. */
const hasCursors = (run: RunRecord) =>
  run.serverGeneration === "since-0.7" && run.replayMode === "streams";

/** A logged event's Redis Stream ID: the run's start in ms, and its place in the log. */
function eventId(run: RunRecord, event: RunEvent): string | undefined {
  const index = run.events.indexOf(event);
  return index < 0 ? undefined : `${run.startedAtMs}-${index}`;
}

const CURSOR = /^[0-9]+-[0-9]+$/;
const U64_DIGITS = 20;

/**
 * `Last-Event-ID`, else `?cursor=` (dify `api/controllers/common/workflow_event_cursor.py`):
 * a Redis Stream ID of two unsigned 64-bit numbers, else 400; null when none was sent.
 */
function replayCursor(req: RouteRequest["req"], query: URLSearchParams): string | null {
  const header = req.headers["last-event-id"];
  const raw = ((typeof header === "string" ? header : "").trim() || query.get("cursor")) ?? "";
  const cursor = raw.trim();
  if (!cursor) return null;
  const parts = cursor.split("-");
  if (
    !CURSOR.test(cursor) ||
    parts.some((part) => part.length > U64_DIGITS || BigInt(part) > 2n ** 64n - 1n)
  )
    throw new DifyError(
      400,
      "bad_request",
      "event cursor must be a Redis Stream ID such as '1712345678901-0'",
    );
  return cursor;
}

/** The log index right after a cursor of this run (its start, or its end, for a foreign one). */
function indexAfter(run: RunRecord, cursor: string): number {
  const [ms = "0", seq = "0"] = cursor.split("-");
  if (BigInt(ms) < BigInt(run.startedAtMs)) return 0;
  if (BigInt(ms) > BigInt(run.startedAtMs)) return run.events.length;
  return Math.min(Number(seq) + 1, run.events.length);
}

// GET /workflow/{run_id}/events
function streamWorkflowEvents({ ctx, app, params, query, req, res }: RouteRequest): void {
  const runId = params.run_id ?? "";
  const user = requireUser(query.get("user"));
  const includeSnapshot = query.get("include_state_snapshot") === "true";
  const continueOnPause = query.get("continue_on_pause") === "true";
  const run = ctx.store.getRun(runId);
  if (!run || run.app !== app || run.user !== user)
    throw new DifyError(404, "not_found", "Workflow run not found");
  // Only the newest servers read a cursor (older ones ignore the header).
  const cursor = run.serverGeneration === "since-0.7" ? replayCursor(req, query) : null;

  // A finished run answers one workflow_finished, whatever the replay mode.
  if (isFinished(run)) {
    const finished = lastEvent(run, "workflow_finished");
    return streamRun({
      ctx,
      res,
      run,
      replay: finished ? [finished] : [],
      fromIndex: null,
      endOnPause: true,
    });
  }
  if (cursor !== null && hasCursors(run)) {
    // From the event after the cursor, then live: nothing already seen, nothing missed.
    return streamRun({
      ctx,
      res,
      run,
      replay: [],
      fromIndex: indexAfter(run, cursor),
      endOnPause: !continueOnPause,
    });
  }
  if (run.replayMode === "streams" && includeSnapshot) {
    // The run's whole log from its first event, then live: earlier pauses and chunks included.
    // Without continue_on_pause the stream ends at the FIRST logged workflow_paused.
    return streamRun({ ctx, res, run, replay: [], fromIndex: 0, endOnPause: !continueOnPause });
  }
  // Without a snapshot nothing already sent is repeated: live events only, and with
  // continue_on_pause the stream outlives the run until the idle timeout.
  const replay = includeSnapshot ? stateSnapshot(ctx, run) : [];
  streamRun({
    ctx,
    res,
    run,
    replay,
    fromIndex: run.events.length,
    endOnPause: !continueOnPause,
    stayAfterFinish: continueOnPause && !includeSnapshot,
  });
}

function findForm({
  ctx,
  app,
  token,
}: {
  ctx: ServerContext;
  app: AppKind;
  token: string;
}): FormRecord {
  const form = ctx.store.getForm(token);
  // Only forms for the web app answer here: an email (or console) recipient's token is 404, and
  // so is a Human Input v2 token (answered on v2's own routes only).
  if (!form || form.app !== app || form.emailOnly || form.v2)
    throw new DifyError(404, "not_found", "Form not found");
  ctx.engine.refreshForm(form);
  if (form.status === "submitted") throw formSubmitted(form);
  if (form.status === "expired") throw formExpired(form);
  return form;
}

// Worded as a server words them.
const formSubmitted = (form: FormRecord): DifyError =>
  new DifyError(
    412,
    "human_input_form_submitted",
    `This form has already been submitted by another user, form_id=${form.formId}`,
  );
const formExpired = (form: FormRecord): DifyError =>
  new DifyError(412, "human_input_form_expired", `This form has expired, form_id=${form.formId}`);

// GET /form/human_input/{token}
function getHumanInputForm({ ctx, app, params, res }: RouteRequest): void {
  const form = findForm({ ctx, app, token: params.token ?? "" });
  sendDifyJson(res, {
    status: 200,
    body: {
      form_content: form.formContent,
      inputs: form.inputs,
      resolved_default_values: form.resolvedDefaultValues,
      user_actions: form.actions,
      expiration_time: Math.floor(form.expiresAtMs / 1000),
    },
  });
}

// POST /form/human_input/{token}
async function submitHumanInputForm({ ctx, app, params, req, res }: RouteRequest): Promise<void> {
  const token = params.token ?? "";
  const raw = await readDifyJsonBody(req);
  const user = requireUser(raw.user);
  const body = parseDifyBody(formSubmitSchema, raw);
  // Remote files are asked about first; from here on everything is synchronous, so check,
  // validation and claim cannot interleave.
  const remote = await fetchRemoteAnswers(remoteUrlsIn(body.inputs));
  const form = findForm({ ctx, app, token });
  const problem = validateFormSubmission({
    form,
    inputs: body.inputs,
    action: body.action,
    context: { user, store: ctx.store, generation: form.serverGeneration, remote },
  });
  if (problem) throw new DifyError(400, "invalid_form_data", problem);
  const result = ctx.engine.submit(token, {
    inputs: body.inputs,
    action: body.action,
    user,
    submitted_at: Math.floor(Date.now() / 1000),
  });
  if (result === "submitted") throw formSubmitted(form);
  if (result === "expired") throw formExpired(form);
  if (result === "missing") throw new DifyError(404, "not_found", "Form not found");
  sendDifyJson(res, { status: 200, body: {} });
}

/** The app API under /v1, each route behind an app's key. */
export const APP_ROUTES: EmbeddedRoute[] = [
  { method: "GET", path: "/v1/parameters", access: "app", handle: getParameters },
  { method: "POST", path: "/v1/files/upload", access: "app", handle: handleUpload },
  { method: "POST", path: "/v1/workflows/run", access: "app", handle: runWorkflow },
  { method: "POST", path: "/v1/chat-messages", access: "app", handle: sendChatMessage },
  {
    method: "GET",
    path: "/v1/workflow/:run_id/events",
    access: "app",
    handle: streamWorkflowEvents,
  },
  { method: "GET", path: "/v1/form/human_input/:token", access: "app", handle: getHumanInputForm },
  {
    method: "POST",
    path: "/v1/form/human_input/:token",
    access: "app",
    handle: submitHumanInputForm,
  },
];
