import { describe, expect, it } from "vitest";
import type { BenchResults, LoadComparison, LoadRun, StreamPath } from "./bench-results";
import { BUDGETS, budgetTable, evaluateBudgets } from "./evaluate-budgets";

const load = (overrides: Partial<LoadRun> = {}): LoadRun => ({
  requests: 5000,
  requestsPerSecond: 1000,
  p50Ms: 1,
  p99Ms: 3,
  failures: 0,
  ...overrides,
});

const path = (overrides: Partial<StreamPath> = {}): StreamPath => ({
  p50Ms: 1,
  p99Ms: 4,
  maxMs: 9,
  expected: 25_000,
  received: 25_000,
  lost: 0,
  reordered: 0,
  ...overrides,
});

/**
 * One scenario at c=1 and c=50: the framework proxy floor at 1,000 req/s and p50 1 ms, the
 * framework floor and the minimal proxy faster, direct faster than all; the app's p50 and
 * throughput as given.
 */
const scenario = (name: string, appP50Ms: number, appRequestsPerSecond: number) =>
  [1, 50].map((concurrency): LoadComparison => ({
    scenario: name,
    concurrency,
    app: load({ p50Ms: appP50Ms, requestsPerSecond: appRequestsPerSecond }),
    proxyFloor: load({ p50Ms: 1 }),
    frameworkFloor: load({ p50Ms: 0.5, requestsPerSecond: 3000 }),
    minimalProxy: load({ p50Ms: 0.8, requestsPerSecond: 2000 }),
    direct: load({ p50Ms: 0.3, requestsPerSecond: 5000 }),
  }));

/** Every figure exactly at its limit. */
const passing: BenchResults = {
  redis: {
    requests: 1000,
    knowledge: { memoryP50Ms: 2, redisP50Ms: 3 },
    upload: { memoryP50Ms: 2.5, redisP50Ms: 3.5 },
  },
  store: {
    database: "PostgreSQL",
    submits: 300,
    offP50Ms: 3,
    onP50Ms: 5,
    decisionsStored: 300,
    sweep: {
      waiting: 1000,
      perMinute: 1000,
      read: 1000,
      spanSeconds: 60,
      peakPerSecond: 18,
      aheadOfRate: 1,
    },
  },
  memory: {
    appIdleRssMb: 150,
    idleStreams: 1000,
    rssBeforeStreamsMb: 150,
    rssWithStreamsMb: 650,
    mbPerStream: 0.5,
  },
  proxy: [...scenario("GET form", 2, 800), ...scenario("POST upload 1 KB", 2, 800)],
  streams: {
    streams: 500,
    rounds: 3,
    eventsPerStream: 50,
    intervalMs: 100,
    app: path({ p99Ms: 14 }),
    minimalProxy: path({ p99Ms: 5 }),
    direct: path(),
    appBaselineRssMb: 120,
    appPeakRssMb: 400,
    appCpuMsPerEvent: 0.05,
    appCpuMsPerStreamOpened: 2,
    minimalProxyCpuMsPerEvent: 0.025,
    proxyFloorCpuMsPerEvent: 0.04,
  },
  upload: {
    bytes: 200 * 1024 * 1024,
    runs: 3,
    app: { status: 201, seconds: 2, mbPerSecond: 90 },
    frameworkFloor: { status: 200, seconds: 1.9, mbPerSecond: 95 },
    proxyFloor: { status: 201, seconds: 2.1, mbPerSecond: 85 },
    streamFloor: { status: 201, seconds: 1.8, mbPerSecond: 100 },
    minimalProxy: { status: 201, seconds: 1.8, mbPerSecond: 100 },
    direct: { status: 201, seconds: 1.4, mbPerSecond: 140 },
    appBaselineRssMb: 150,
    appPeakRssMb: 182,
    minimalProxyRss: { baselineMb: 50, peakMb: 52 },
    proxyFloorRss: { baselineMb: 100, peakMb: 130 },
  },
  page: {
    path: "/form/x",
    firstLoadJsGzipBytes: 170_000,
    floorJsGzipBytes: 150_000,
    barePageJsGzipBytes: 120_000,
    scripts: [{ src: "/_next/static/chunks/a.js", gzipBytes: 170_000 }],
    usableMs: [300, 350, 900],
    lcpMs: [200, 400, 1200],
    usableMedianMs: 350,
    lcpMedianMs: 400,
  },
  phone: {
    throttle: { cpuRate: 4, downBytesPerSecond: 200_000, latencyMs: 150 },
    formPage: {
      readableMs: [1500],
      usableMs: [2800],
      readableMedianMs: 1500,
      usableMedianMs: 2800,
      redirectMedianMs: 160,
      firstByteMedianMs: 420,
    },
    barePage: {
      readableMs: [900],
      usableMs: [2000],
      readableMedianMs: 900,
      usableMedianMs: 2000,
      redirectMedianMs: 0,
      firstByteMedianMs: 310,
    },
    keptPage: {
      readableMs: [1000],
      usableMs: [2400],
      readableMedianMs: 1000,
      usableMedianMs: 2400,
      redirectMedianMs: 0,
      firstByteMedianMs: 310,
    },
  },
};

