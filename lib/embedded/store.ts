import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { faultKindSchema } from "./admin-api";
import type { ServerGeneration } from "./file-types";

/** The size category an upload's limit is chosen by. */
export type FileCategory = "image" | "video" | "audio" | "document";

export type AppKind = "workflow" | "chatflow";

// One SSE payload as it goes on the wire (the event name is its `event` field).
export type RunEvent = { event: string } & Record<string, unknown>;

export interface UploadRecord {
  id: string;
  name: string;
  size: number;
  extension: string;
  mime_type: string;
  category: FileCategory;
  user: string;
  created_by: string;
  created_at: number;
  source_url: string;
}

export type RunStatus = "running" | "paused" | "succeeded" | "failed" | "stopped";

/**
 * How a reconnect with `include_state_snapshot=true` replays a run, as a real server's deployment
 * decides (`PUBSUB_REDIS_CHANNEL_TYPE`): `pubsub` builds a snapshot of the run's state; `streams`
 * replays the run's whole event log from its first event.
 */
export type ReplayMode = "pubsub" | "streams";

/**
 * Where a `pubsub` snapshot puts the open forms: `events` (newer servers: one
 * `human_input_required` per open form) or `reasons` (some 1.x servers: none, only
 * `workflow_paused.data.reasons[]` with each form's details and token).
 */
export type SnapshotStyle = "events" | "reasons";

export interface RunRecord {
  id: string;
  taskId: string;
  workflowId: string;
  app: AppKind;
  user: string;
  inputs: Record<string, unknown>;
  // The inputs exactly as the start request sent them, before a server's conversions.
  receivedInputs: Record<string, unknown>;
  status: RunStatus;
  createdAt: number;
  startedAtMs: number;
  finishedAt: number | null;
  outputs: Record<string, unknown>;
  error: string | null;
  totalTokens: number;
  totalSteps: number;
  // The full event log, so late subscribers can replay a snapshot.
  events: RunEvent[];
  listeners: Set<(event: RunEvent) => void>;
  conversationId: string | null;
  messageId: string | null;
  query: string | null;
  answer: string;
  currentFormToken: string | null;
  // Every form the run waits at now, in the order they were opened (parallel branches).
  openFormTokens: string[];
  replayMode: ReplayMode;
  snapshotStyle: SnapshotStyle;
  serverGeneration: ServerGeneration;
  filledFormId: boolean;
  /** Set when the flaw of #39448 applies: the run ends as stopped once it resumes. */
  stopRequested?: boolean;
  /** The flaw of #38432/#38525: a resumed chatflow run sends no `message` events. */
  dropsResumedAnswer: boolean;
  /** Set once the run has resumed after a pause. */
  resumed: boolean;
  // Overrides the configured form TTL for this run's forms (tests of expiry).
  formTtlSeconds?: number;
  // Overrides the configured step delay for this run (tests that need a slow run).
  stepDelayMs?: number;
}

export interface VariableDefault {
  type: "constant" | "variable";
  selector: string[];
  value: string;
}

export type FileType = "image" | "document" | "audio" | "video" | "custom";
export type TransferMethod = "local_file" | "remote_url";

export type FormInputDef =
  | {
      // `text_input`: forms from graphon up to 0.3.1.
      type: "paragraph" | "text_input";
      output_variable_name: string;
      default: VariableDefault | null;
    }
  | {
      type: "select";
      output_variable_name: string;
      option_source: { type: "constant" | "variable"; selector: string[]; value: string[] };
    }
  | {
      type: "file";
      output_variable_name: string;
      allowed_file_types: FileType[];
      allowed_file_extensions: string[];
      allowed_file_upload_methods: TransferMethod[];
    }
  | {
      type: "file-list";
      output_variable_name: string;
      allowed_file_types: FileType[];
      allowed_file_extensions: string[];
      allowed_file_upload_methods: TransferMethod[];
      number_limits: number;
    };

