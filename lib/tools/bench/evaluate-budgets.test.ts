import { describe, expect, it } from "vitest";
import type { BenchResults, LoadComparison, LoadRun, StreamPath } from "./bench-results";
import { budgetTable, evaluateBudgets } from "./evaluate-budgets";

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

/** GET form at c=1 and c=50 against a direct run of p50 1 ms and 1,000 req/s. */
const getForm = (appP50Ms: number, appRequestsPerSecond: number): LoadComparison[] => [
  { scenario: "GET form", concurrency: 1, app: load({ p50Ms: appP50Ms }), direct: load() },
  {
    scenario: "GET form",
    concurrency: 50,
    app: load({ requestsPerSecond: appRequestsPerSecond }),
    direct: load(),
  },
];

const passing: BenchResults = {
  proxy: getForm(3, 600),
  streams: {
    streams: 500,
    eventsPerStream: 50,
    intervalMs: 20,
    app: path({ p99Ms: 14 }),
    direct: path(),
    appBaselineRssMb: 120,
    appPeakRssMb: 400,
    appCpuMsPerEvent: 0.1,
  },
  upload: {
    bytes: 200 * 1024 * 1024,
    runs: 3,
    app: { status: 201, seconds: 2, mbPerSecond: 70 },
    direct: { status: 201, seconds: 1.4, mbPerSecond: 100 },
    appBaselineRssMb: 150,
    appPeakRssMb: 214,
  },
  page: {
    path: "/form/x",
    firstLoadJsGzipBytes: 150_000,
    scripts: [{ src: "/_next/static/chunks/a.js", gzipBytes: 150_000 }],
    usableMs: [500, 800, 900],
    lcpMs: [400, 1000, 1200],
    usableMedianMs: 800,
    lcpMedianMs: 1000,
  },
};

const byBudget = (results: BenchResults) =>
  Object.fromEntries(evaluateBudgets(results).map((check) => [check.budget, check]));

describe("evaluateBudgets", () => {
  it("passes every figure exactly at its limit", () => {
    const checks = evaluateBudgets(passing);
    expect(checks.map((check) => check.budget)).toEqual([
      "GET form: added p50, c=1",
      "GET form: throughput, c=50",
      "Stream relay (500 × 50): added p99",
      "Stream relay (500 × 50): app peak RSS",
      "Stream relay (500 × 50): events lost or reordered",
      "Upload 200 MB: app RSS growth",
      "Upload 200 MB: throughput",
      "Form page: first-load JS (gzip)",
      "Form page: usable form, median of 3",
      "Form page: LCP, median of 3",
    ]);
    expect(checks.filter((check) => !check.pass)).toEqual([]);
    expect(byBudget(passing)["GET form: added p50, c=1"]?.measured).toBe("+2.00 ms");
    expect(byBudget(passing)["GET form: throughput, c=50"]?.measured).toBe("60%");
  });

  it("fails a figure just past its limit", () => {
    const checks = byBudget({
      ...passing,
      proxy: getForm(3.01, 599),
      upload: { ...passing.upload!, appPeakRssMb: 214.1 },
    });
    expect(checks["GET form: added p50, c=1"]?.pass).toBe(false);
    expect(checks["GET form: throughput, c=50"]?.pass).toBe(false);
    expect(checks["Upload 200 MB: app RSS growth"]?.pass).toBe(false);
    expect(checks["Upload 200 MB: throughput"]?.pass).toBe(true);
  });

  it("fails a fast run that had failed requests, refused uploads or lost events", () => {
    const checks = byBudget({
      proxy: [
        {
          scenario: "POST upload 1 KB",
          concurrency: 1,
          app: load({ failures: 3 }),
          direct: load(),
        },
      ],
      streams: { ...passing.streams!, app: path({ received: 24_999, lost: 1 }) },
      upload: { ...passing.upload!, app: { status: 413, seconds: 0.1, mbPerSecond: 2000 } },
    });
    expect(checks["POST upload 1 KB: added p50, c=1"]).toMatchObject({ pass: false });
    expect(checks["POST upload 1 KB: added p50, c=1"]?.detail).toContain("FAILED REQUESTS app 3");
    expect(checks["Stream relay (500 × 50): events lost or reordered"]).toMatchObject({
      pass: false,
      measured: "1",
    });
    expect(checks["Upload 200 MB: throughput"]?.pass).toBe(false);
  });

  it("never passes a figure that could not be measured", () => {
    const checks = byBudget({
      page: { ...passing.page!, usableMs: [], usableMedianMs: Number.NaN },
    });
    expect(checks["Form page: usable form, median of 0"]?.pass).toBe(false);
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
