import type { BenchResults, LoadComparison, LoadRun, StoreResult } from "./bench-results";
import { formatTable } from "./format-table";

// The bench's budgets, stated once, here; docs/performance.md quotes them. Each is
// read against the reference that isolates what the app controls (decision 005): the
// framework proxy floor (the leanest proxy a Next route handler can be) for requests, the minimal
// Node proxy for streams and large uploads.
export const BUDGETS = {
  /** Added p50 latency through the app at concurrency 1, over the framework proxy floor, ms. */
  proxyAddedP50Ms: 1,
  /** A knowledge request's and a 1 KB upload's added p50 with REDIS_URL over memory, on loopback, ms. */
  redisAddedP50Ms: 1,
  /** A submit's added p50 with DATABASE_URL (the decision kept, the run followed) over without, ms. */
  storeSubmitAddedP50Ms: 2,
  /** The sweep reads this many waiting requests within one sweep interval (a minute). */
  sweepWaiting: 1_000,
  sweepIntervalSeconds: 60,
  /** Reads done beyond what the rate allows since the sweep's first (the stamps' jitter). */
  sweepReadsAheadOfRate: 1,
  /** App throughput at concurrency 50 as a share of the framework proxy floor's. */
  proxyThroughputRatio: 0.8,
  /** Added p99 per-event latency over direct, 500 streams at 5,000 events/s, ms. */
  streamAddedP99Ms: 10,
  /** The app's CPU per event relayed, as a multiple of the minimal proxy's. */
  streamCpuRatio: 2,
  /** The app's peak resident memory with 500 streams open, MB. */
  streamPeakRssMb: 400,
  /** Resident memory per idle open stream (1,000 held open), MB. */
  idleStreamMb: 0.5,
  /** The app's resident memory once started and idle, MB. */
  idleRssMb: 150,
  /**
   * The app's resident memory growth during one 200 MB upload, as a multiple of Next's proxy
   * floor's growth in the same run (both stream the body through a route handler).
   */
  uploadRssGrowthOverProxyFloor: 1.1,
  /** Upload throughput through the app as a share of the minimal proxy's. */
  uploadThroughputRatio: 0.9,
  /**
   * First-load JavaScript of /form/[token] over the floor app's bare page (one client button) of
   * the same run, gzip bytes (kB = 1,000 bytes, as `next build` counts).
   */
  firstLoadJsOverBarePageBytes: 50_000,
  /** Median time to a usable form (the later of first field open to input and first paint), ms. */
  usableMs: 350,
  /** Median Largest Contentful Paint, ms. */
  lcpMs: 400,
  /** On a throttled phone: the form page's median usable time over the bare page's, ms. */
  phoneUsableOverBarePageMs: 800,
} as const;

export type BudgetCheck = {
  budget: string;
  limit: string;
  measured: string;
  pass: boolean;
  /** The figures behind the measurement, for the reader. */
  detail: string;
};

