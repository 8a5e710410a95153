import { randomInt, randomUUID } from "node:crypto";
import type {
  AppKind,
  ClaimResult,
  EmbeddedStore,
  FormInput,
  FormRecord,
  FormSubmission,
  ReplayMode,
  RunRecord,
  SnapshotStyle,
  RunEvent,
  UserAction,
} from "./store";
import type { ServerGeneration } from "./file-types";

export interface EngineSettings {
  formTtlSeconds: number;
  stepDelayMs: number;
  replayMode: ReplayMode;
  snapshotStyle: SnapshotStyle;
  serverGeneration: ServerGeneration;
}

export interface NodeSpec {
  nodeId: string;
  nodeType: string;
  title: string;
  inputs?: Record<string, unknown>;
}

export interface NodeResult {
  outputs: Record<string, unknown>;
  tokens?: number;
}

export interface HumanInputSpec {
  nodeId: string;
  title: string;
  formContent: string;
  inputs: FormInput[];
  resolvedDefaultValues: Record<string, string>;
  actions: UserAction[];
  // Overrides the configured form TTL (custom forms may expire within seconds).
  ttlSeconds?: number;
  /** Delivered by email only: the events carry no token, and name the channel. */
  emailOnly?: boolean;
  v2?: FormRecord["v2"];
}

export type PauseOutcome = { kind: "submitted"; submission: FormSubmission } | { kind: "timeout" };

// What a demo app's script can do; the engine turns each call into wire events.
export interface RunContext {
  readonly run: RunRecord;
  readonly stepDelayMs: number;
  sleep(ms: number): Promise<void>;
  node(spec: NodeSpec, body?: () => Promise<NodeResult>): Promise<Record<string, unknown>>;
  /** Streams `text` in pieces over `totalMs`, as an LLM node at `selector` would. */
  streamText(text: string, options: { selector: string[]; totalMs: number }): Promise<void>;
  humanInput(spec: HumanInputSpec): Promise<PauseOutcome>;
  /** Ends the run as stopped (as a stop flag does), e.g. right after an approval. */
  stop(): void;
  /** Leaves the run paused with no open form, never to go on (a server's flaw). */
  stall(): void;
  /**
   * Parallel branches that each reach a Human Input node: every form is open at once. With
   * `repauseMs`, the last one answered is named by one more `workflow_paused` for that long, its
   * filled event coming only with the follow-up resume (#42103; its fix, PR #42107, is open).
   */
  humanInputs(specs: HumanInputSpec[], options?: { repauseMs?: number }): Promise<PauseOutcome[]>;
  finish(outputs: Record<string, unknown>): void;
}

export type RunScript = (ctx: RunContext) => Promise<void>;