const STREAM = "Stream relay (500 × 50, 5,000 events/s)";
const SWEEP = "Sweep of 1,000 waiting at 1,000/min";

const withSweep = (change: Partial<NonNullable<BenchResults["store"]>["sweep"]>) => ({
  ...passing,
  store: { ...passing.store!, sweep: { ...passing.store!.sweep, ...change } },
});

const byBudget = (results: BenchResults) =>
  Object.fromEntries(evaluateBudgets(results).map((check) => [check.budget, check]));

const withProxy = (
  name: string,
  concurrency: number,
  change: (comparison: LoadComparison) => LoadComparison,
): BenchResults => ({
  ...passing,
  proxy: passing.proxy!.map((c) =>
    c.scenario === name && c.concurrency === concurrency ? change(c) : c,
  ),
});

// Each budget, and a result just past it (everything else at its limit).
const misses: [budget: string, results: BenchResults][] = [
  ["Idle app RSS after start", { ...passing, memory: { ...passing.memory!, appIdleRssMb: 150.1 } }],
  [
    "Memory per open stream (1,000 idle)",
    { ...passing, memory: { ...passing.memory!, rssWithStreamsMb: 651, mbPerStream: 0.501 } },
  ],
  ...(["GET form", "POST upload 1 KB"] as const).flatMap((name): [string, BenchResults][] => [
    [
      `${name}: added p50 over proxy floor, c=1`,
      withProxy(name, 1, (c) => ({ ...c, app: { ...c.app, p50Ms: 2.01 } })),
    ],
    [
      `${name}: throughput, c=50`,
      withProxy(name, 50, (c) => ({ ...c, app: { ...c.app, requestsPerSecond: 799 } })),
    ],
  ]),
  [
    "Knowledge request with REDIS_URL: added p50",
    { ...passing, redis: { ...passing.redis!, knowledge: { memoryP50Ms: 2, redisP50Ms: 3.01 } } },
  ],
  [
    "POST upload 1 KB with REDIS_URL: added p50",
    { ...passing, redis: { ...passing.redis!, upload: { memoryP50Ms: 2.5, redisP50Ms: 3.51 } } },
  ],
  [
    "Submit with DATABASE_URL: added p50",
    { ...passing, store: { ...passing.store!, onP50Ms: 5.01 } },
  ],
  [`${SWEEP}: all read within one sweep`, withSweep({ spanSeconds: 60.1 })],
  [`${SWEEP}: reads ahead of the rate`, withSweep({ aheadOfRate: 2 })],
  [
    `${STREAM}: added p99`,
    { ...passing, streams: { ...passing.streams!, app: path({ p99Ms: 14.01 }) } },
  ],
  [
    `${STREAM}: app CPU per event`,
    { ...passing, streams: { ...passing.streams!, appCpuMsPerEvent: 0.051 } },
  ],
  [
    `${STREAM}: app peak RSS`,
    { ...passing, streams: { ...passing.streams!, appPeakRssMb: 400.1 } },
  ],
  [
    `${STREAM}: events lost or reordered`,
    {
      ...passing,
      streams: { ...passing.streams!, app: path({ p99Ms: 14, received: 24_999, lost: 1 }) },
    },
  ],
  [
    "Upload 200 MB: app RSS growth",
    // 1.1× the proxy floor's 30 MB.
    { ...passing, upload: { ...passing.upload!, appPeakRssMb: 183.1 } },
  ],
  [
    "Upload 200 MB: throughput",
    {
      ...passing,
      upload: { ...passing.upload!, app: { status: 201, seconds: 2, mbPerSecond: 89.9 } },
    },
  ],
  [
    "Form page: first-load JS (gzip)",
    // 50 kB over the bare page of the same run.
    { ...passing, page: { ...passing.page!, firstLoadJsGzipBytes: 170_001 } },
  ],
  [
    "Form page: usable form, median of 3",
    { ...passing, page: { ...passing.page!, usableMedianMs: 350.01 } },
  ],
  ["Form page: LCP, median of 3", { ...passing, page: { ...passing.page!, lcpMedianMs: 400.01 } }],
  [
    // 0.8 s after the bare page under the same throttling.
    "Form page on a throttled phone: usable, median of 1",
    {
      ...passing,
      phone: {
        ...passing.phone!,
        formPage: { ...passing.phone!.formPage, usableMedianMs: 2800.01 },
      },
    },
  ],
];