const ms = (value: number) => `${value.toFixed(2)} ms`;
const signedMs = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(2)} ms`;
const mb = (value: number) => `${value.toFixed(1)} MB`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const count = (value: number) => Math.round(value).toLocaleString("en-US");
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const us = (msValue: number) => `${(msValue * 1000).toFixed(0)} µs`;

/** A measurement passes only when it is a number within its limit (NaN never passes). */
const atMost = (value: number, limit: number) => value <= limit;
const atLeast = (value: number, limit: number) => value >= limit;

const PATHS = ["app", "proxyFloor", "frameworkFloor", "minimalProxy", "direct"] as const;
const PATH_LABEL = {
  app: "app",
  proxyFloor: "proxy floor",
  frameworkFloor: "floor",
  minimalProxy: "node proxy",
  direct: "direct",
} as const;

function failuresNote(comparison: LoadComparison): { ok: boolean; note: string } {
  const failed = PATHS.filter((name) => comparison[name].failures > 0);
  return failed.length === 0
    ? { ok: true, note: "" }
    : {
        ok: false,
        note: `; FAILED REQUESTS ${failed.map((name) => `${PATH_LABEL[name]} ${comparison[name].failures}`).join(", ")}`,
      };
}

/** `app / proxy floor / floor / node proxy / direct` of one figure, side by side. */
function sideBySide(comparison: LoadComparison, figure: (run: LoadRun) => string): string {
  return PATHS.map((name) => figure(comparison[name])).join(" / ");
}

function proxyChecks(comparison: LoadComparison): BudgetCheck[] {
  const { app, proxyFloor, scenario, concurrency } = comparison;
  const addedP50 = app.p50Ms - proxyFloor.p50Ms;
  const addedP99 = app.p99Ms - proxyFloor.p99Ms;
  const ratio = app.requestsPerSecond / proxyFloor.requestsPerSecond;
  const failures = failuresNote(comparison);
  const figures =
    `${PATHS.map((name) => PATH_LABEL[name]).join(" / ")}: ` +
    `${sideBySide(comparison, (r) => count(r.requestsPerSecond))} req/s; ` +
    `p50 ${sideBySide(comparison, (r) => ms(r.p50Ms))}; p99 ${sideBySide(comparison, (r) => ms(r.p99Ms))}`;
  if (concurrency === 1) {
    return [
      {
        budget: `${scenario}: added p50 over proxy floor, c=1`,
        limit: `≤ ${BUDGETS.proxyAddedP50Ms} ms`,
        measured: signedMs(addedP50),
        pass: failures.ok && atMost(addedP50, BUDGETS.proxyAddedP50Ms),
        detail: `${figures}; added p99 ${signedMs(addedP99)}${failures.note}`,
      },
    ];
  }
  return [
    {
      budget: `${scenario}: throughput, c=${concurrency}`,
      limit: `≥ ${percent(BUDGETS.proxyThroughputRatio)} of proxy floor`,
      measured: percent(ratio),
      pass: failures.ok && atLeast(ratio, BUDGETS.proxyThroughputRatio),
      detail: `${figures}; added p50 over proxy floor ${signedMs(addedP50)}${failures.note}`,
    },
  ];
}

/** Every budget the results speak to, PASS or FAIL; sections not measured yield no checks. */
export function evaluateBudgets(results: BenchResults): BudgetCheck[] {
  const checks: BudgetCheck[] = [];

  const memory = results.memory;
  if (memory) {
    checks.push(
      {
        budget: "Idle app RSS after start",
        limit: `≤ ${BUDGETS.idleRssMb} MB`,
        measured: mb(memory.appIdleRssMb),
        pass: atMost(memory.appIdleRssMb, BUDGETS.idleRssMb),
        detail: "VmRSS of the standalone server once it has answered and settled",
      },
      {
        budget: `Memory per open stream (${count(memory.idleStreams)} idle)`,
        limit: `≤ ${BUDGETS.idleStreamMb} MB`,
        measured: `${memory.mbPerStream.toFixed(3)} MB`,
        pass: memory.idleStreams > 0 && atMost(memory.mbPerStream, BUDGETS.idleStreamMb),
        detail: `${mb(memory.rssBeforeStreamsMb)} → ${mb(memory.rssWithStreamsMb)} with the streams open`,
      },
    );
  }

  for (const comparison of results.proxy ?? []) checks.push(...proxyChecks(comparison));

  const redis = results.redis;
  if (redis) {
    for (const [name, pair] of [
      ["Knowledge request", redis.knowledge],
      ["POST upload 1 KB", redis.upload],
    ] as const) {
      const added = pair.redisP50Ms - pair.memoryP50Ms;
      checks.push({
        budget: `${name} with REDIS_URL: added p50`,
        limit: `≤ ${BUDGETS.redisAddedP50Ms} ms`,
        measured: signedMs(added),
        pass: atMost(added, BUDGETS.redisAddedP50Ms),
        detail: `p50 memory ${ms(pair.memoryP50Ms)}, Redis on loopback ${ms(pair.redisP50Ms)}; ${count(redis.requests)} requests each, in turn`,
      });
    }
  }

  const store = results.store;
  if (store) checks.push(...storeChecks(store));

  const streams = results.streams;
  if (streams) {
    const { app, minimalProxy, direct } = streams;
    const addedP99 = app.p99Ms - direct.p99Ms;
    const rate = (streams.streams * 1000) / streams.intervalMs;
    const label = `Stream relay (${streams.streams} × ${streams.eventsPerStream}, ${count(rate)} events/s)`;
    checks.push(
      {
        budget: `${label}: added p99`,
        limit: `≤ ${BUDGETS.streamAddedP99Ms} ms`,
        measured: signedMs(addedP99),
        pass: atMost(addedP99, BUDGETS.streamAddedP99Ms),
        detail:
          `app / proxy / direct: p50 ${ms(app.p50Ms)} / ${ms(minimalProxy.p50Ms)} / ${ms(direct.p50Ms)}; ` +
          `p99 ${ms(app.p99Ms)} / ${ms(minimalProxy.p99Ms)} / ${ms(direct.p99Ms)}; ` +
          `added p99 over proxy ${signedMs(app.p99Ms - minimalProxy.p99Ms)}`,
      },
      {
        budget: `${label}: app CPU per event`,
        limit: `≤ ${BUDGETS.streamCpuRatio}× node proxy`,
        measured: `${(streams.appCpuMsPerEvent / streams.minimalProxyCpuMsPerEvent).toFixed(2)}×`,
        pass: atMost(
          streams.appCpuMsPerEvent,
          BUDGETS.streamCpuRatio * streams.minimalProxyCpuMsPerEvent,
        ),
        detail:
          `user + system time from every stream live to the last event, ÷ events delivered, ` +
          `the least of ${streams.rounds} rounds each: ` +
          `app ${us(streams.appCpuMsPerEvent)}, minimal proxy ${us(streams.minimalProxyCpuMsPerEvent)}, ` +
          `Next proxy floor ${us(streams.proxyFloorCpuMsPerEvent)}; ` +
          `opening a stream ${ms(streams.appCpuMsPerStreamOpened)} of app CPU`,
      },
      {
        budget: `${label}: app peak RSS`,
        limit: `≤ ${BUDGETS.streamPeakRssMb} MB`,
        measured: mb(streams.appPeakRssMb),
        pass: atMost(streams.appPeakRssMb, BUDGETS.streamPeakRssMb),
        detail: `before the streams ${mb(streams.appBaselineRssMb)}`,
      },
      {
        budget: `${label}: events lost or reordered`,
        limit: "0",
        measured: count(app.lost + app.reordered),
        pass: app.lost + app.reordered === 0 && app.received === app.expected,
        detail:
          `app received ${count(app.received)} of ${count(app.expected)} ` +
          `(lost ${app.lost}, reordered ${app.reordered}); proxy ${count(minimalProxy.received)}, ` +
          `direct ${count(direct.received)}`,
      },
    );
  }

  const upload = results.upload;
  if (upload) {
    const growth = upload.appPeakRssMb - upload.appBaselineRssMb;
    const growthOf = (window: { baselineMb: number; peakMb: number }) =>
      window.peakMb - window.baselineMb;
    const floorGrowth = growthOf(upload.proxyFloorRss);
    const ratio = upload.app.mbPerSecond / upload.minimalProxy.mbPerSecond;
    const runs = { app: upload.app, proxy: upload.minimalProxy, direct: upload.direct };
    const floorRatio = (run: { mbPerSecond: number }) =>
      percent(run.mbPerSecond / upload.minimalProxy.mbPerSecond);
    const refused = Object.entries(runs).filter(([, run]) => run.status !== 201);
    const accepted = refused.length === 0;
    const statusNote = accepted
      ? ""
      : `; REFUSED: ${refused.map(([name, run]) => `${name} ${run.status}`).join(", ")}`;
    const size = `${Math.round(upload.bytes / 1024 / 1024)} MB`;
    checks.push(
      {
        budget: `Upload ${size}: app RSS growth`,
        limit: `≤ ${BUDGETS.uploadRssGrowthOverProxyFloor}× proxy floor's (${mb(floorGrowth)})`,
        measured: mb(growth),
        pass: accepted && atMost(growth, BUDGETS.uploadRssGrowthOverProxyFloor * floorGrowth),
        detail:
          `${mb(upload.appBaselineRssMb)} → peak ${mb(upload.appPeakRssMb)}; minimal proxy ` +
          `grew ${mb(growthOf(upload.minimalProxyRss))}${statusNote}`,
      },
      {
        budget: `Upload ${size}: throughput`,
        limit: `≥ ${percent(BUDGETS.uploadThroughputRatio)} of proxy`,
        measured: percent(ratio),
        pass: accepted && atLeast(ratio, BUDGETS.uploadThroughputRatio),
        detail:
          `best of ${upload.runs}, app / proxy / direct: ` +
          Object.values(runs)
            .map((run) => `${run.mbPerSecond.toFixed(0)} MB/s (${run.seconds.toFixed(2)} s)`)
            .join(" / ") +
          `; framework floor ${upload.frameworkFloor.mbPerSecond.toFixed(0)} MB/s ` +
          `(${floorRatio(upload.frameworkFloor)} of proxy), proxy floor ` +
          `${upload.proxyFloor.mbPerSecond.toFixed(0)} MB/s (${floorRatio(upload.proxyFloor)}), ` +
          `stream floor ${upload.streamFloor.mbPerSecond.toFixed(0)} MB/s ` +
          `(${floorRatio(upload.streamFloor)})` +
          statusNote,
      },
    );
  }

  const page = results.page;
  if (page) {
    const loads = page.usableMs.length;
    const range = (values: number[]) =>
      values.length ? `${ms(Math.min(...values))} – ${ms(Math.max(...values))}` : "no loads";
    checks.push(
      {
        budget: "Form page: first-load JS (gzip)",
        limit: `≤ bare page + ${kb(BUDGETS.firstLoadJsOverBarePageBytes)}`,
        measured: kb(page.firstLoadJsGzipBytes),
        pass: atMost(
          page.firstLoadJsGzipBytes,
          page.barePageJsGzipBytes + BUDGETS.firstLoadJsOverBarePageBytes,
        ),
        detail:
          `${page.scripts.length} scripts; bare page ${kb(page.barePageJsGzipBytes)}, ` +
          `the 404 page ${kb(page.floorJsGzipBytes)}`,
      },
      {
        budget: `Form page: usable form, median of ${loads}`,
        limit: `≤ ${BUDGETS.usableMs} ms`,
        measured: ms(page.usableMedianMs),
        pass: atMost(page.usableMedianMs, BUDGETS.usableMs),
        detail: `range ${range(page.usableMs)}; the later of first field open to input and first paint`,
      },
      {
        budget: `Form page: LCP, median of ${loads}`,
        limit: `≤ ${BUDGETS.lcpMs} ms`,
        measured: ms(page.lcpMedianMs),
        pass: atMost(page.lcpMedianMs, BUDGETS.lcpMs),
        detail: `range ${range(page.lcpMs)}`,
      },
    );
  }
  const phone = results.phone;
  if (phone) {
    const { formPage, barePage, keptPage } = phone;
    checks.push({
      budget: `Form page on a throttled phone: usable, median of ${formPage.usableMs.length}`,
      limit: `≤ bare page + ${ms(BUDGETS.phoneUsableOverBarePageMs)}`,
      measured: ms(formPage.usableMedianMs),
      pass: atMost(
        formPage.usableMedianMs,
        barePage.usableMedianMs + BUDGETS.phoneUsableOverBarePageMs,
      ),
      detail:
        `bare page usable ${ms(barePage.usableMedianMs)}, kept libraries' page ` +
        `${ms(keptPage.usableMedianMs)}; the link's trade for its cookie ` +
        `${ms(formPage.redirectMedianMs)}; first byte: form ${ms(formPage.firstByteMedianMs)}, ` +
        `bare page ${ms(barePage.firstByteMedianMs)}; readable: form ` +
        `${ms(formPage.readableMedianMs)}, bare page ${ms(barePage.readableMedianMs)} ` +
        `(CPU ${phone.throttle.cpuRate}×, ${(phone.throttle.downBytesPerSecond * 8) / 1e6} Mbps, ` +
        `${phone.throttle.latencyMs} ms, 360 px)`,
    });
  }
  return checks;
}

