import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors/api-error";
import {
  countDecisionUnrecorded,
  countStoreError,
  countUploadedBytes,
  observeJob,
  observeRequest,
  observeUpstream,
  renderMetrics,
  upstreamOperation,
  upstreamOutcome,
} from "@/lib/server/ops/metrics";
import { acquireStream, type StreamLease } from "@/lib/server/streams/open-streams";

/** The value of one series in Prometheus's text format, e.g. `name{a="b"}`. */
async function sample(series: string): Promise<number | undefined> {
  const body = await (await renderMetrics()).text();
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics", () => {
  it("counts requests by route, method and status, with durations", async () => {
    const series =
      'human_input_http_request_duration_seconds_count{route="/api/forms/[token]",method="GET",status="200"}';
    const before = (await sample(series)) ?? 0;
    observeRequest("/api/forms/[token]", "GET")(200, undefined);
    expect(await sample(series)).toBe(before + 1);
    const response = await renderMetrics();
    const body = await response.text();
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(body).toContain(
      'human_input_http_request_duration_seconds_bucket{le="0.005",route="/api/forms/[token]",method="GET",status="200"}',
    );
  });

  it("counts 4xx envelopes as refusals by their code, and not 5xx", async () => {
    const series = 'human_input_refusals_total{code="too_many_streams"}';
    const before = (await sample(series)) ?? 0;
    observeRequest("forms.events", "GET")(429, "too_many_streams");
    observeRequest("forms.events", "GET")(502, "upstream_unreachable");
    expect(await sample(series)).toBe(before + 1);
    expect(await sample('human_input_refusals_total{code="upstream_unreachable"}')).toBeUndefined();
  });

  it("names upstream operations without ids, and outcomes from a closed set", async () => {
    expect(upstreamOperation("GET", "/form/human_input/TOKEN123")).toBe("form.get");
    expect(upstreamOperation("POST", "/form/human_input/TOKEN123")).toBe("form.submit");
    expect(upstreamOperation("GET", "/workflow/run-1/events")).toBe("workflow.events");
    expect(upstreamOperation("POST", "/files/upload")).toBe("files.upload");
    expect(upstreamOperation("GET", "/parameters")).toBe("parameters");
    expect(upstreamOperation("GET", "/datasets")).toBe("datasets");
    expect(upstreamOperation("GET", "/datasets/d")).toBe("datasets.one");
    expect(upstreamOperation("GET", "/datasets/d/metadata")).toBe("datasets.metadata");
    expect(upstreamOperation("POST", "/datasets/d/documents/metadata")).toBe(
      "datasets.documents.metadata",
    );
    expect(upstreamOperation("GET", "/datasets/d/documents")).toBe("datasets.documents");
    expect(upstreamOperation("GET", "/datasets/d/documents/x")).toBe("datasets.documents.one");
    expect(upstreamOperation("GET", "/datasets/d/documents/x/segments")).toBe(
      "datasets.documents.segments",
    );
    expect(upstreamOperation("GET", "/datasets/d/documents/x/segments/s")).toBe(
      "datasets.documents.segments.one",
    );
    expect(upstreamOperation("GET", "/something/new")).toBe("other");
    expect(upstreamOutcome({ status: 200 })).toBe("ok");
    expect(upstreamOutcome({ status: 404 })).toBe("http_4xx");
    expect(upstreamOutcome({ status: 503 })).toBe("http_5xx");
    expect(upstreamOutcome(ApiError.of("upstream_timeout", "x"))).toBe("upstream_timeout");

    const series =
      'human_input_upstream_request_duration_seconds_count{operation="form.submit",outcome="http_4xx"}';
    const before = (await sample(series)) ?? 0;
    observeUpstream("POST", "/form/human_input/TOKEN123")({ status: 412 });
    expect(await sample(series)).toBe(before + 1);
    expect(await (await renderMetrics()).text()).not.toContain("TOKEN123");
  });

  it("reports open event streams and uploaded bytes", async () => {
    const lease = acquireStream({
      bounds: [{ key: "k", max: 4, refused: "per_link" }],
      perProcess: 10,
    }) as StreamLease;
    expect(await sample("human_input_open_event_streams")).toBe(1);
    lease.release();
    expect(await sample("human_input_open_event_streams")).toBe(0);
    const before = (await sample("human_input_uploaded_bytes_total")) ?? 0;
    countUploadedBytes(1234);
    expect(await sample("human_input_uploaded_bytes_total")).toBe(before + 1234);
  });

  it("counts store errors by operation, unrecorded decisions, and jobs by outcome", async () => {
    countStoreError("decision");
    expect(await sample('human_input_store_errors_total{operation="decision"}')).toBe(1);
    const before = (await sample("human_input_decisions_unrecorded_total")) ?? 0;
    countDecisionUnrecorded();
    expect(await sample("human_input_decisions_unrecorded_total")).toBe(before + 1);
    observeJob("follow-run")("failed");
    expect(
      await sample('human_input_job_duration_seconds_count{job="follow-run",outcome="failed"}'),
    ).toBe(1);
  });
});
