import { request } from "node:http";
import { createSseSplitter } from "@/lib/dify/sse-events";
import { FORM_LINK_HEADER } from "@/lib/form/form-link-header";
import type { StreamPath, StreamRelayResult } from "./bench-results";
import { createDemoForm, type BenchForm } from "./create-demo-form";
import { latencySummary } from "./percentile";
import { readCpuMs, readRssMb, startRssMonitor } from "./rss-monitor";
import type { BenchStack } from "./start-bench-stack";

type StreamTarget = { url: string; headers: Record<string, string> };

type StreamTally = {
  latencies: number[];
  received: number;
  lost: number;
  reordered: number;
};

const READY_TIMEOUT_MS = 60_000;
const EVENTS_TIMEOUT_MS = 120_000;

// Both processes read one clock: wall time at sub-millisecond resolution, as the upstream stamps
// each chunk's text `chunk <seq> at <sent_at_ms>` (see RunEngine.emitTextChunks; a form link's
// relay passes a chunk's text only).
const now = () => performance.timeOrigin + performance.now();
const BENCH_CHUNK = /^chunk (\d+) at ([\d.]+) $/;

async function inBatches<T, R>(items: T[], size: number, each: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(each))));
  }
  return results;
}

/**
 * One SSE client: resolves `ready` once the snapshot's `workflow_paused` arrives (the stream is
 * live), and `done` once the last of `events` chunks arrives or the time runs out.
 */