function storeChecks(store: StoreResult): BudgetCheck[] {
  const added = store.onP50Ms - store.offP50Ms;
  const allStored = store.decisionsStored >= store.submits;
  const { sweep } = store;
  const allRead = sweep.read >= sweep.waiting;
  const label = `Sweep of ${count(sweep.waiting)} waiting at ${count(sweep.perMinute)}/min`;
  return [
    {
      budget: "Submit with DATABASE_URL: added p50",
      limit: `≤ ${BUDGETS.storeSubmitAddedP50Ms} ms`,
      measured: signedMs(added),
      pass: allStored && atMost(added, BUDGETS.storeSubmitAddedP50Ms),
      detail:
        `p50 store off ${ms(store.offP50Ms)}, on ${ms(store.onP50Ms)} (${store.database}); ` +
        `${count(store.submits)} submits each, in turn; ${count(store.decisionsStored)} decisions stored` +
        (allStored ? "" : "; DECISIONS MISSING"),
    },
    {
      budget: `${label}: all read within one sweep`,
      limit: `≤ ${BUDGETS.sweepIntervalSeconds} s`,
      measured: `${sweep.spanSeconds.toFixed(1)} s`,
      pass:
        allRead &&
        sweep.waiting >= BUDGETS.sweepWaiting &&
        atMost(sweep.spanSeconds, BUDGETS.sweepIntervalSeconds),
      detail:
        `${count(sweep.read)} of ${count(sweep.waiting)} read, first to last` +
        (sweep.waiting >= BUDGETS.sweepWaiting
          ? ""
          : `; FEWER THAN ${count(BUDGETS.sweepWaiting)}`),
    },
    {
      // Reads the upstream received by time t since the first: at most ⌊t ÷ (60 s / rate)⌋ + 1, and
      // one for the first read's own delay (a new connection).
      budget: `${label}: reads ahead of the rate`,
      limit: `≤ ${BUDGETS.sweepReadsAheadOfRate}`,
      measured: count(sweep.aheadOfRate),
      pass: allRead && atMost(sweep.aheadOfRate, BUDGETS.sweepReadsAheadOfRate),
      detail:
        `as the upstream received them; at most ${count(sweep.peakPerSecond)} in a second ` +
        `(the rate's ${(sweep.perMinute / 60).toFixed(1)})`,
    },
  ];
}

/** The checks as the table the bench prints (and the bench results show). */
export function budgetTable(checks: readonly BudgetCheck[]): string {
  return formatTable(
    ["Budget", "Limit", "Measured", "Result", "Detail"],
    checks.map((check) => [
      check.budget,
      check.limit,
      check.measured,
      check.pass ? "PASS" : "FAIL",
      check.detail,
    ]),
  );
}
