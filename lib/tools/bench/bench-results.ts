// What one bench run measured. Every figure is taken through the app and against the same
// embedded upstream reached directly, in the same run, so budgets compare like with like.

/** One load run of autocannon against one target. */
export type LoadRun = {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers. */
  failures: number;
};

export type LoadComparison = {
  scenario: string;
  concurrency: number;
  app: LoadRun;
  direct: LoadRun;
};

/** Per-event latency from the upstream's send to the client's receive, over all streams. */
export type StreamPath = {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  expected: number;
  received: number;
  /** Events that never arrived, and events that arrived after a later one of their stream. */
  lost: number;
  reordered: number;
};

export type StreamRelayResult = {
  streams: number;
  eventsPerStream: number;
  intervalMs: number;
  app: StreamPath;
  direct: StreamPath;
  appBaselineRssMb: number;
  appPeakRssMb: number;
  /** CPU the app used while relaying, per event delivered (stream set-up included), ms. */
  appCpuMsPerEvent: number;
};

export type UploadRun = { status: number; seconds: number; mbPerSecond: number };

/** The best of a few alternating runs each way: the machine's noise only ever slows a run. */
export type UploadMemoryResult = {
  bytes: number;
  runs: number;
  app: UploadRun;
  direct: UploadRun;
  appBaselineRssMb: number;
  appPeakRssMb: number;
};

export type PageResult = {
  path: string;
  firstLoadJsGzipBytes: number;
  scripts: { src: string; gzipBytes: number }[];
  usableMs: number[];
  lcpMs: number[];
  usableMedianMs: number;
  lcpMedianMs: number;
};

/** Sections left out with `--only` are absent. */
export type BenchResults = {
  proxy?: LoadComparison[];
  streams?: StreamRelayResult;
  upload?: UploadMemoryResult;
  page?: PageResult;
};
