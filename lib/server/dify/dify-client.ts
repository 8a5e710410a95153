import "server-only";
import type { Readable } from "node:stream";
import { Agent, request as undiciRequest, type Dispatcher } from "undici";
import type { z } from "zod";
import { ApiError, parseUpstream } from "@/lib/errors/api-error";
import { isErrorCode } from "@/lib/errors/error-code";
import { upstreamWords } from "@/lib/server/dify/upstream-words";
import {
  appParametersSchema,
  chunkEnvelopeSchema,
  datasetPageSchema,
  datasetSummarySchema,
  difyErrorBodySchema,
  documentPageSchema,
  humanInputFormSchema,
  metadataFieldsSchema,
  documentIdSchema,
  metadataUpdateResultSchema,
  segmentPageSchema,
  uploadedFileSchema,
  type AppParameters,
  type FormSubmission,
  type MetadataOperation,
} from "@/lib/dify/schemas";

// Reads no app state; `undici.request` keeps bodies Node streams (decision 005).

export type DifyClientOptions = {
  /** Base URL ending in /v1. */
  apiBase: string;
  appKey: string;
  datasetKey: string | undefined;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** How long a stream may stay silent before it counts as lost. */
  streamIdleTimeoutMs: number;
  jsonConnections: number;
  streamConnections: number;
  launchConnections: number;
  parametersTtlMs: number;
  /** The largest JSON answer read; a larger one is a 502, not a copy's memory. */
  maxAnswerBytes: number;
  /** The caller's request id, sent upstream so one request can be followed across both logs. */
  requestId?: () => string | undefined;
  /** Called as each attempt starts; the returned function gets its outcome. */
  observe?: (method: string, path: string) => (outcome: { status: number } | ApiError) => void;
  /** For the caller's log line: each answer's status, the code of a 401's or 5xx's body. */
  note?: (facts: {
    upstreamStatus?: number;
    upstreamCode?: string | null;
    upstreamMessage?: string | null;
  }) => void;
};

export type DifyClient = ReturnType<typeof createDifyClient>;

type KeyKind = "app" | "dataset";

/** Which pool of upstream connections a request takes (each Agent holds one pool per origin). */
type PoolKind = "json" | "stream" | "launch";

type UpstreamResponse = Dispatcher.ResponseData;

/** An upstream error body is read this far: a code and a message need far less. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** The body, up to `maxBytes`: past it the connection is dropped and the answer is a 502. */
async function readCapped(response: UpstreamResponse, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.body.destroy();
      throw ApiError.of(
        "upstream_bad_response",
        "The workflow service sent a larger answer than this server reads.",
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

const parseJson = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

/** Drops the body: a small rest is read off so the connection can be reused. */
const discard = (response: UpstreamResponse) => response.body.dump().catch(() => undefined);

/** Builds `/a/b` from raw segments, each encoded, so no value can change the path. */
function upstreamPath(...segments: string[]): string {
  return segments.map((segment) => `/${encodeURIComponent(segment)}`).join("");
}

type RequestOptions = {
  method?: "GET" | "POST";
  key?: KeyKind;
  query?: Record<string, string | undefined>;
  json?: unknown;
  body?: string | Buffer | Readable;
  headers?: Record<string, string>;
  /** `json` unless set: an event stream takes `stream`, a launcher's run `launch`. */
  pool?: PoolKind;
  signal?: AbortSignal;
  /** What a 2xx answer with an empty body stands for (older servers send some that way). */
  emptyBody?: unknown;
  /** A route of a Human Input form: its 501 is form_answered_elsewhere. */
  form?: boolean;
};

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
]);

