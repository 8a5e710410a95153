import "server-only";
import { Counter, Gauge, Histogram, collectDefaultMetrics, register } from "prom-client";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-code";
import { processState } from "@/lib/server/ops/process-state";
import { openStreamCount } from "@/lib/server/streams/open-streams";

// Labels are closed sets (route names, operations, outcomes, error codes), never ids, tokens or
// users, so the number of series stays small.

const PREFIX = "human_input_";
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  collectDefaultMetrics({ prefix: PREFIX });
  return {
    requests: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "API requests by route, method and status, with their durations (for event streams: until the stream opened).",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS,
    }),
    upstream: new Histogram({
      name: `${PREFIX}upstream_request_duration_seconds`,
      help: "Calls to the upstream (Dify) by operation and outcome, until the answer's headers.",
      labelNames: ["operation", "outcome"] as const,
      buckets: SECONDS,
    }),
    refusals: new Counter({
      name: `${PREFIX}refusals_total`,
      help: "Requests the app refused (4xx error envelopes), by error code.",
      labelNames: ["code"] as const,
    }),
    uploadedBytes: new Counter({
      name: `${PREFIX}uploaded_bytes_total`,
      help: "Bytes of files uploaded to the upstream through the app.",
    }),
    sharedLimitsUp: new Gauge({
      name: `${PREFIX}shared_limits_up`,
      help: "1 while the shared limits count in Redis (REDIS_URL), 0 while they fall back to this copy's memory.",
    }),
    sharedLimitsFallbacks: new Counter({
      name: `${PREFIX}shared_limits_fallbacks_total`,
      help: "Limit checks counted in this copy's memory because Redis (REDIS_URL) could not be reached.",
    }),
    storeErrors: new Counter({
      name: `${PREFIX}store_errors_total`,
      help: "Failed operations on the store (DATABASE_URL), by operation.",
      labelNames: ["operation"] as const,
    }),
    decisionsUnrecorded: new Counter({
      name: `${PREFIX}decisions_unrecorded_total`,
      help: "Decisions the store could not take after every retry: logged whole (decision_unrecorded) for npm run replay-decisions.",
    }),
    jobs: new Histogram({
      name: `${PREFIX}job_duration_seconds`,
      help: "Background jobs on the store's queue by job and outcome (done, failed), with their durations.",
      labelNames: ["job", "outcome"] as const,
      buckets: SECONDS,
    }),
    openStreams: new Gauge({
      name: `${PREFIX}open_event_streams`,
      help: "Event streams open now (relayed from the upstream to browsers).",
      collect() {
        this.set(openStreamCount());
      },
    }),
  };
}

// Once per process, so prom-client's default registry holds each metric once.
const metrics = () => processState("metrics", createMetrics);

export async function renderMetrics(): Promise<Response> {
  metrics();
  const body = await register.metrics().catch(() => {
    throw ApiError.of("internal_error", "The metrics could not be collected.");
  });
  return new Response(body, { headers: { "Content-Type": register.contentType } });
}

/** Starts timing one API request; a 4xx answer also counts as a refusal by its code. */
export function observeRequest(route: string, method: string) {
  const stop = metrics().requests.startTimer({ route, method });
  return (status: number, code: ErrorCode | undefined) => {
    stop({ status: String(status) });
    if (status >= 400 && status < 500) metrics().refusals.inc({ code: code ?? "other" });
  };
}

/** The operation an upstream call performs, from its method and path (ids left out). */
export function upstreamOperation(method: string, path: string): string {
  const segments = path.split("/").filter(Boolean);
  const [first] = segments;
  if (first === "parameters") return "parameters";
  if (first === "form") return method === "POST" ? "form.submit" : "form.get";
  if (first === "files") return "files.upload";
  if (first === "workflows") return "workflows.run";
  if (first === "chat-messages") return "chat.send";
  if (first === "workflow") return "workflow.events";
  if (first === "datasets") {
    // Its words without the ids, e.g. datasets.documents.segments; `.one` when it names one item.
    const words = segments.filter((word, i) => i % 2 === 0 || word === "metadata");
    const one = segments.length % 2 === 0 && segments.at(-1) !== "metadata";
    return words.join(".") + (one ? ".one" : "");
  }
  return "other";
}

export function upstreamOutcome(result: { status: number } | ApiError): string {
  if (result instanceof ApiError) return result.code;
  if (result.status >= 500) return "http_5xx";
  if (result.status >= 400) return "http_4xx";
  return "ok";
}

export function observeUpstream(method: string, path: string) {
  const stop = metrics().upstream.startTimer({ operation: upstreamOperation(method, path) });
  return (result: { status: number } | ApiError) => stop({ outcome: upstreamOutcome(result) });
}

export function countUploadedBytes(bytes: number): void {
  if (bytes > 0) metrics().uploadedBytes.inc(bytes);
}

export function setSharedLimitsUp(up: boolean): void {
  metrics().sharedLimitsUp.set(up ? 1 : 0);
}

export function countSharedLimitsFallback(): void {
  metrics().sharedLimitsFallbacks.inc();
}

export function countStoreError(operation: string): void {
  metrics().storeErrors.inc({ operation });
}

export function countDecisionUnrecorded(): void {
  metrics().decisionsUnrecorded.inc();
}

/** Times a job; the returned function takes its outcome. */
export function observeJob(job: string) {
  const stop = metrics().jobs.startTimer({ job });
  return (outcome: "done" | "failed") => stop({ outcome });
}
