import { request } from "node:http";
import { createParser } from "eventsource-parser";
import { FORM_LINK_HEADER } from "@/lib/form/form-link";
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
    // The product's SSE parser; `at` is when the chunk holding the event arrived.
    let at = 0;
    const splitter = createParser({
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
 * times through the minimal proxy, the floor app's proxy route and the app's events route in
 * turn, each stream
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

  const baseline = readRssMb(stack.appPid);
  let peak = baseline;
  let appCpuMsPerStreamOpened = Number.NaN;
  const paths = {
    minimalProxy: {
      pid: stack.minimalProxyPid,
      runs: [] as StreamPath[],
      latencies: [] as number[],
      cpu: Number.NaN,
    },
    proxyFloor: {
      pid: stack.floorAppPid,
      runs: [] as StreamPath[],
      latencies: [] as number[],
      cpu: Number.NaN,
    },
    app: {
      pid: stack.appPid,
      runs: [] as StreamPath[],
      latencies: [] as number[],
      cpu: Number.NaN,
    },
  };
  const targets = {
    minimalProxy: upstreamEvents(stack.minimalProxyUrl),
    proxyFloor: upstreamEvents(stack.proxyFloorUrl),
    app: (form: BenchForm) => ({
      url: `${stack.appOrigin}/api/forms/${encodeURIComponent(form.token)}/events`,
      headers: { [FORM_LINK_HEADER]: form.linkQuery },
    }),
  };
  // Opening a stream (its request, link check and snapshot) is counted apart from relaying
  // events: CPU is read when every stream is live and again when the last event arrived.
  const measure = async (name: keyof typeof paths) => {
    const path = paths[name];
    const cpuBefore = readCpuMs(path.pid);
    let cpuLive = Number.NaN;
    let cpuReceived = Number.NaN;
    const run = await runStreams(
      stack,
      forms,
      targets[name],
      options,
      {
        live: () => (cpuLive = readCpuMs(path.pid)),
        received: () => (cpuReceived = readCpuMs(path.pid)),
      },
      path.latencies,
    );
    path.runs.push(run);
    const cpu = (cpuReceived - cpuLive) / Math.max(1, run.received);
    path.cpu = lower(path.cpu, cpu);
    return { run, cpu, opened: (cpuLive - cpuBefore) / options.streams };
  };
  const us = (msPerEvent: number) => `${(msPerEvent * 1000).toFixed(0)} µs`;
  for (let round = 1; round <= options.rounds; round++) {
    const proxy = await measure("minimalProxy");
    const floor = await measure("proxyFloor");
    const monitor = startRssMonitor(stack.appPid);
    let app: Awaited<ReturnType<typeof measure>>;
    try {
      app = await measure("app");
    } finally {
      peak = Math.max(peak, monitor.stop());
    }
    appCpuMsPerStreamOpened = lower(appCpuMsPerStreamOpened, app.opened);
    options.log(
      `  round ${round}: CPU per event: node proxy ${us(proxy.cpu)}, Next proxy floor ` +
        `${us(floor.cpu)}, app ${us(app.cpu)} (p99 ${app.run.p99Ms.toFixed(2)} ms, ` +
        `${app.opened.toFixed(2)} ms CPU per stream opened)`,
    );
  }
  const minimalProxyCpuMsPerEvent = paths.minimalProxy.cpu;
  const proxyFloorCpuMsPerEvent = paths.proxyFloor.cpu;
  const appCpuMsPerEvent = paths.app.cpu;
  const minimalProxy = pooled(paths.minimalProxy.runs, paths.minimalProxy.latencies);
  const app = pooled(paths.app.runs, paths.app.latencies);
  options.log(
    `  proxy: p50 ${minimalProxy.p50Ms.toFixed(2)} ms, p99 ${minimalProxy.p99Ms.toFixed(2)} ms, ` +
      `${us(minimalProxyCpuMsPerEvent)} CPU per event (least); Next proxy floor ${us(proxyFloorCpuMsPerEvent)}`,
  );
  options.log(
    `  app: p50 ${app.p50Ms.toFixed(2)} ms, p99 ${app.p99Ms.toFixed(2)} ms, peak RSS ` +
      `${peak.toFixed(0)} MB, ${us(appCpuMsPerEvent)} CPU per event (least)`,
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
    proxyFloorCpuMsPerEvent,
  };
}