describe("evaluateBudgets", () => {
  it("passes every figure exactly at its limit", () => {
    const checks = evaluateBudgets(passing);
    expect(checks.map((check) => check.budget)).toEqual([
      "Idle app RSS after start",
      "Memory per open stream (1,000 idle)",
      "GET form: added p50 over proxy floor, c=1",
      "GET form: throughput, c=50",
      "POST upload 1 KB: added p50 over proxy floor, c=1",
      "POST upload 1 KB: throughput, c=50",
      "Knowledge request with REDIS_URL: added p50",
      "POST upload 1 KB with REDIS_URL: added p50",
      "Submit with DATABASE_URL: added p50",
      `${SWEEP}: all read within one sweep`,
      `${SWEEP}: reads ahead of the rate`,
      `${STREAM}: added p99`,
      `${STREAM}: app CPU per event`,
      `${STREAM}: app peak RSS`,
      `${STREAM}: events lost or reordered`,
      "Upload 200 MB: app RSS growth",
      "Upload 200 MB: throughput",
      "Form page: first-load JS (gzip)",
      "Form page: usable form, median of 3",
      "Form page: LCP, median of 3",
      "Form page on a throttled phone: usable, median of 1",
    ]);
    expect(checks.filter((check) => !check.pass)).toEqual([]);
    const checked = byBudget(passing);
    expect(checked["GET form: added p50 over proxy floor, c=1"]?.measured).toBe("+1.00 ms");
    expect(checked["GET form: throughput, c=50"]?.measured).toBe("80%");
    expect(checked["Upload 200 MB: throughput"]?.measured).toBe("90%");
    expect(checked[`${STREAM}: app CPU per event`]?.measured).toBe("2.00×");
  });

  it("fails the store's rows when the figures do not stand for what they measure", () => {
    const failed = (results: BenchResults) =>
      evaluateBudgets(results)
        .filter((check) => !check.pass)
        .map((check) => check.budget);
    // A fast store-on submit that kept no decision measured nothing.
    expect(failed({ ...passing, store: { ...passing.store!, decisionsStored: 299 } })).toEqual([
      "Submit with DATABASE_URL: added p50",
    ]);
    // A sweep that read some of them did not refresh them all, however fast.
    expect(failed(withSweep({ read: 999, spanSeconds: 10, aheadOfRate: 0 }))).toEqual([
      `${SWEEP}: all read within one sweep`,
      `${SWEEP}: reads ahead of the rate`,
    ]);
    // Fewer than the 1,000 do not count.
    expect(
      failed({
        ...passing,
        store: {
          ...passing.store!,
          sweep: {
            waiting: 10,
            perMinute: 10,
            read: 10,
            spanSeconds: 54,
            peakPerSecond: 1,
            aheadOfRate: 0,
          },
        },
      }),
    ).toEqual(["Sweep of 10 waiting at 10/min: all read within one sweep"]);
    expect(byBudget(passing)["Submit with DATABASE_URL: added p50"]?.measured).toBe("+2.00 ms");
  });

  it("counts the form page's first-load JS from the bare page of the same run", () => {
    const js = (form: number, bare: number) =>
      evaluateBudgets({
        ...passing,
        page: { ...passing.page!, firstLoadJsGzipBytes: form, barePageJsGzipBytes: bare },
      }).find((check) => check.budget === "Form page: first-load JS (gzip)")?.pass;
    expect(js(200_000, 150_000)).toBe(true);
    expect(js(200_001, 150_000)).toBe(false);
  });

  it("states the issue's budgets", () => {
    expect(BUDGETS).toMatchObject({
      storeSubmitAddedP50Ms: 2,
      sweepWaiting: 1_000,
      sweepIntervalSeconds: 60,
      sweepReadsAheadOfRate: 1,
      proxyAddedP50Ms: 1,
      proxyThroughputRatio: 0.8,
      uploadThroughputRatio: 0.9,
      uploadRssGrowthOverProxyFloor: 1.1,
      streamCpuRatio: 2,
      streamAddedP99Ms: 10,
      idleStreamMb: 0.5,
      idleRssMb: 150,
      firstLoadJsOverBarePageBytes: 50_000,
      usableMs: 350,
      lcpMs: 400,
      phoneUsableOverBarePageMs: 800,
    });
  });

  it("covers every budget with a miss below", () => {
    expect(misses.map(([budget]) => budget).sort()).toEqual(
      evaluateBudgets(passing)
        .map((check) => check.budget)
        .sort(),
    );
  });

  it.each(misses)("fails %s just past its limit, and nothing else", (budget, results) => {
    const failed = evaluateBudgets(results).filter((check) => !check.pass);
    expect(failed.map((check) => check.budget)).toEqual([budget]);
    expect(budgetTable(failed)).toContain("| FAIL ");
  });

  it("reads requests against the framework proxy floor, not the other paths", () => {
    // Far behind direct, the framework floor and the minimal proxy, yet within budget of the
    // proxy floor: the others do not decide.
    const checks = byBudget(
      withProxy("GET form", 50, (c) => ({
        ...c,
        direct: { ...c.direct, requestsPerSecond: 1e6 },
        frameworkFloor: { ...c.frameworkFloor, requestsPerSecond: 1e6 },
        minimalProxy: { ...c.minimalProxy, requestsPerSecond: 1e6 },
      })),
    );
    expect(checks["GET form: throughput, c=50"]?.pass).toBe(true);
    const slowerFloor = byBudget(
      withProxy("GET form", 1, (c) => ({
        ...c,
        app: { ...c.app, p50Ms: 5 },
        proxyFloor: { ...c.proxyFloor, p50Ms: 4 },
      })),
    );
    expect(slowerFloor["GET form: added p50 over proxy floor, c=1"]?.pass).toBe(true);
  });

  it("reads the relay's CPU per event against the minimal proxy's", () => {
    const cpu = (app: number, proxy: number) =>
      byBudget({
        streams: { ...passing.streams!, appCpuMsPerEvent: app, minimalProxyCpuMsPerEvent: proxy },
      })[`${STREAM}: app CPU per event`]?.pass;
    expect(cpu(0.2, 0.1)).toBe(true);
    expect(cpu(0.2, 0.099)).toBe(false);
  });

  it("shows app, floors and direct side by side in every load row", () => {
    for (const check of evaluateBudgets({ proxy: passing.proxy })) {
      expect(check.detail).toContain(
        "app / proxy floor / floor / node proxy / direct: 800 / 1,000 / 3,000 / 2,000 / 5,000 req/s",
      );
    }
    expect(byBudget(passing)["Upload 200 MB: throughput"]?.detail).toContain(
      "app / proxy / direct: 90 MB/s (2.00 s) / 100 MB/s (1.80 s) / 140 MB/s (1.40 s)",
    );
  });

  it("fails a fast run that had failed requests, refused uploads or lost events", () => {
    const checks = byBudget({
      proxy: withProxy("POST upload 1 KB", 1, (c) => ({
        ...c,
        proxyFloor: { ...c.proxyFloor, failures: 2 },
        app: { ...c.app, failures: 3 },
      })).proxy,
      upload: {
        ...passing.upload!,
        minimalProxy: { status: 413, seconds: 0.1, mbPerSecond: 2000 },
      },
    });
    expect(checks["POST upload 1 KB: added p50 over proxy floor, c=1"]).toMatchObject({
      pass: false,
    });
    expect(checks["POST upload 1 KB: added p50 over proxy floor, c=1"]?.detail).toContain(
      "FAILED REQUESTS app 3, proxy floor 2",
    );
    expect(checks["Upload 200 MB: throughput"]?.pass).toBe(false);
    expect(checks["Upload 200 MB: throughput"]?.detail).toContain("REFUSED: proxy 413");
  });

  it("never passes a figure that could not be measured", () => {
    const checks = byBudget({
      memory: { ...passing.memory!, idleStreams: 0, mbPerStream: Number.NaN },
      page: { ...passing.page!, usableMs: [], usableMedianMs: Number.NaN },
    });
    expect(checks["Form page: usable form, median of 0"]?.pass).toBe(false);
    expect(checks["Memory per open stream (0 idle)"]?.pass).toBe(false);
  });

  it("yields no checks for sections not measured", () => {
    expect(evaluateBudgets({})).toEqual([]);
  });
});

describe("budgetTable", () => {
  it("prints one row per check with PASS or FAIL", () => {
    const table = budgetTable(evaluateBudgets({ page: passing.page }));
    const lines = table.split("\n");
    expect(lines[0]).toMatch(/^\| Budget +\| Limit +\| Measured +\| Result \| Detail +\|$/);
    expect(lines).toHaveLength(2 + 3);
    expect(lines[2]).toContain("| PASS ");
    expect(lines[4]).toContain("Form page: LCP, median of 3");
  });
});
