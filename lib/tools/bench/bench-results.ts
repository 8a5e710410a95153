// What one bench run measured. Every figure is taken through the app and, in the same run,
// against its references (docs/decisions/005-benchmark-method.md): the same embedded upstream
// reached directly; two floors, route handlers of the bench's own Next app: the framework floor
// (a fixed JSON with no upstream call: what Next alone costs per request) and the framework proxy
// floor (the same request passed upstream with fetch, no checks: the leanest proxy in Next); and a
// minimal Node proxy (node:http + undici, no checks) in front of the same upstream.

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
  /** GET (or POST, body read and dropped) of the floor app's fixed answer. */
  frameworkFloor: LoadRun;
  /** The same request as `direct`, through the floor app's proxy route. */
  proxyFloor: LoadRun;
  /** The same request as `direct`, through the minimal proxy. */
  minimalProxy: LoadRun;
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
  /** Runs through the minimal proxy, the proxy floor and the app, in turn; latencies and counts are over all. */
  rounds: number;
  app: StreamPath;
  minimalProxy: StreamPath;
  direct: StreamPath;
  appBaselineRssMb: number;
  appPeakRssMb: number;
  /** CPU the app used from every stream live to the last event, per event delivered, ms: the least round. */
  appCpuMsPerEvent: number;
  /** CPU the app used opening the streams (request, link check, snapshot), per stream, ms. */
  appCpuMsPerStreamOpened: number;
  /** The minimal proxy's CPU from every stream live to the last event, per event, ms. */
  minimalProxyCpuMsPerEvent: number;
  /** The same through the floor app's proxy route (Next passing the upstream's body as is). */
  proxyFloorCpuMsPerEvent: number;
};

export type UploadRun = { status: number; seconds: number; mbPerSecond: number };

/** The best of a few alternating runs each way: the machine's noise only ever slows a run. */
export type UploadMemoryResult = {
  bytes: number;
  runs: number;
  app: UploadRun;
  /** The framework floor reading the same body to its end and dropping it (answers 200). */
  frameworkFloor: UploadRun;
  /** The same upload as `direct`, through the floor app's proxy route. */
  proxyFloor: UploadRun;
  /** The same upload through the floor app's stream route: Next's least cost of passing it on. */
  streamFloor: UploadRun;
  minimalProxy: UploadRun;
  direct: UploadRun;
  appBaselineRssMb: number;
  appPeakRssMb: number;
  /** The minimal Node proxy's RSS over its runs: the least a streaming proxy holds. */
  minimalProxyRss: RssWindow;
  /** The floor app's RSS over its proxy route's runs: what Next's route handler holds. */
  proxyFloorRss: RssWindow;
};

/** A process's resident memory just before some runs, and its peak during them, MB. */
export type RssWindow = { baselineMb: number; peakMb: number };

/** The app at rest: right after start, and holding idle event streams open. */
export type MemoryResult = {
  /** VmRSS once the app has answered its first request and settled. */
  appIdleRssMb: number;
  /** Event streams held open through the app (each live, nothing sent on them). */
  idleStreams: number;
  rssBeforeStreamsMb: number;
  rssWithStreamsMb: number;
  /** (with − before) ÷ idleStreams. */
  mbPerStream: number;
};

export type PageResult = {
  path: string;
  firstLoadJsGzipBytes: number;
  /** First-load JS of the 404 page: Next, React and the root layout's providers, no product page. */
  floorJsGzipBytes: number;
  /** First-load JS of the floor app's bare page (one client button), in the same run. */
  barePageJsGzipBytes: number;
  scripts: { src: string; gzipBytes: number }[];
  usableMs: number[];
  lcpMs: number[];
  usableMedianMs: number;
  lcpMedianMs: number;
};

/** A knowledge request's p50 on an app counting its limits in memory and one using Redis. */
/** p50s of the same request to an app counting its limits in memory and one counting in Redis. */
export type RedisPair = { memoryP50Ms: number; redisP50Ms: number };
/** A knowledge request (the wrong-token throttle) and a 1 KB upload (its rate and its slot). */
export type RedisOverheadResult = { requests: number; knowledge: RedisPair; upload: RedisPair };

/** Throttled loads of one page: when it was readable and when a click was first answered, ms. */
export type PhoneLoads = {
  readableMs: number[];
  usableMs: number[];
  readableMedianMs: number;
  usableMedianMs: number;
  /** Before the page's own address was fetched (a redirect's round trip), ms. */
  redirectMedianMs: number;
  /** From the page's own fetch to its first byte: the server's render and a round trip, ms. */
  firstByteMedianMs: number;
};

/** The form page and the floor app's pages, each under the same phone throttling. */
export type ThrottledPageResult = {
  throttle: { cpuRate: number; downBytesPerSecond: number; latencyMs: number };
  formPage: PhoneLoads;
  barePage: PhoneLoads;
  /** The floor app's page of the libraries the form page keeps (react-hook-form, TanStack Query, zod). */
  keptPage: PhoneLoads;
};

/** One sweep of waiting requests, each re-read from the upstream, timed by the store. */
export type SweepResult = {
  waiting: number;
  /** REQUEST_REFRESH_PER_MINUTE: the upstream's rate the sweep must keep to. */
  perMinute: number;
  /** Requests read in the sweep. */
  read: number;
  /** From the first read to the last, s. */
  spanSeconds: number;
  /** The most reads the upstream received within any one second. */
  peakPerSecond: number;
  /**
   * The most reads the upstream had received, at any read, beyond what the rate allows since the
   * first: reads by time t may be at most ⌊t ÷ (60 s / perMinute)⌋ + 1.
   */
  aheadOfRate: number;
};

/** A submit through an app without a store and one with DATABASE_URL, asked in turn; a sweep. */
export type StoreResult = {
  database: "PostgreSQL" | "PGlite";
  submits: number;
  offP50Ms: number;
  onP50Ms: number;
  /** Decisions the store-on app wrote for the measured submits (all of them, or it did not work). */
  decisionsStored: number;
  sweep: SweepResult;
};

/** Sections left out with `--only` are absent. */
export type BenchResults = {
  store?: StoreResult;
  redis?: RedisOverheadResult;
  memory?: MemoryResult;
  proxy?: LoadComparison[];
  streams?: StreamRelayResult;
  upload?: UploadMemoryResult;
  page?: PageResult;
  phone?: ThrottledPageResult;
};