export interface StartRunParams {
  app: AppKind;
  user: string;
  inputs: Record<string, unknown>;
  receivedInputs?: Record<string, unknown>;
  script: RunScript;
  query?: string;
  conversationId?: string;
  formTtlSeconds?: number;
  stepDelayMs?: number;
  replayMode?: ReplayMode;
  snapshotStyle?: SnapshotStyle;
  serverGeneration?: ServerGeneration;
  /** false: filled and timeout events carry no form_id, as on the newest servers. */
  filledFormId?: boolean;
  /** true: once resumed, the run sends no `message` events (#38432, #38525). */
  dropsResumedAnswer?: boolean;
}

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const MAX_TIMER_MS = 2_147_483_647;
const MARKER = /\{\{#\$output\.([a-zA-Z_][a-zA-Z0-9_]{0,29})#\}\}/g;
const WORKFLOW_IDS: Record<AppKind, string> = {
  workflow: "6d1f8a3e-2b7c-4e59-9c14-7a0e3d5b8f21",
  chatflow: "c3a9e2d4-5f18-4b7a-8e6c-1d2f0b9a7e34",
};

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

// Form tokens look like real ones: 22 characters of [A-Za-z0-9], from a CSPRNG.
export function randomFormToken(): string {
  let token = "";
  for (let i = 0; i < 22; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return token;
}

function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (value && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (typeof v.url === "string") return v.url;
    if (typeof v.upload_file_id === "string") return `file ${v.upload_file_id}`;
  }
  return value === undefined || value === null ? "" : JSON.stringify(value);
}

/** `human_input_required.data` for one open form. */
export function humanInputRequiredData(form: FormRecord): Record<string, unknown> {
  return {
    form_id: form.formId,
    node_id: form.nodeId,
    node_title: form.nodeTitle,
    form_content: form.formContent,
    inputs: form.inputs,
    actions: form.actions,
    resolved_default_values: form.resolvedDefaultValues,
    expiration_time: Math.floor(form.expiresAtMs / 1000),
    display_in_ui: true,
    form_token: form.emailOnly ? null : form.token,
    ...(form.emailOnly ? { approval_channels: ["email"] } : {}),
    ...(form.v2 ? { form_version: "2", approval_channels: form.v2.approvalChannels } : {}),
  };
}

/**
 * One entry of `workflow_paused.data.reasons[]`. graphon 0.6.0 and later write `HitlRequired`,
 * keyed by `session_id` (the form id); before, `human_input_required` with `form_id`, in full
 * (`TYPE`) on some 1.x servers, else ids only.
 */
function pauseReason(
  generation: ServerGeneration,
  form: FormRecord,
  full: boolean,
): Record<string, unknown> {
  if (generation === "since-0.7") {
    const data = humanInputRequiredData(form);
    return {
      type: "hitl_required",
      session_id: form.formId,
      node_id: form.nodeId,
      node_title: form.nodeTitle,
      form_token: data.form_token,
      approval_channels: data.approval_channels ?? [],
      expiration_time: data.expiration_time,
      ...(form.v2 ? { form_version: "2" } : {}),
    };
  }
  return full
    ? { TYPE: "human_input_required", ...humanInputRequiredData(form) }
    : { type: "human_input_required", form_id: form.formId, node_id: form.nodeId };
}

// Runs demo scripts and keeps each run as an event log with live subscribers.
export class RunEngine {
  private readonly store: EmbeddedStore;
  private readonly settings: () => EngineSettings;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly formTimers = new Map<string, NodeJS.Timeout>();
  private readonly pauses = new Map<string, (outcome: PauseOutcome) => void>();
  private disposed = false;

  constructor(store: EmbeddedStore, settings: () => EngineSettings) {
    this.store = store;
    this.settings = settings;
  }

  start(params: StartRunParams): RunRecord {
    const run: RunRecord = {
      id: randomUUID(),
      taskId: randomUUID(),
      workflowId: WORKFLOW_IDS[params.app],
      app: params.app,
      user: params.user,
      inputs: params.inputs,
      receivedInputs: params.receivedInputs ?? params.inputs,
      status: "running",
      createdAt: nowSeconds(),
      startedAtMs: Date.now(),
      finishedAt: null,
      outputs: {},
      error: null,
      totalTokens: 0,
      totalSteps: 0,
      events: [],
      listeners: new Set(),
      conversationId: params.app === "chatflow" ? (params.conversationId ?? randomUUID()) : null,
      messageId: params.app === "chatflow" ? randomUUID() : null,
      query: params.query ?? null,
      answer: "",
      currentFormToken: null,
      openFormTokens: [],
      replayMode: params.replayMode ?? this.settings().replayMode,
      snapshotStyle: params.snapshotStyle ?? this.settings().snapshotStyle,
      serverGeneration: params.serverGeneration ?? this.settings().serverGeneration,
      filledFormId: params.filledFormId ?? true,
      dropsResumedAnswer: params.dropsResumedAnswer ?? false,
      resumed: false,
      formTtlSeconds: params.formTtlSeconds,
      stepDelayMs: params.stepDelayMs,
    };
    this.store.putRun(run);
    if (run.conversationId)
      this.store.putConversation(run.conversationId, { app: run.app, user: run.user });
    this.emitStarted(run, "initial");
    const ctx = this.context(run);
    // Start on the next turn so the caller can subscribe first; the log replays anyway.
    setImmediate(() => {
      params.script(ctx).catch((error: unknown) => this.fail(run, error));
    });
    return run;
  }

  // Sends run.events from `fromIndex`, then live events, until the returned function is called.
  subscribe({
    run,
    fromIndex,
    listener,
  }: {
    run: RunRecord;
    fromIndex: number;
    listener: (event: RunEvent) => void;
  }): () => void {
    for (const event of run.events.slice(fromIndex)) listener(event);
    run.listeners.add(listener);
    return () => run.listeners.delete(listener);
  }

  // Resolves once the run is paused or finished.
  settled(run: RunRecord): Promise<void> {
    if (run.status !== "running") return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe({
        run,
        fromIndex: run.events.length,
        listener: (event) => {
          if (event.event === "workflow_paused" || event.event === "workflow_finished") {
            unsubscribe();
            resolve();
          }
        },
      });
    });
  }

  // First submission wins: the store's claim is a synchronous check-and-set.
  submit(token: string, submission: FormSubmission): ClaimResult {
    const form = this.store.getForm(token);
    if (form) this.refreshForm(form);
    const result = this.store.claimForm(token, submission);
    if (result === "ok") this.resume(token, { kind: "submitted", submission });
    return result;
  }

  // Forms expire on a timer, but also whenever someone looks at one past its time.
  refreshForm(form: FormRecord): void {
    if (form.status === "open" && Date.now() >= form.expiresAtMs) this.expire(form.token);
  }

  /**
   * Emits `count` text_chunk events on a live run, one every `intervalMs`, each carrying its
   * sequence number and its send time (`sent_at_ms`, sub-millisecond wall clock), in `data` and in
   * the text itself (`chunk <seq> at <sent_at_ms>`: a form link's relay keeps only the text). The
   * benchmark uses them to measure what a relay adds between the upstream's send and the client's
   * receive.
   */
  async emitTextChunks(
    run: RunRecord,
    { count, intervalMs }: { count: number; intervalMs: number },
  ): Promise<void> {
    for (let seq = 0; seq < count; seq++) {
      if (seq > 0) await this.sleep(intervalMs);
      if (this.disposed) return;
      const sentAt = performance.timeOrigin + performance.now();
      this.emit(run, {
        event: "text_chunk",
        data: {
          text: `chunk ${seq} at ${sentAt} `,
          from_variable_selector: ["bench", "text"],
          seq,
          sent_at_ms: sentAt,
        },
      });
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const timer of this.formTimers.values()) clearTimeout(timer);
    this.timers.clear();
    this.formTimers.clear();
    this.pauses.clear();
  }

  private expire(token: string): void {
    if (this.store.expireForm(token)) this.resume(token, { kind: "timeout" });
  }

  private resume(token: string, outcome: PauseOutcome): void {
    const timer = this.formTimers.get(token);
    if (timer) clearTimeout(timer);
    this.formTimers.delete(token);
    const resolve = this.pauses.get(token);
    this.pauses.delete(token);
    resolve?.(outcome);
  }

  private scheduleExpiry(token: string, expiresAtMs: number): void {
    if (this.disposed) return;
    const delay = Math.min(Math.max(expiresAtMs - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.formTimers.delete(token);
      if (Date.now() >= expiresAtMs) this.expire(token);
      else this.scheduleExpiry(token, expiresAtMs);
    }, delay);
    this.formTimers.set(token, timer);
  }

  private sleep(ms: number): Promise<void> {
    // After dispose the promise never settles, which parks any script still running.
    if (this.disposed) return new Promise(() => undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          resolve();
        },
        Math.max(0, ms),
      );
      this.timers.add(timer);
    });
  }

  /** `workflow_started`: at the start, and again each time a paused run resumes. */
  private emitStarted(run: RunRecord, reason: "initial" | "resumption"): void {
    if (reason === "resumption") run.resumed = true;
    this.emit(run, {
      event: "workflow_started",
      data: {
        id: run.id,
        workflow_id: run.workflowId,
        inputs: run.inputs,
        created_at: run.createdAt,
        reason,
      },
    });
  }

  private emit(run: RunRecord, envelope: { event: string; data: Record<string, unknown> }): void {
    this.push(run, envelopeOf(run, envelope));
  }

  private push(run: RunRecord, event: RunEvent): void {
    if (this.disposed) return;
    run.events.push(event);
    for (const listener of [...run.listeners]) listener(event);
  }

  private elapsed(run: RunRecord): number {
    return (Date.now() - run.startedAtMs) / 1000;
  }

  private fail(run: RunRecord, error: unknown): void {
    if (run.status === "succeeded" || run.status === "failed") return;
    run.status = "failed";
    run.error = error instanceof Error ? error.message : String(error);
    run.finishedAt = nowSeconds();
    this.emit(run, { event: "workflow_finished", data: this.finishedData(run) });
  }

  private finishedData(run: RunRecord): Record<string, unknown> {
    return {
      id: run.id,
      workflow_id: run.workflowId,
      status: run.status,
      outputs: run.outputs,
      error: run.error,
      elapsed_time: this.elapsed(run),
      total_tokens: run.totalTokens,
      total_steps: run.totalSteps,
      created_at: run.createdAt,
      finished_at: run.finishedAt,
      exceptions_count: 0,
      files: [],
      created_by: { id: this.store.endUserId(run.user), user: run.user },
    };
  }

  /** `workflow_paused.data` for the forms the run waits at; full reasons when `full`. */
  pausedData(
    run: RunRecord,
    { forms, full = false }: { forms: FormRecord[]; full?: boolean },
  ): Record<string, unknown> {
    return {
      workflow_run_id: run.id,
      paused_nodes: forms.map((form) => form.nodeId),
      outputs: {},
      reasons: forms.map((form) => pauseReason(run.serverGeneration, form, full)),
      status: "paused",
      created_at: nowSeconds(),
      elapsed_time: this.elapsed(run),
      total_tokens: run.totalTokens,
      total_steps: run.totalSteps,
    };
  }

  private context(run: RunRecord): RunContext {
    let predecessor: string | null = null;
    const settings = this.settings;

    const nodeStarted = (spec: NodeSpec): Record<string, unknown> => {
      run.totalSteps += 1;
      const data = {
        id: randomUUID(),
        node_id: spec.nodeId,
        node_type: spec.nodeType,
        title: spec.title,
        index: run.totalSteps,
        predecessor_node_id: predecessor,
        inputs: spec.inputs ?? {},
        inputs_truncated: false,
        created_at: nowSeconds(),
        extras: {},
        iteration_id: null,
        loop_id: null,
      };
      this.emit(run, { event: "node_started", data });
      return data;
    };

    const nodeFinished = ({
      started,
      startedMs,
      result,
    }: {
      started: Record<string, unknown>;
      startedMs: number;
      result: NodeResult;
    }): void => {
      run.totalTokens += result.tokens ?? 0;
      this.emit(run, {
        event: "node_finished",
        data: {
          ...started,
          status: "succeeded",
          process_data: null,
          process_data_truncated: false,
          outputs: result.outputs,
          outputs_truncated: false,
          files: [],
          error: null,
          elapsed_time: (Date.now() - startedMs) / 1000,
          execution_metadata: result.tokens ? { total_tokens: result.tokens } : null,
          finished_at: nowSeconds(),
        },
      });
      predecessor = started.node_id as string;
    };

    const api: RunContext = {
      run,
      get stepDelayMs() {
        return run.stepDelayMs ?? settings().stepDelayMs;
      },
      sleep: (ms) => this.sleep(ms),

      node: async (spec, body) => {
        const startedMs = Date.now();
        const started = nodeStarted(spec);
        let result: NodeResult = { outputs: {} };
        if (body) result = await body();
        else await this.sleep(run.stepDelayMs ?? settings().stepDelayMs);
        nodeFinished({ started, startedMs, result });
        return result.outputs;
      },

      streamText: async (text, { selector, totalMs }) => {
        // Leading whitespace stays on the first piece so "\n\n..." keeps its paragraph break.
        const pieces = text.match(/\s*\S+\s*/g) ?? [text];
        const count = Math.min(15, pieces.length);
        const per = Math.ceil(pieces.length / count);
        for (let i = 0; i < pieces.length; i += per) {
          const chunk = pieces.slice(i, i + per).join("");
          await this.sleep(totalMs / count);
          if (run.app === "chatflow") {
            run.answer += chunk;
            if (run.resumed && run.dropsResumedAnswer) continue;
            this.push(run, {
              event: "message",
              id: run.messageId,
              task_id: run.taskId,
              message_id: run.messageId,
              conversation_id: run.conversationId,
              workflow_run_id: run.id,
              answer: chunk,
              created_at: run.createdAt,
            });
          } else {
            this.emit(run, {
              event: "text_chunk",
              data: { text: chunk, from_variable_selector: selector },
            });
          }
        }
      },

      humanInput: async (spec) => {
        const [outcome] = await api.humanInputs([spec]);
        return outcome ?? { kind: "timeout" };
      },

      humanInputs: async (specs, { repauseMs } = {}) => {
        type Open = {
          spec: HumanInputSpec;
          started: Record<string, unknown>;
          startedMs: number;
          form: FormRecord;
          outcome: Promise<PauseOutcome>;
        };
        // Every branch reaches its form first; then the run pauses once for all of them.
        const open: Open[] = specs.map((spec) => {
          const startedMs = Date.now();
          const started = nodeStarted({
            nodeId: spec.nodeId,
            nodeType: "human-input",
            title: spec.title,
          });
          const token = randomFormToken();
          const expiresAtMs =
            Date.now() +
            (spec.ttlSeconds ?? run.formTtlSeconds ?? settings().formTtlSeconds) * 1000;
          const form: FormRecord = {
            token,
            formId: randomUUID(),
            app: run.app,
            runId: run.id,
            nodeId: spec.nodeId,
            nodeTitle: spec.title,
            formContent: spec.formContent,
            inputs: spec.inputs,
            resolvedDefaultValues: spec.resolvedDefaultValues,
            actions: spec.actions,
            createdAt: nowSeconds(),
            expiresAtMs,
            status: "open",
            submission: null,
            serverGeneration: run.serverGeneration,
            emailOnly: spec.emailOnly === true,
            v2: spec.v2,
          };
          const outcome = new Promise<PauseOutcome>((resolve) => this.pauses.set(token, resolve));
          this.store.putForm(form);
          this.emit(run, { event: "human_input_required", data: humanInputRequiredData(form) });
          return { spec, started, startedMs, form, outcome };
        });
        const pause = (waiting: Open[]): void => {
          run.status = "paused";
          run.openFormTokens = waiting.map((entry) => entry.form.token);
          run.currentFormToken = run.openFormTokens[0] ?? null;
          this.emit(run, {
            event: "workflow_paused",
            data: this.pausedData(run, { forms: waiting.map((e) => e.form) }),
          });
        };
        pause(open);
        for (const entry of open) this.scheduleExpiry(entry.form.token, entry.form.expiresAtMs);

        const results = new Map<Open, PauseOutcome>();
        let waiting = open;
        while (waiting.length > 0) {
          const [entry, result] = await Promise.race(
            waiting.map((e) => e.outcome.then((r) => [e, r] as const)),
          );
          results.set(entry, result);
          if (run.stopRequested) {
            // The stop flag lands on the resumed run: it ends before any node runs (#39448).
            api.stop();
            return new Promise<PauseOutcome[]>(() => undefined);
          }
          waiting = waiting.filter((e) => e !== entry);
          run.status = "running";
          run.openFormTokens = waiting.map((e) => e.form.token);
          run.currentFormToken = null;
          this.emitStarted(run, "resumption");
          if (waiting.length === 0 && repauseMs !== undefined) {
            // #42103: the engine still counts the last form answered as waiting. It pauses again
            // naming it, and a follow-up resume then fills it and goes on.
            pause([entry]);
            await this.sleep(repauseMs);
            run.status = "running";
            run.openFormTokens = [];
            run.currentFormToken = null;
            this.emitStarted(run, "resumption");
          }
          const { spec, form } = entry;
          if (result.kind === "submitted") {
            const { inputs, action } = result.submission;
            this.emit(run, {
              event: "human_input_form_filled",
              data: {
                ...(run.filledFormId ? { form_id: form.formId } : {}),
                node_id: spec.nodeId,
                node_title: spec.title,
                rendered_content: spec.formContent.replace(MARKER, (_m, name: string) =>
                  describeValue(inputs[name]),
                ),
                action_id: action,
                action_text: spec.actions.find((a) => a.id === action)?.title ?? action,
                submitted_data: inputs,
              },
            });
            nodeFinished({
              started: entry.started,
              startedMs: entry.startedMs,
              result: { outputs: { ...inputs, __action_id: action } },
            });
          } else {
            this.emit(run, {
              event: "human_input_form_timeout",
              data: {
                ...(run.filledFormId ? { form_id: form.formId } : {}),
                node_id: spec.nodeId,
                node_title: spec.title,
                expiration_time: Math.floor(form.expiresAtMs / 1000),
              },
            });
            nodeFinished({
              started: entry.started,
              startedMs: entry.startedMs,
              result: { outputs: { __action_id: "__timeout" } },
            });
          }
          // The other branches still wait: the run pauses again at what is left.
          if (waiting.length > 0) pause(waiting);
        }
        return open.map((entry) => results.get(entry) ?? { kind: "timeout" });
      },

      stop: () => {
        run.status = "stopped";
        run.error = "Stopped by user";
        run.finishedAt = nowSeconds();
        this.emit(run, { event: "workflow_finished", data: this.finishedData(run) });
      },

      stall: () => {
        run.status = "paused";
        run.openFormTokens = [];
        run.currentFormToken = null;
        this.emit(run, { event: "workflow_paused", data: this.pausedData(run, { forms: [] }) });
      },

      finish: (outputs) => {
        run.outputs = outputs;
        if (run.app === "chatflow") {
          this.push(run, {
            event: "message_end",
            id: run.messageId,
            task_id: run.taskId,
            message_id: run.messageId,
            conversation_id: run.conversationId,
            workflow_run_id: run.id,
            metadata: {
              usage: {
                prompt_tokens: 0,
                completion_tokens: run.totalTokens,
                total_tokens: run.totalTokens,
              },
              retriever_resources: [],
            },
            files: null,
            created_at: run.createdAt,
          });
        }
        run.status = "succeeded";
        run.finishedAt = nowSeconds();
        this.emit(run, { event: "workflow_finished", data: this.finishedData(run) });
      },
    };
    return api;
  }
}

/** A stream event of a run in its app's envelope (chatflow events also carry the message's ids). */
export function envelopeOf(
  run: RunRecord,
  { event, data }: { event: string; data: Record<string, unknown> },
): RunEvent {
  return run.app === "chatflow"
    ? {
        event,
        conversation_id: run.conversationId,
        message_id: run.messageId,
        created_at: run.createdAt,
        task_id: run.taskId,
        workflow_run_id: run.id,
        data,
      }
    : { event, task_id: run.taskId, workflow_run_id: run.id, data };
}