// An input type this service does not know (e.g. a newer server's "signature"): kept as sent.
export type UnknownFormInput = { type: string; output_variable_name: string } & Record<
  string,
  unknown
>;

export type FormInput = FormInputDef | UnknownFormInput;

const KNOWN_INPUT_TYPES: readonly string[] = [
  "paragraph",
  "text_input",
  "select",
  "file",
  "file-list",
];

export function isKnownFormInput(input: FormInput): input is FormInputDef {
  return KNOWN_INPUT_TYPES.includes(input.type);
}

export interface UserAction {
  id: string;
  title: string;
  button_style: "primary" | "default" | "accent" | "ghost";
}

export interface FormSubmission {
  inputs: Record<string, unknown>;
  action: string;
  user: string;
  submitted_at: number;
}

export type FormStatus = "open" | "submitted" | "expired";

export interface FormRecord {
  token: string;
  formId: string;
  app: AppKind;
  // Null for a custom form created without a run: submitting it only records the answer.
  runId: string | null;
  nodeId: string;
  nodeTitle: string;
  formContent: string;
  inputs: FormInput[];
  resolvedDefaultValues: Record<string, string>;
  actions: UserAction[];
  createdAt: number;
  expiresAtMs: number;
  status: FormStatus;
  submission: FormSubmission | null;
  /** Which server generation judges this form's files (lib/embedded/file-types.ts). */
  serverGeneration: ServerGeneration;
  /** Delivered by email only: its events carry no token (approval_channels names email). */
  emailOnly: boolean;
  /** A Human Input v2 form, answered only on the channels named (never on the form routes). */
  v2?: { approvalChannels: string[] };
}

export interface MetadataField {
  id: string;
  name: string;
  type: "string" | "number" | "time";
}

export type MetadataValue = string | number | null;

export interface MetadataEntry {
  id: string;
  name: string;
  value: MetadataValue;
}

export interface ChildChunk {
  id: string;
  segment_id: string;
  content: string;
  position: number;
  word_count: number;
  type: "automatic" | "custom";
  created_at: number;
  updated_at: number;
}

export interface ChunkAttachment {
  id: string;
  name: string;
  size: number;
  extension: string;
  mime_type: string;
  source_url: string;
}

export interface ChunkRecord {
  id: string;
  position: number;
  document_id: string;
  content: string;
  sign_content: string;
  answer: string | null;
  word_count: number;
  tokens: number;
  keywords: string[];
  index_node_id: string;
  index_node_hash: string;
  hit_count: number;
  enabled: boolean;
  disabled_at: number | null;
  disabled_by: string | null;
  status: "completed";
  created_by: string;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
  indexing_at: number;
  completed_at: number;
  error: string | null;
  stopped_at: number | null;
  child_chunks: ChildChunk[];
  attachments: ChunkAttachment[];
  summary: string | null;
}

export interface DocumentRecord {
  id: string;
  name: string;
  /** Unix seconds; the demo's fixed time when absent. */
  createdAt?: number;
  /** A disabled document is listed with `display_status: "disabled"`. */
  enabled?: boolean;
  metadata: MetadataEntry[];
  segments: ChunkRecord[];
}

export interface DatasetRecord {
  id: string;
  name: string;
  description?: string;
  /** Whether documents also carry Dify's built-in fields (id `built-in`). */
  builtInFieldEnabled?: boolean;
  metadataFields: MetadataField[];
  documents: Map<string, DocumentRecord>;
}

export interface MetadataOperation {
  document_id: string;
  metadata_list: MetadataEntry[];
  partial_update: boolean;
}

export interface CallRecord {
  method: string;
  path: string;
  status: number;
  /** When its status line was written, ms since the epoch. */
  at: number;
  // The caller's X-Request-Id, so a test can tell which of its requests reached the upstream.
  request_id?: string;
  last_event_id?: string;
}

export type FaultKind = z.infer<typeof faultKindSchema>;