export function openStream(target: StreamTarget, events: number) {
  const tally: StreamTally = { latencies: [], received: 0, lost: 0, reordered: 0 };
  let markReady: () => void = () => undefined;
  let markDone: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  const done = new Promise<void>((resolve) => (markDone = resolve));
  const seen = new Uint8Array(events);
  let highest = -1;

  const req = request(target.url, { headers: { accept: "text/event-stream", ...target.headers } });
  const finish = () => {
    req.destroy();
    markDone();
  };
  req.on("response", (res) => {
    if (res.statusCode !== 200) {
      fail(new Error(`${target.url}: status ${res.statusCode}`));
      res.resume();
      return finish();
    }
    res.setEncoding("utf8");
    // The product's own SSE splitter; `at` is when the chunk holding the event arrived.
    let at = 0;
    const splitter = createSseSplitter({
      onEvent: (message) => {
        if (!message.data) return; // pings
        const event = JSON.parse(message.data) as { event: string; data?: { text?: string } };
        if (event.event === "workflow_paused") markReady();
        const stamp =
          event.event === "text_chunk" ? BENCH_CHUNK.exec(event.data?.text ?? "") : null;
        if (!stamp) return;
        const seq = Number(stamp[1]);
        const sentAt = Number(stamp[2]);
        tally.latencies.push(at - sentAt);
        if (seq < highest || seen[seq] === 1) tally.reordered++;
        seen[seq] = 1;
        highest = Math.max(highest, seq);
        tally.received++;
        if (seq === events - 1) finish();
      },
    });
    res.on("data", (text: string) => {
      at = now();
      splitter.feed(text);
    });
    res.on("end", finish);
    res.on("error", finish);
  });
  req.on("error", (error) => {
    fail(error);
    markDone();
  });
  req.end();
  const close = () => {
    tally.lost = seen.reduce((missing, bit) => missing + (bit ? 0 : 1), 0);
    finish();
    return tally;
  };
  return { ready, done, close };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens every stream, waits until all are live, has the upstream send, collects. */
async function runStreams(
  stack: BenchStack,
  forms: BenchForm[],
  targetOf: (form: BenchForm) => StreamTarget,
  options: { events: number; intervalMs: number },
  marks: { live?: () => void; received?: () => void } = {},
  latencySink: number[] = [],
): Promise<StreamPath> {
  const streams = forms.map((form) => openStream(targetOf(form), options.events));
  let tallies: StreamTally[] = [];
  try {
    await withTimeout(Promise.all(streams.map((s) => s.ready)), READY_TIMEOUT_MS, "opening");
    marks.live?.();
    // Started one run after another, so the runs' sends interleave as independent runs' would.
    await inBatches(forms, 50, async (form) => {
      await stack.upstreamAdmin.emitTextChunks({
        runId: form.runId,
        count: options.events,
        interval_ms: options.intervalMs,
      });
    });
    await withTimeout(Promise.all(streams.map((s) => s.done)), EVENTS_TIMEOUT_MS, "streaming")
      // A timeout is reported as lost events, not as a crash.
      .catch(() => undefined);
    marks.received?.();
  } finally {
    // Closing tallies what arrived, whatever happened above.
    tallies = streams.map((s) => s.close());
  }
  const latencies = tallies.flatMap((t) => t.latencies);
  for (const latency of latencies) latencySink.push(latency);
  const summary = latencySummary(latencies);
  return {
    p50Ms: summary.p50,
    p99Ms: summary.p99,
    maxMs: summary.max,
    expected: forms.length * options.events,
    received: tallies.reduce((sum, t) => sum + t.received, 0),
    lost: tallies.reduce((sum, t) => sum + t.lost, 0),
    reordered: tallies.reduce((sum, t) => sum + t.reordered, 0),
  };
}

/** The lower of two figures, where the first may be unset. */
const lower = (a: number, b: number) => (Number.isNaN(a) ? b : Math.min(a, b));

/** Every round's tallies of one path as one: counts add up, latencies from all of them. */
function pooled(paths: StreamPath[], latencies: number[]): StreamPath {
  const summary = latencySummary(latencies);
  const sum = (key: "expected" | "received" | "lost" | "reordered") =>
    paths.reduce((total, path) => total + path[key], 0);
  return {
    p50Ms: summary.p50,
    p99Ms: summary.p99,
    maxMs: summary.max,
    expected: sum("expected"),
    received: sum("received"),
    lost: sum("lost"),
    reordered: sum("reordered"),
  };
}

/**
 * `streams` runs, each followed by one client: first straight from the upstream, then `rounds`
 * times through the minimal proxy and through the app's events route in turn, each stream
 * receiving `events` stamped chunks. CPU per event counts each path's least (the machine's noise
 * only ever adds to it); latencies and counts are over every round.
 */
export async function measureStreamRelay(
  stack: BenchStack,
  options: {
    streams: number;
    events: number;
    intervalMs: number;
    rounds: number;
    log: (line: string) => void;
  },
): Promise<StreamRelayResult> {
  const indexes = Array.from({ length: options.streams }, (_, i) => i);
  const forms = await inBatches(indexes, 25, (i) =>
    createDemoForm(stack, `bench-stream-${i}@example.com`),
  );
  const upstreamEvents = (base: string) => (form: BenchForm) => ({
    url:
      `${base}/workflow/${form.runId}/events?user=${encodeURIComponent(form.user)}` +
      "&include_state_snapshot=true&continue_on_pause=true",
    headers: { authorization: `Bearer ${stack.upstreamKey}` },
  });
  const direct = await runStreams(stack, forms, upstreamEvents(stack.upstreamUrl), options);
  options.log(`  direct: p50 ${direct.p50Ms.toFixed(2)} ms, p99 ${direct.p99Ms.toFixed(2)} ms`);

  const proxyRuns: StreamPath[] = [];
  const proxyLatencies: number[] = [];
  const appRuns: StreamPath[] = [];
  const appLatencies: number[] = [];
  let minimalProxyCpuMsPerEvent = Number.NaN;
  let appCpuMsPerEvent = Number.NaN;
  let appCpuMsPerStreamOpened = Number.NaN;
  const baseline = readRssMb(stack.appPid);
  let peak = baseline;
  for (let round = 1; round <= options.rounds; round++) {
    let proxyCpuLive = Number.NaN;
    let proxyCpuReceived = Number.NaN;
    const proxy = await runStreams(
      stack,
      forms,
      upstreamEvents(stack.minimalProxyUrl),
      options,
      {
        live: () => (proxyCpuLive = readCpuMs(stack.minimalProxyPid)),
        received: () => (proxyCpuReceived = readCpuMs(stack.minimalProxyPid)),
      },
      proxyLatencies,
    );
    proxyRuns.push(proxy);
    const proxyCpu = (proxyCpuReceived - proxyCpuLive) / Math.max(1, proxy.received);
    minimalProxyCpuMsPerEvent = lower(minimalProxyCpuMsPerEvent, proxyCpu);

    const cpuBefore = readCpuMs(stack.appPid);
    // Opening a stream (its request, link check and snapshot) is counted apart from relaying
    // events: CPU is read when every stream is live and again when the last event arrived.
    let cpuLive = Number.NaN;
    let cpuReceived = Number.NaN;
    const monitor = startRssMonitor(stack.appPid);
    let app: StreamPath;
    try {
      app = await runStreams(
        stack,
        forms,
        (form) => ({
          url: `${stack.appOrigin}/api/forms/${encodeURIComponent(form.token)}/events`,
          headers: { [FORM_LINK_HEADER]: form.linkQuery },
        }),
        options,
        {
          live: () => (cpuLive = readCpuMs(stack.appPid)),
          received: () => (cpuReceived = readCpuMs(stack.appPid)),
        },
        appLatencies,
      );
    } finally {
      peak = Math.max(peak, monitor.stop());
    }
    appRuns.push(app);
    const appCpu = (cpuReceived - cpuLive) / Math.max(1, app.received);
    appCpuMsPerEvent = lower(appCpuMsPerEvent, appCpu);
    appCpuMsPerStreamOpened = lower(
      appCpuMsPerStreamOpened,
      (cpuLive - cpuBefore) / options.streams,
    );
    options.log(
      `  round ${round}: proxy p99 ${proxy.p99Ms.toFixed(2)} ms, ${(proxyCpu * 1000).toFixed(0)} µs ` +
        `CPU per event; app p99 ${app.p99Ms.toFixed(2)} ms, ${(appCpu * 1000).toFixed(0)} µs CPU ` +
        `per event, ${((cpuLive - cpuBefore) / options.streams).toFixed(2)} ms CPU per stream opened`,
    );
  }
  const app = pooled(appRuns, appLatencies);
  const minimalProxy = pooled(proxyRuns, proxyLatencies);
  options.log(
    `  proxy: p50 ${minimalProxy.p50Ms.toFixed(2)} ms, p99 ${minimalProxy.p99Ms.toFixed(2)} ms, ` +
      `${(minimalProxyCpuMsPerEvent * 1000).toFixed(0)} µs CPU per event (least)`,
  );
  options.log(
    `  app: p50 ${app.p50Ms.toFixed(2)} ms, p99 ${app.p99Ms.toFixed(2)} ms, peak RSS ` +
      `${peak.toFixed(0)} MB, ${(appCpuMsPerEvent * 1000).toFixed(0)} µs CPU per event (least)`,
  );
  return {
    streams: options.streams,
    eventsPerStream: options.events,
    intervalMs: options.intervalMs,
    rounds: options.rounds,
    app,
    minimalProxy,
    direct,
    appBaselineRssMb: baseline,
    appPeakRssMb: peak,
    appCpuMsPerEvent,
    appCpuMsPerStreamOpened,
    minimalProxyCpuMsPerEvent,
  };
}
