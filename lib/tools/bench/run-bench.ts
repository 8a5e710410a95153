import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchResults } from "./bench-results";
import { createDemoForm } from "./create-demo-form";
import { budgetTable, evaluateBudgets, type BudgetCheck } from "./evaluate-budgets";
import { measureIdleMemory } from "./measure-idle-memory";
import { measurePage } from "./measure-page";
import { measureThrottledPage } from "./measure-throttled-page";
import { measureRedisOverhead } from "./measure-redis-overhead";
import { measureProxyOverhead } from "./measure-proxy-overhead";
import { measureStore } from "./measure-store";
import { measureStreamRelay } from "./measure-stream-relay";
import { measureUploadMemory } from "./measure-upload-memory";
import { startBenchStack } from "./start-bench-stack";

// In the order they run: `memory` first, so its idle figure is the app as started.
export const SECTIONS = ["memory", "proxy", "upload", "streams", "page", "redis", "store"] as const;
export type Section = (typeof SECTIONS)[number];

export type BenchOptions = {
  build: boolean;
  only: readonly Section[];
  /** Requests per load run (the 5,000); lower only to try the bench out. */
  requests: number;
  streams: number;
  /** Time between two events of one stream; see docs/decisions/005-benchmark-method.md. */
  intervalMs: number;
  /** Idle event streams held open to weigh one (the 1,000). */
  idleStreams: number;
  /** Size of the large upload, bytes (the 200 MB). */
  uploadBytes: number;
  /** Cold loads of the form page (the median of 10). */
  pageLoads: number;
  /** Submits to each app of the store section. */
  submits: number;
  /** Waiting requests the store section's sweep reads (the 1,000). */
  waiting: number;
  outFile: string;
};

export type BenchReport = {
  startedAt: string;
  seconds: number;
  machine: {
    cpus: number;
    loadAverage: number[];
    node: string;
    platform: string;
    /** Which CPUs the measured servers and the rest ran on, or why nothing was pinned. */
    pinning: string;
  };
  results: BenchResults;
  checks: BudgetCheck[];
  pass: boolean;
  /** Log lines the app wrote during the run: one per API request is expected. */
  appLogLines: number;
};

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Starts the stack, measures the chosen sections, prints the table and writes the JSON. */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const startedAt = new Date();
  const started = performance.now();
  const loadAverage = os.loadavg();
  const stack = await startBenchStack({ build: options.build, log });
  const results: BenchResults = {};
  try {
    const form = await createDemoForm(stack, "bench-user@example.com");
    stack.placeLoadGenerator("rest");
    if (options.only.includes("memory")) {
      log(`Idle memory (${options.idleStreams} idle streams)…`);
      results.memory = await measureIdleMemory(stack, { streams: options.idleStreams, log });
    }
    if (options.only.includes("proxy")) {
      log(`Proxy overhead (${options.requests} requests per run)…`);
      results.proxy = await measureProxyOverhead(stack, form, {
        requests: options.requests,
        concurrencies: [1, 50],
        log,
      });
    }
    if (options.only.includes("upload")) {
      log(`Upload of ${Math.round(options.uploadBytes / 1024 / 1024)} MB (3 runs each way)…`);
      results.upload = await measureUploadMemory(stack, form, {
        bytes: options.uploadBytes,
        runs: 3,
        log,
      });
    }
    if (options.only.includes("streams")) {
      log(
        `Stream relay (${options.streams} streams × 50 events, one per ${options.intervalMs} ms)…`,
      );
      results.streams = await measureStreamRelay(stack, {
        streams: options.streams,
        events: 50,
        intervalMs: options.intervalMs,
        rounds: 3,
        log,
      });
    }
    if (options.only.includes("redis")) {
      log("A knowledge request and an upload with REDIS_URL over memory (Redis on loopback)…");
      results.redis = await measureRedisOverhead(stack, form, { requests: 1000, log });
    }
    if (options.only.includes("store")) {
      log("A submit with DATABASE_URL and without, and one sweep of waiting requests…");
      results.store = await measureStore(stack, {
        submits: options.submits,
        waiting: options.waiting,
        log,
      });
    }
    if (options.only.includes("page")) {
      log("Form page in Chromium…");
      stack.placeLoadGenerator("all");
      results.page = await measurePage(stack, form, { loads: options.pageLoads, log });
      log("Form page and the bare page on a throttled phone…");
      results.phone = await measureThrottledPage(stack, form, { loads: 5, log });
    }
  } finally {
    await stack.close();
  }

  const checks = evaluateBudgets(results);
  const report: BenchReport = {
    startedAt: startedAt.toISOString(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    machine: {
      cpus: os.cpus().length,
      loadAverage: loadAverage.map((value) => Math.round(value * 100) / 100),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      pinning:
        "measured" in stack.cpus
          ? `app and minimal proxy on CPU ${stack.cpus.measured}; upstream, load generator on ${stack.cpus.rest}`
          : stack.cpus.reason,
    },
    results,
    checks,
    pass: checks.every((check) => check.pass),
    appLogLines: stack.appLogLines(),
  };
  mkdirSync(path.dirname(options.outFile), { recursive: true });
  writeFileSync(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\n${budgetTable(checks)}\n\n`);
  log(
    `${checks.filter((c) => c.pass).length}/${checks.length} budgets met in ${report.seconds} s ` +
      `(load average at start ${report.machine.loadAverage.join(", ")} on ${report.machine.cpus} CPUs; ` +
      `${report.machine.pinning}); ` +
      `written to ${path.relative(process.cwd(), options.outFile)}`,
  );
  return report;
}