// A scripted failure for /v1 requests whose path starts with match.path (see apply-fault.ts),
// and with match.user only those made for that user (a story's own, beside parallel stories).
export interface Fault {
  match: { method?: string; path: string; user?: string };
  kind: FaultKind;
  delay_ms?: number;
  body?: unknown;
  status?: number;
  // Matching requests it still applies to; absent means unlimited.
  times?: number;
}

// An open SSE response that POST /_embedded/streams/drop can cut.
export interface OpenStream {
  drop(): void;
  // The run this stream follows, when it follows one (so a test can cut only its own run's).
  runId?: string;
}

export type ClaimResult = "ok" | "missing" | "submitted" | "expired";
export type MetadataUpdateResult =
  { ok: true } | { ok: false; reason: "dataset" | "document" | "metadata" };

// The one place the service keeps state. Every check-and-set is synchronous: Node runs one
// callback at a time, so two requests can never interleave inside these methods.
export interface EmbeddedStore {
  endUserId(user: string): string;

  putUpload(upload: UploadRecord): void;
  getUpload(id: string): UploadRecord | undefined;

  putRun(run: RunRecord): void;
  getRun(id: string): RunRecord | undefined;
  // Runs started by one `user`, oldest first.
  runsOf(user: string): RunRecord[];

  putConversation(id: string, owner: { app: AppKind; user: string }): void;
  getConversation(id: string): { app: AppKind; user: string } | undefined;

  putForm(form: FormRecord): void;
  getForm(token: string): FormRecord | undefined;
  claimForm(token: string, submission: FormSubmission): ClaimResult;
  expireForm(token: string): boolean;

  getDataset(id: string): DatasetRecord | undefined;
  listDatasets(): DatasetRecord[];
  /**
   * Newest servers check every document and metadata id first and take each field's name from
   * the dataset; `older` ones apply operations one by one (earlier ones stay when one fails) and
   * keep the names sent.
   */
  updateDocumentsMetadata(
    datasetId: string,
    operations: MetadataOperation[],
    older?: boolean,
  ): MetadataUpdateResult;

  recordCall(call: CallRecord): void;
  listCalls(): CallRecord[];
  clearCalls(): void;

  setFaults(faults: Fault[]): void;
  /** Appends faults in one step (used-up ones dropped), so tests beside each other lose none. */
  addFaults(faults: Fault[]): void;
  listFaults(): Fault[];
  /**
   * Drops the faults whose path starts with `pathPrefix` (all of them without one); with `user`,
   * only those scoped to that user.
   */
  clearFaults(pathPrefix?: string, user?: string): void;
  /** Whether a live fault is scoped to a user (only then is a request's user looked up). */
  hasUserFaults(): boolean;
  // Finds the first live fault for a request and uses up one of its `times`.
  takeFault(request: { method: string; path: string; user?: string }): Fault | null;

  streamOpened(stream: OpenStream): void;
  streamClosed(stream: OpenStream): void;
  openStreams(): number;
  // Drops every open stream (or only a run's); each drop() must call streamClosed before it returns.
  dropStreams(runId?: string): number;
}

const copyFault = (fault: Fault): Fault => ({ ...fault, match: { ...fault.match } });
const live = (fault: Fault) => fault.times === undefined || fault.times > 0;

