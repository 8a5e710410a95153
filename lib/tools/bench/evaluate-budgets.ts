import type { BenchResults, LoadComparison } from "./bench-results";
import { formatTable } from "./format-table";

// The budgets of issue 9. They are stated once, here; the README quotes them.
export const BUDGETS = {
  /** Added p50 latency through the app at concurrency 1, ms. */
  proxyAddedP50Ms: 2,
  /** App throughput as a share of direct at concurrency 50. */
  proxyThroughputRatio: 0.6,
  /** Added p99 per-event latency with 500 streams, ms. */
  streamAddedP99Ms: 10,
  /** The app's peak resident memory with 500 streams open, MB. */
  streamPeakRssMb: 400,
  /** The app's resident memory growth during one 200 MB upload, MB. */
  uploadRssGrowthMb: 64,
  /** Upload throughput through the app as a share of direct. */
  uploadThroughputRatio: 0.7,
  /** First-load JavaScript of /form/[token], gzip bytes (kB = 1,000 bytes, as `next build` counts). */
  firstLoadJsGzipBytes: 150_000,
  /** Median time to a usable form (first field focusable), ms. */
  usableMs: 800,
  /** Median Largest Contentful Paint, ms. */
  lcpMs: 1000,
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

/** A measurement passes only when it is a number within its limit (NaN never passes). */
const atMost = (value: number, limit: number) => value <= limit;
const atLeast = (value: number, limit: number) => value >= limit;

function failuresNote(comparison: LoadComparison): { ok: boolean; note: string } {
  const failures = comparison.app.failures + comparison.direct.failures;
  return failures === 0
    ? { ok: true, note: "" }
    : {
        ok: false,
        note: `; FAILED REQUESTS app ${comparison.app.failures}, direct ${comparison.direct.failures}`,
      };
}

function proxyChecks(comparison: LoadComparison): BudgetCheck[] {
  const { app, direct, scenario, concurrency } = comparison;
  const addedP50 = app.p50Ms - direct.p50Ms;
  const addedP99 = app.p99Ms - direct.p99Ms;
  const ratio = app.requestsPerSecond / direct.requestsPerSecond;
  const failures = failuresNote(comparison);
  const figures =
    `app ${count(app.requestsPerSecond)} / direct ${count(direct.requestsPerSecond)} req/s; ` +
    `p50 ${ms(app.p50Ms)} / ${ms(direct.p50Ms)}; p99 ${ms(app.p99Ms)} / ${ms(direct.p99Ms)}`;
  if (concurrency === 1) {
    return [
      {
        budget: `${scenario}: added p50, c=1`,
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
      limit: `≥ ${percent(BUDGETS.proxyThroughputRatio)} of direct`,
      measured: percent(ratio),
      pass: failures.ok && atLeast(ratio, BUDGETS.proxyThroughputRatio),
      detail: `${figures}; added p50 ${signedMs(addedP50)}, p99 ${signedMs(addedP99)}${failures.note}`,
    },
  ];
}

/** Every budget the results speak to, PASS or FAIL; sections not measured yield no checks. */
export function evaluateBudgets(results: BenchResults): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const comparison of results.proxy ?? []) checks.push(...proxyChecks(comparison));

  const streams = results.streams;
  if (streams) {
    const { app, direct } = streams;
    const addedP99 = app.p99Ms - direct.p99Ms;
    const label = `Stream relay (${streams.streams} × ${streams.eventsPerStream})`;
    checks.push(
      {
        budget: `${label}: added p99`,
        limit: `≤ ${BUDGETS.streamAddedP99Ms} ms`,
        measured: signedMs(addedP99),
        pass: atMost(addedP99, BUDGETS.streamAddedP99Ms),
        detail:
          `app p50 ${ms(app.p50Ms)} / p99 ${ms(app.p99Ms)}; direct p50 ${ms(direct.p50Ms)} / ` +
          `p99 ${ms(direct.p99Ms)}; added p50 ${signedMs(app.p50Ms - direct.p50Ms)}`,
      },
      {
        budget: `${label}: app peak RSS`,
        limit: `≤ ${BUDGETS.streamPeakRssMb} MB`,
        measured: mb(streams.appPeakRssMb),
        pass: atMost(streams.appPeakRssMb, BUDGETS.streamPeakRssMb),
        detail:
          `before the streams ${mb(streams.appBaselineRssMb)}; app CPU ` +
          `${(streams.appCpuMsPerEvent * 1000).toFixed(0)} µs per event`,
      },
      {
        budget: `${label}: events lost or reordered`,
        limit: "0",
        measured: count(app.lost + app.reordered),
        pass: app.lost + app.reordered === 0 && app.received === app.expected,
        detail:
          `app received ${count(app.received)} of ${count(app.expected)} ` +
          `(lost ${app.lost}, reordered ${app.reordered}); direct received ${count(direct.received)}`,
      },
    );
  }

  const upload = results.upload;
  if (upload) {
    const growth = upload.appPeakRssMb - upload.appBaselineRssMb;
    const ratio = upload.app.mbPerSecond / upload.direct.mbPerSecond;
    const accepted = upload.app.status === 201 && upload.direct.status === 201;
    const statusNote = accepted
      ? ""
      : `; REFUSED: app ${upload.app.status}, direct ${upload.direct.status}`;
    const size = `${Math.round(upload.bytes / 1024 / 1024)} MB`;
    checks.push(
      {
        budget: `Upload ${size}: app RSS growth`,
        limit: `≤ ${BUDGETS.uploadRssGrowthMb} MB`,
        measured: mb(growth),
        pass: accepted && atMost(growth, BUDGETS.uploadRssGrowthMb),
        detail: `${mb(upload.appBaselineRssMb)} → peak ${mb(upload.appPeakRssMb)}${statusNote}`,
      },
      {
        budget: `Upload ${size}: throughput`,
        limit: `≥ ${percent(BUDGETS.uploadThroughputRatio)} of direct`,
        measured: percent(ratio),
        pass: accepted && atLeast(ratio, BUDGETS.uploadThroughputRatio),
        detail:
          `best of ${upload.runs}: app ${upload.app.mbPerSecond.toFixed(0)} MB/s (${upload.app.seconds.toFixed(2)} s) / ` +
          `direct ${upload.direct.mbPerSecond.toFixed(0)} MB/s (${upload.direct.seconds.toFixed(2)} s)${statusNote}`,
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
        limit: `≤ ${kb(BUDGETS.firstLoadJsGzipBytes)}`,
        measured: kb(page.firstLoadJsGzipBytes),
        pass: atMost(page.firstLoadJsGzipBytes, BUDGETS.firstLoadJsGzipBytes),
        detail: `${page.scripts.length} scripts`,
      },
      {
        budget: `Form page: usable form, median of ${loads}`,
        limit: `≤ ${BUDGETS.usableMs} ms`,
        measured: ms(page.usableMedianMs),
        pass: atMost(page.usableMedianMs, BUDGETS.usableMs),
        detail: `range ${range(page.usableMs)}`,
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
  return checks;
}

/** The checks as the table the bench prints (and the README shows). */
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
