import "server-only";
import { getEnv } from "@/lib/server/env";

// Every named limit of the server in one place: sizes, counts and times, whether an operator may
// set them (env, read once) or they are fixed here. A module that needs a bound reads it here,
// so "how much / how long does this server allow" has one answer.

export type Limits = {
  /** Largest JSON request body a route reads (MAX_JSON_BODY_BYTES). */
  jsonBodyBytes: number;
  /** A JSON body's longest silence and longest time in all (JSON_BODY_[IDLE_]TIMEOUT_MS). */
  jsonBodyIdleTimeoutMs: number;
  jsonBodyTimeoutMs: number;
  /** How long an upload body may send nothing before it is cut off (UPLOAD_IDLE_TIMEOUT_MS). */
  uploadIdleTimeoutMs: number;
  /** What an upload body may hold besides the file: part headers, small fields, boundaries. */
  uploadBodyAllowanceBytes: number;
  /** Non-file parts of an upload (the browser sends none): how many, how large, parts in all. */
  uploadMaxFields: number;
  uploadMaxFieldBytes: number;
  uploadMaxParts: number;
  /** Open event streams per link (token and user) and per process. */
  streamsPerLink: number;
  openStreams: number;
  /** Launch streams and next-link reads per visitor; every kind of stream per client address. */
  streamsPerVisitor: number;
  streamsPerAddress: number;
  /** Requests per client address in `rateWindowSeconds` (one replica's count; decision 031). */
  rateWindowSeconds: number;
  launchRate: number;
  uploadRate: number;
  nextLinkRate: number;
  /** A shared (Redis) stream or upload slot lives this long unless its holder renews it. */
  sharedSlotLeaseMs: number;
  /** Uploads in flight at once per link, or per launcher visitor. */
  uploadsPerLink: number;
  /** Upstream connections of the JSON pool and of the launcher's own pool (its streams). */
  upstreamJsonConnections: number;
  upstreamLaunchConnections: number;
  /** How soon a browser refused an event stream (429) may try again. */
  streamRetryAfterSeconds: number;
  /** Upstream timeouts (DIFY_*_TIMEOUT_MS) and the silence after which a stream counts as lost. */
  upstreamConnectTimeoutMs: number;
  upstreamResponseTimeoutMs: number;
  streamIdleTimeoutMs: number;
  /** How long the app's parameters (upload limits) are reused before asking the upstream again. */
  appParametersTtlMs: number;
  /** Finding the next form of a run: read its events until this quiet, at most this long. */
  nextLinkQuietMs: number;
  nextLinkReadTimeoutMs: number;
  /** In-flight requests' time to finish after SIGTERM; how soon ended streams reconnect. */
  shutdownGraceMs: number;
  shutdownRetryMs: number;
  /** An upload file up to this size is sent upstream as one buffer, a larger one streamed. */
  uploadSmallFileBytes: number;
  /** A relayed stream sends a keep-alive after this long without a byte. */
  relayKeepAliveMs: number;
  /** The largest one event a relay transform reads, in characters (past it the stream ends). */
  relayMaxEventChars: number;
  /** Readiness: the upstream's time to answer, how long a success holds, when a failure is retried. */
  readinessTimeoutMs: number;
  readinessFreshMs: number;
  readinessRetryMs: number;
  /** How long the launcher's link to the form its run pauses at stays valid. */
  launcherLinkTtlSeconds: number;
  /** A refused metadata update: up to this many documents are looked up to name the unknown one. */
  metadataNamingDocumentChecks: number;
  /** Wrong bearer tokens one client address may present per window, then 429 until it ends. */
  authFailuresPerAddress: number;
  authFailureWindowSeconds: number;
  /** The base list with KNOWLEDGE_DATASET_IDS reads this many bases from the upstream at once. */
  allowedDatasetReadsAtOnce: number;
  /** The longest link query traded for a cookie (browsers keep 4,096 bytes per cookie). */
  linkCookieMaxChars: number;
};

let cached: Limits | undefined;

/** The server's limits; the environment is read (and validated) on first use only. */
export function getLimits(): Limits {
  if (cached) return cached;
  const env = getEnv();
  cached = {
    jsonBodyBytes: env.maxJsonBodyBytes,
    jsonBodyIdleTimeoutMs: env.jsonBodyIdleTimeoutMs,
    jsonBodyTimeoutMs: env.jsonBodyTimeoutMs,
    uploadIdleTimeoutMs: env.uploadIdleTimeoutMs,
    uploadBodyAllowanceBytes: 256 * 1024,
    uploadMaxFields: 8,
    uploadMaxFieldBytes: 8 * 1024,
    uploadMaxParts: 10,
    streamsPerLink: env.maxStreamsPerLink,
    openStreams: env.maxOpenStreams,
    streamsPerVisitor: env.maxStreamsPerVisitor,
    streamsPerAddress: env.maxStreamsPerAddress,
    rateWindowSeconds: 60,
    launchRate: env.launchRatePerMinute,
    uploadRate: env.uploadRatePerMinute,
    nextLinkRate: env.nextLinkRatePerMinute,
    uploadsPerLink: env.maxUploadsPerLink,
    // Renewed every third of it, so a copy that dies frees its slots within this long.
    sharedSlotLeaseMs: 10_000,
    upstreamJsonConnections: env.jsonConnections,
    upstreamLaunchConnections: env.launchConnections,
    // The browser's own backoff is shorter, so it mostly waits for its other streams to close.
    streamRetryAfterSeconds: 5,
    upstreamConnectTimeoutMs: env.connectTimeoutMs,
    upstreamResponseTimeoutMs: env.responseTimeoutMs,
    streamIdleTimeoutMs: env.streamIdleTimeoutMs,
    appParametersTtlMs: 60_000,
    nextLinkQuietMs: 300,
    nextLinkReadTimeoutMs: 8_000,
    shutdownGraceMs: env.shutdownGraceMs,
    shutdownRetryMs: 1_000,
    uploadSmallFileBytes: 64 * 1024,
    // Proxies on the way commonly cut a connection silent for 30 to 60 s.
    relayKeepAliveMs: 15_000,
    relayMaxEventChars: 8 * 1024 * 1024,
    readinessTimeoutMs: 1_000,
    readinessFreshMs: 10_000,
    readinessRetryMs: 1_000,
    // Never past MAX_LINK_TTL, or the launcher would mint links the app refuses.
    launcherLinkTtlSeconds: Math.min(24 * 60 * 60, env.maxLinkTtlSeconds),
    linkCookieMaxChars: 3_800,
    metadataNamingDocumentChecks: 20,
    authFailuresPerAddress: env.authFailuresPerAddress,
    authFailureWindowSeconds: env.authFailureWindowSeconds,
    allowedDatasetReadsAtOnce: 4,
  };
  return cached;
}