function mapNetworkError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === "AbortError") {
    return ApiError.of(
      "upstream_unreachable",
      "The request to the workflow service was cancelled.",
    );
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code;
  if (code && TIMEOUT_CODES.has(code)) {
    return ApiError.of("upstream_timeout", "The workflow service took too long to answer.");
  }
  return ApiError.of("upstream_unreachable", "The workflow service cannot be reached right now.");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RunStart = { inputs: Record<string, unknown>; user: string; files?: unknown[] };

type KnowledgeListQuery = { page: number; limit: number; keyword?: string; status?: string };

const listQuery = (query: KnowledgeListQuery) => ({
  page: String(query.page),
  limit: String(query.limit),
  keyword: query.keyword || undefined,
  status: query.status || undefined,
});

export function createDifyClient(settings: DifyClientOptions) {
  const pool = (connections: number, bodyTimeout: number) =>
    new Agent({
      connections,
      connect: { timeout: settings.connectTimeoutMs },
      headersTimeout: settings.responseTimeoutMs,
      bodyTimeout,
    });
  // Each pool is capped: past it a request waits for a connection instead of opening more sockets.
  // Streams may be quiet between events; the upstream pings about every 10 s, so a long silence
  // means it is gone. The launcher's runs have a pool of their own, so forms never queue behind them.
  const agents: Record<PoolKind, Agent> = {
    json: pool(settings.jsonConnections, settings.responseTimeoutMs),
    stream: pool(settings.streamConnections, settings.streamIdleTimeoutMs),
    launch: pool(settings.launchConnections, settings.streamIdleTimeoutMs),
  };

  function bearer(kind: KeyKind): string {
    const key = kind === "app" ? settings.appKey : settings.datasetKey;
    if (key) return `Bearer ${key}`;
    throw ApiError.of("internal_error", "The knowledge API is not configured on this server.");
  }

  // A 4xx passes through by status and code, in the app's own words (the upstream's text is for
  // the log), except a 401: this server's own key refused, never the caller's fault. A 5xx is the
  // upstream's own failure: 502. An answer that cannot be read is 502 whatever its status.
  async function errorFromResponse(
    response: UpstreamResponse,
    { key = "app", form = false }: RequestOptions,
  ) {
    const status = response.statusCode;
    const body = await readCapped(response, MAX_ERROR_BODY_BYTES).catch(() => null);
    const parsed = difyErrorBodySchema.safeParse(parseJson(body?.toString("utf8")));
    const upstreamText = parsed.success ? parsed.data.message?.trim() : undefined;
    settings.note?.({
      upstreamCode: parsed.success ? parsed.data.code : null,
      upstreamMessage: upstreamText?.slice(0, 500) ?? null,
    });
    if (status === 401) {
      settings.note?.({
        upstreamMessage: `${key === "app" ? "DIFY_APP_API_KEY" : "DIFY_DATASET_API_KEY"} refused`,
      });
      return ApiError.of(
        "upstream_key_refused",
        "The workflow service refused this server's key. Its operator has been told.",
      );
    }
    if (status === 501 && form) {
      return ApiError.of(
        "form_answered_elsewhere",
        "This form is answered elsewhere (its approval channels or Dify), not through this app.",
      );
    }
    // Human Input v2 words a closed form as 409 `already_submitted` / 410 `expired` (its console
    // route); the v1 service API's 412 codes say the same, and the page words those.
    if (form && (status === 409 || status === 410)) {
      const code = parsed.success ? parsed.data.code : "";
      if (status === 410 || code === "expired")
        return ApiError.of("human_input_form_expired", "This form has expired.");
      if (code === "already_submitted")
        return ApiError.of("human_input_form_submitted", "This form has already been submitted.");
      // Our own words: the upstream's text goes to the log only.
      const error = new ApiError(status, "form_closed", "This form is closed.");
      error.upstreamText = upstreamText;
      return error;
    }
    if (status >= 500) {
      return ApiError.of("upstream_bad_response", "The workflow service failed to answer.");
    }
    if (!parsed.success)
      return ApiError.of(
        "upstream_bad_response",
        "The workflow service sent an unreadable answer.",
      );
    // A known code takes its status from the code table; one the app does not know still says
    // the upstream refused, with the status it had.
    const known = isErrorCode(parsed.data.code) ? parsed.data.code : null;
    const words = upstreamWords(known ?? "upstream_rejected", status, upstreamText);
    const error = known
      ? ApiError.of(known, words)
      : new ApiError(status, "upstream_rejected", words);
    error.upstreamText = upstreamText;
    return error;
  }

  async function send(path: string, options: RequestOptions) {
    const url = new URL(settings.apiBase + path);
    const pool = options.pool ?? "json";
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = {
      Authorization: bearer(options.key ?? "app"),
      Accept: pool === "json" ? "application/json" : "text/event-stream",
      ...options.headers,
    };
    const requestId = settings.requestId?.();
    if (requestId) headers["X-Request-Id"] = requestId;
    let body = options.body;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const method = options.method ?? "GET";
    // undici.request follows no redirect and keeps no copy of a streamed body.
    const init = {
      method,
      headers,
      body,
      signal: options.signal,
      dispatcher: agents[pool],
    };

    // Safe GETs are retried once with a short backoff; POSTs never are (they may have been applied),
    // nor a 501: a route the upstream does not serve stays so.
    const attempts = method === "GET" && pool === "json" ? 2 : 1;
    for (let attempt = 1; ; attempt++) {
      const observe = settings.observe?.(method, path);
      let response: UpstreamResponse;
      try {
        response = await undiciRequest(url, init);
      } catch (error) {
        const failure = mapNetworkError(error);
        observe?.(failure);
        if (options.signal?.aborted || attempt === attempts) throw failure;
        await sleep(200);
        continue;
      }
      const status = response.statusCode;
      observe?.({ status });
      settings.note?.({ upstreamStatus: status });
      if (status >= 500 && status !== 501 && attempt < attempts) {
        await discard(response);
        await sleep(200);
        continue;
      }
      if (status < 200 || status >= 300) throw await errorFromResponse(response, options);
      return response;
    }
  }

  async function requestJson<S extends z.ZodType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.infer<S>> {
    const response = await send(path, options);
    const text = (
      await readCapped(response, settings.maxAnswerBytes).catch((error: unknown) => {
        if (error instanceof ApiError) throw error;
        // A body broken off maps by its cause's code, as a failed request does.
        throw mapNetworkError(new TypeError("terminated", { cause: error }));
      })
    ).toString("utf8");
    let json: unknown;
    try {
      json =
        options.emptyBody !== undefined && text.trim() === ""
          ? options.emptyBody
          : JSON.parse(text);
    } catch {
      throw ApiError.of("upstream_bad_response", "The workflow service sent an unreadable answer.");
    }
    return parseUpstream(schema, json, path);
  }

  async function requestStream(path: string, options: RequestOptions): Promise<Readable> {
    const response = await send(path, { pool: "stream", ...options });
    if (!String(response.headers["content-type"] ?? "").includes("text/event-stream")) {
      await discard(response);
      throw ApiError.of(
        "upstream_bad_response",
        "The workflow service did not open an event stream.",
      );
    }
    return response.body;
  }

  const dataset = <S extends z.ZodType>(schema: S, under: string[], request?: RequestOptions) =>
    requestJson(upstreamPath("datasets", ...under), schema, { key: "dataset", ...request });
  const launch = (path: string, body: RunStart, signal?: AbortSignal) =>
    requestStream(path, {
      method: "POST",
      json: { ...body, response_mode: "streaming" },
      pool: "launch",
      signal,
    });

  const getAppParameters = (signal?: AbortSignal) =>
    requestJson("/parameters", appParametersSchema, { signal });
  let parametersCache: { at: number; value: Promise<AppParameters> } | undefined;

  return {
    getAppParameters,

    /** The app's parameters, shared for a while (their upload limits change only on republish). */
    getAppParametersCached: (): Promise<AppParameters> => {
      const now = Date.now();
      if (!parametersCache || now - parametersCache.at > settings.parametersTtlMs) {
        const value = getAppParameters();
        parametersCache = { at: now, value };
        value.catch(() => {
          if (parametersCache?.value === value) parametersCache = undefined;
        });
      }
      return parametersCache.value;
    },

    // The service API's `/form/human_input/` (v1); a Human Input v2 token answers 404 there.
    getHumanInputForm: (token: string) =>
      requestJson(upstreamPath("form", "human_input", token), humanInputFormSchema, { form: true }),

    submitHumanInputForm: async (token: string, submission: FormSubmission) => {
      const path = upstreamPath("form", "human_input", token);
      await discard(await send(path, { method: "POST", json: submission, form: true }));
    },

    /** A multipart body (already holding `file` and `user`): one buffer if small, else a stream. */
    uploadFile: (
      body: Buffer | Readable,
      contentType: string,
      { signal, form }: { signal?: AbortSignal; form?: boolean } = {},
    ) =>
      requestJson("/files/upload", uploadedFileSchema, {
        method: "POST",
        body,
        headers: { "Content-Type": contentType },
        signal,
        form,
      }),

    runWorkflowStreaming: (body: RunStart, signal?: AbortSignal) =>
      launch("/workflows/run", body, signal),

    sendChatMessageStreaming: (
      body: RunStart & { query: string; conversation_id?: string },
      signal?: AbortSignal,
    ) => launch("/chat-messages", body, signal),

    streamWorkflowEvents: (
      runId: string,
      events: {
        user: string;
        includeStateSnapshot?: boolean;
        continueOnPause?: boolean;
        /** The last event id seen: newer servers go on right after it (400 when malformed). */
        cursor?: string;
        signal?: AbortSignal;
      },
    ) =>
      requestStream(upstreamPath("workflow", runId, "events"), {
        headers: events.cursor ? { "Last-Event-ID": events.cursor } : undefined,
        query: {
          user: events.user,
          // The upstream treats only the exact string `true` as true.
          include_state_snapshot: events.includeStateSnapshot ? "true" : undefined,
          continue_on_pause: events.continueOnPause ? "true" : undefined,
        },
        signal: events.signal,
      }),

    updateDocumentsMetadata: (datasetId: string, operations: MetadataOperation[]) =>
      dataset(metadataUpdateResultSchema, [datasetId, "documents", "metadata"], {
        method: "POST",
        json: { operation_data: operations },
        // Older servers answer a bare 200: the update was applied.
        emptyBody: { result: "success" },
      }),

    getChunk: (datasetId: string, documentId: string, segmentId: string) =>
      dataset(chunkEnvelopeSchema, [datasetId, "documents", documentId, "segments", segmentId]),

    listDatasets: (query: KnowledgeListQuery) =>
      dataset(datasetPageSchema, [], { query: listQuery(query) }),

    getDataset: (datasetId: string) => dataset(datasetSummarySchema, [datasetId]),

    listDocuments: (datasetId: string, query: KnowledgeListQuery) =>
      dataset(documentPageSchema, [datasetId, "documents"], { query: listQuery(query) }),

    /** Whether a document is in a dataset: false on the upstream's 404, its other errors thrown. */
    documentExists: async (datasetId: string, documentId: string): Promise<boolean> => {
      try {
        await dataset(documentIdSchema, [datasetId, "documents", documentId], {
          query: { metadata: "only" },
        });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },

    listMetadataFields: (datasetId: string) =>
      dataset(metadataFieldsSchema, [datasetId, "metadata"]),

    listSegments: (datasetId: string, documentId: string, query: KnowledgeListQuery) =>
      dataset(segmentPageSchema, [datasetId, "documents", documentId, "segments"], {
        query: listQuery(query),
      }),
  };
}