export function createEmbeddedStore(datasets: DatasetRecord[]): EmbeddedStore {
  const endUsers = new Map<string, string>();
  const uploads = new Map<string, UploadRecord>();
  const runs = new Map<string, RunRecord>();
  const conversations = new Map<string, { app: AppKind; user: string }>();
  const forms = new Map<string, FormRecord>();
  const datasetMap = new Map(datasets.map((d) => [d.id, d]));
  let calls: CallRecord[] = [];
  let faults: Fault[] = [];
  const streams = new Set<OpenStream>();

  return {
    endUserId(user) {
      let id = endUsers.get(user);
      if (!id) {
        id = randomUUID();
        endUsers.set(user, id);
      }
      return id;
    },

    putUpload: (upload) => void uploads.set(upload.id, upload),
    getUpload: (id) => uploads.get(id),

    putRun: (run) => void runs.set(run.id, run),
    getRun: (id) => runs.get(id),
    runsOf: (user) => [...runs.values()].filter((run) => run.user === user),

    putConversation: (id, { app, user }) => void conversations.set(id, { app, user }),
    getConversation: (id) => conversations.get(id),

    putForm: (form) => void forms.set(form.token, form),
    getForm: (token) => forms.get(token),

    claimForm(token, submission) {
      const form = forms.get(token);
      if (!form) return "missing";
      if (form.status !== "open") return form.status;
      if (Date.now() >= form.expiresAtMs) return "expired";
      form.status = "submitted";
      form.submission = submission;
      return "ok";
    },

    expireForm(token) {
      const form = forms.get(token);
      if (!form || form.status !== "open") return false;
      form.status = "expired";
      return true;
    },

    getDataset: (id) => datasetMap.get(id),
    listDatasets: () => [...datasetMap.values()],

    updateDocumentsMetadata(datasetId, operations, older = false) {
      const dataset = datasetMap.get(datasetId);
      if (!dataset) return { ok: false, reason: "dataset" };
      const fields = new Map(dataset.metadataFields.map((field) => [field.id, field]));
      if (!older) {
        // Check every entry before touching any, so a bad entry leaves everything as it was.
        if (operations.some((op) => !dataset.documents.has(op.document_id)))
          return { ok: false, reason: "document" };
        if (operations.some((op) => op.metadata_list.some((entry) => !fields.has(entry.id))))
          return { ok: false, reason: "metadata" };
      }
      for (const op of operations) {
        const doc = dataset.documents.get(op.document_id);
        if (!doc) return { ok: false, reason: "document" };
        const next = op.partial_update ? doc.metadata.map((m) => ({ ...m })) : [];
        for (const entry of op.metadata_list) {
          const name = older ? entry.name : (fields.get(entry.id)?.name ?? entry.name);
          const existing = next.find((m) => m.name === name);
          if (existing) {
            existing.id = entry.id;
            existing.value = entry.value;
          } else {
            next.push({ id: entry.id, name, value: entry.value });
          }
        }
        doc.metadata = next;
      }
      return { ok: true };
    },

    recordCall: (call) => void calls.push(call),
    listCalls: () => calls.slice(),
    clearCalls: () => {
      calls = [];
    },

    setFaults: (list) => {
      faults = list.map(copyFault);
    },
    addFaults: (list) => {
      faults = [...faults.filter((fault) => fault.times !== 0), ...list.map(copyFault)];
    },
    listFaults: () => faults.map(copyFault),
    clearFaults: (pathPrefix = "", user) => {
      faults = faults.filter(
        (fault) =>
          !fault.match.path.startsWith(pathPrefix) ||
          (user !== undefined && fault.match.user !== user),
      );
    },
    hasUserFaults: () => faults.some((fault) => live(fault) && fault.match.user !== undefined),
    takeFault({ method, path, user }) {
      const fault = faults.find(
        (f) =>
          live(f) &&
          (f.match.method === undefined || f.match.method.toUpperCase() === method.toUpperCase()) &&
          path.startsWith(f.match.path) &&
          (f.match.user === undefined || f.match.user === user),
      );
      if (!fault) return null;
      // Used-up faults stay listed with times 0, so a test can see that they fired.
      if (fault.times !== undefined) fault.times -= 1;
      return copyFault(fault);
    },

    streamOpened: (stream) => void streams.add(stream),
    streamClosed: (stream) => void streams.delete(stream),
    openStreams: () => streams.size,
    dropStreams(runId) {
      const open = [...streams].filter((stream) => !runId || stream.runId === runId);
      for (const stream of open) stream.drop();
      return open.length;
    },
  };
}
