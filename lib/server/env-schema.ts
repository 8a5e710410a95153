import { z } from "zod";
import { EnvError } from "@/lib/errors/env-error";
import { datasetIdSchema } from "@/lib/ids/path-ids";
import { MIN_BEARER_TOKEN_LENGTH, parsePortalTokens } from "@/lib/server/auth/parse-portal-tokens";
import { MIN_TAKEOVER_SECONDS } from "@/lib/server/jobs/queue-timing";

/** A secret published for demos says so; it must never sign links for a server off this host. */
const DEMO_SECRET_MARK = "not-for-production";
const MIN_LINK_SECRET_LENGTH = 32;
/** The base list reads each of KNOWLEDGE_DATASET_IDS. */
const MAX_KNOWLEDGE_DATASET_IDS = 50;
/** 400 days: browsers (Chrome) keep no cookie longer, so a link cookie could not outlive it. */
const MAX_LINK_TTL_CEILING = 400 * 24 * 60 * 60;
const MAX_REMINDERS = 5;

const flag = z
  .enum(["true", "false", ""])
  .optional()
  .transform((value) => value === "true");

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const secret = (min: number) =>
  optionalString.refine((value) => value === undefined || value.length >= min, {
    message: `must be at least ${min} characters (e.g. openssl rand -hex 32)`,
  });

const origin = z.url().refine((value) => new URL(value).origin === value, {
  message: "must be an origin such as https://portal.example.com (no path, no trailing slash)",
});

const listOf = (entry: z.ZodType<string, string>, separator = /\s+/) =>
  optionalString
    .transform((value) => (value ?? "").split(separator).filter(Boolean))
    .pipe(z.array(entry));

/** One of `values`; unset or empty is `fallback`. */
const oneOf = <const T extends readonly string[]>(values: T, fallback: T[number]) =>
  z
    .enum([...values, ""])
    .optional()
    .transform((value): T[number] => value || fallback);

/** An origin, or an origin and a path prefix ending in `/`: both valid CSP sources as written. */
const imageSource = z.url({ protocol: /^https?$/ }).transform((value, ctx) => {
  const url = new URL(value);
  if (value === url.origin || value === `${url.origin}/`) return url.origin;
  if (value === `${url.origin}${url.pathname}` && url.pathname.endsWith("/") && !/[;,]/.test(value))
    return value;
  ctx.addIssue({
    code: "custom",
    message:
      "must be an origin (https://cdn.example.com) or an origin and a path prefix ending in / (https://cdn.example.com/images/)",
  });
  return z.NEVER;
});

/**
 * An inside host a file link may name, as a link's URL spells it (lower case, IPv4 dotted decimal,
 * IPv6 compressed in brackets) with its port: `host:port`, `host:*` for any, or `host` (80 and 443).
 */
const insideHost = z.string().transform((entry, ctx) => {
  const match =
    /^(\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f]*:[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*|[A-Za-z0-9.-]+?)\.?(?::(\d{1,5}|\*))?$/.exec(
      entry,
    );
  const port = match?.[2];
  const bare = match?.[1]?.replace(/^\[|\]$/g, "") ?? "";
  const spelled = `http://${bare.includes(":") ? `[${bare}]` : bare}/`;
  const url = URL.canParse(spelled) ? new URL(spelled) : null;
  if (!match || !url?.hostname || (port && port !== "*" && (+port < 1 || +port > 65535))) {
    ctx.addIssue({
      code: "custom",
      message: `'${entry}' is not a host with an optional port (files.intranet, files.intranet:8443, 10.0.0.5:80, [fd00::5]:443)`,
    });
    return z.NEVER;
  }
  return port ? `${url.hostname}:${port === "*" ? "*" : +port}` : url.hostname;
});

const datasetIds = optionalString.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const ids = [...new Set(value.split(",").map((id) => id.trim()))].filter(Boolean);
  ids.forEach((id, index) => {
    const message = datasetIdSchema.safeParse(id).error?.issues[0]?.message;
    if (message) ctx.addIssue({ code: "custom", message: `entry ${index + 1}: ${message}` });
  });
  if (ids.length === 0) ctx.addIssue({ code: "custom", message: "names no dataset id" });
  if (ids.length > MAX_KNOWLEDGE_DATASET_IDS) {
    ctx.addIssue({ code: "custom", message: `at most ${MAX_KNOWLEDGE_DATASET_IDS} ids` });
  }
  return ids;
});

/** `24h,1h`: offsets before expiry, in seconds, latest first; `none` sends only the arrival. */
const reminders = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() || "24h,1h";
    if (text === "none") return [];
    const offsets = text.split(",").map((part) => {
      const match = /^(\d{1,4})([mhd])$/.exec(part.trim());
      const seconds = match ? Number(match[1]) * { m: 60, h: 3600, d: 86_400 }[match[2]!]! : 0;
      if (seconds < 60 || seconds > MAX_LINK_TTL_CEILING) {
        ctx.addIssue({
          code: "custom",
          message: `"${part.trim()}" is not a duration such as 30m, 1h or 2d (or set none)`,
        });
      }
      return seconds;
    });
    if (offsets.length > MAX_REMINDERS) {
      ctx.addIssue({ code: "custom", message: `at most ${MAX_REMINDERS} reminders` });
    }
    return [...new Set(offsets)].sort((a, b) => b - a);
  });

/** The server's bounds: upper-case keys are variables an operator sets, lower-case ones fixed. */
const limitsSchema = z
  .object({
    MAX_JSON_BODY_BYTES: int(1024, 64 * 1024 * 1024, 1024 * 1024),
    UPLOAD_IDLE_TIMEOUT_MS: int(1, 3_600_000, 30_000),
    UPLOAD_TIMEOUT_MS: int(1_000, 86_400_000, 900_000),
    JSON_BODY_IDLE_TIMEOUT_MS: int(100, 600_000, 10_000),
    JSON_BODY_TIMEOUT_MS: int(100, 600_000, 30_000),
    MAX_STREAMS_PER_LINK: int(1, 1_000, 4),
    MAX_OPEN_STREAMS: int(1, 100_000, 2_000),
    MAX_STREAMS_PER_VISITOR: int(1, 1_000, 4),
    MAX_STREAMS_PER_ADDRESS: int(1, 100_000, 100),
    LAUNCH_RATE_PER_MINUTE: int(1, 1_000_000, 10),
    UPLOAD_RATE_PER_MINUTE: int(1, 1_000_000, 60),
    NEXT_LINK_RATE_PER_MINUTE: int(1, 1_000_000, 30),
    /** At least 2: the launcher page sends 2 at once. */
    MAX_UPLOADS_PER_LINK: int(2, 100, 3),
    DIFY_JSON_CONNECTIONS: int(1, 10_000, 128),
    DIFY_LAUNCH_CONNECTIONS: int(1, 10_000, 16),
    DIFY_CONNECT_TIMEOUT_MS: int(1, 600_000, 5_000),
    DIFY_RESPONSE_TIMEOUT_MS: int(1, 3_600_000, 30_000),
    DIFY_STREAM_IDLE_TIMEOUT_MS: int(1, 3_600_000, 60_000),
    /** How long a link's server may take to say what it holds (redirects included). */
    REMOTE_FILE_TIMEOUT_MS: int(500, 60_000, 5_000),
    SHUTDOWN_GRACE_MS: int(0, 600_000, 25_000),
    MAX_AUTH_FAILURES_PER_ADDRESS: int(1, 10_000, 10),
    AUTH_FAILURE_WINDOW_SECONDS: int(1, 86_400, 600),
    MAX_LINK_TTL: int(60, MAX_LINK_TTL_CEILING, 30 * 24 * 60 * 60),
    BROWSER_KEEP_DAYS: int(1, 365, 7),
    DATABASE_POOL_SIZE: int(1, 1_000, 10),
    /** The sweep reads at most this many waiting forms from Dify a minute, across all copies. */
    REQUEST_REFRESH_PER_MINUTE: int(1, 100_000, 60),
    /** A job left by a stopped copy is taken over within this bound (lib/server/jobs/queue-timing.ts). */
    JOB_TAKEOVER_SECONDS: int(MIN_TAKEOVER_SECONDS, 3_600, 60),
    /** Arrivals and reminders due are planned this often, once across all copies. */
    NOTIFY_PLAN_SECONDS: int(2, 3_600, 60),
    /** A shared (Redis) stream or upload slot lives this long unless its holder renews it. */
    SHARED_SLOT_LEASE_MS: int(3_000, 600_000, 10_000),
  })
  .transform((limits) => ({
    ...limits,
    /** What an upload body may hold besides the file: part headers, small fields, boundaries. */
    uploadBodyAllowanceBytes: 256 * 1024,
    /** Non-file parts of an upload (the browser sends none). */
    uploadMaxFields: 8,
    uploadMaxFieldBytes: 8 * 1024,
    uploadMaxParts: 10,
    rateWindowSeconds: 60,
    /** A claimed message never tried this long after is taken for lost and queued again. */
    lostSendSeconds: 300,
    /** A wrong bearer token is answered this much later, so guesses cannot come fast. */
    wrongTokenDelayMs: 250,
    /** How soon a browser refused an event stream (429) may try again; its own backoff is shorter. */
    streamRetryAfterSeconds: 5,
    appParametersTtlMs: 60_000,
    /** The largest JSON answer read from the upstream (lists of 100 documents are far smaller). */
    upstreamMaxAnswerBytes: 16 * 1024 * 1024,
    /** Finding the next form of a run: read its events until this quiet, at most this long. */
    nextLinkQuietMs: 300,
    nextLinkReadTimeoutMs: 8_000,
    shutdownRetryMs: 1_000,
    /** An upload file up to this size is sent upstream as one buffer, a larger one streamed. */
    uploadSmallFileBytes: 64 * 1024,
    /** A relayed stream's keep-alive: proxies commonly cut a connection silent for 30 to 60 s. */
    relayKeepAliveMs: 15_000,
    /** The largest one event a relay transform reads, in characters (past it the stream ends). */
    relayMaxEventChars: 8 * 1024 * 1024,
    readinessTimeoutMs: 1_000,
    readinessFreshMs: 10_000,
    readinessRetryMs: 1_000,
    launcherLinkTtlSeconds: Math.min(24 * 60 * 60, limits.MAX_LINK_TTL),
    /** A refused metadata update: up to this many documents are looked up to name the unknown one. */
    metadataNamingDocumentChecks: 20,
    allowedDatasetReadsAtOnce: 4,
    /** The longest link query traded for a cookie (browsers keep 4,096 bytes per cookie). */
    linkCookieMaxChars: 3_800,
    /** A decision write that fails is retried after each of these delays, then logged whole. */
    decisionRetryDelaysMs: [250, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const,
    /** Decision writes waiting for a retry, at most; past it a record is logged at once. */
    decisionPendingMax: 1_000,
    /** Following a run after an answer: at most this many next forms registered. */
    followMaxForms: 20,
    /**
     * A follow still owed this long after its answer (the queue could not take it, or every try
     * failed) is queued again by the sweep, at most this many a sweep.
     */
    followOverdueSeconds: 300,
    followRequeueMax: 100,
    storeQueryTimeoutMs: 5_000,
  }));

const variablesSchema = z.object({
  DIFY_API_BASE: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL ending in /v1" })
    .transform((value) => value.replace(/\/+$/, ""))
    .refine((value) => value.endsWith("/v1"), { message: "must end in /v1" }),
  DIFY_APP_API_KEY: z.string({ error: "required" }).trim().min(1, "required"),
  DIFY_DATASET_API_KEY: optionalString,
  FORM_LINK_SECRET: secret(MIN_LINK_SECRET_LENGTH),
  ALLOW_UNSIGNED_LINKS: flag,
  RUN_STREAM_OUTPUTS: oneOf(["shown", "hidden"], "shown"),
  PORTAL_API_TOKEN: secret(MIN_BEARER_TOKEN_LENGTH),
  PORTAL_API_TOKENS: optionalString,
  KNOWLEDGE_DATASET_IDS: datasetIds,
  KNOWLEDGE_ATOMIC_UPDATES: flag,
  EMBED_ALLOWED_ORIGINS: listOf(origin),
  MARKDOWN_IMAGE_ORIGINS: listOf(imageSource),
  REMOTE_FILE_HOSTS: listOf(insideHost, /[\s,]+/),
  DIFY_APP_MODE: oneOf(["workflow", "chatflow", "auto"], "auto"),
  /** Anyone who reaches the launcher may start runs, so it is off unless `true`. */
  LAUNCHER_ENABLED: flag,
  APP_ORIGIN: optionalString.pipe(origin.optional()),
  TRUST_PROXY_HEADERS: flag,
  PORT: int(1, 65535, 3000),
  REDIS_URL: optionalString.pipe(
    z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  ),
  METRICS_TOKEN: secret(MIN_BEARER_TOKEN_LENGTH),
  /** The store (requests and decisions); without it the app answers links only. */
  DATABASE_URL: optionalString.pipe(
    z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
  ),
  /** Decisions older than this many days are removed daily; unset keeps them. */
  DECISION_RETENTION_DAYS: optionalString.pipe(
    z.coerce.number<string>().int().min(1).max(36_500).optional(),
  ),
  /** Sign-in with OpenID Connect: all three set, or none. */
  OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_USER_CLAIM: optionalString.transform((value) => value ?? "email"),
  REQUIRE_SIGN_IN: flag,
  SMTP_URL: optionalString.pipe(
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ),
  MAIL_FROM: optionalString.transform((value) => value ?? "Approvals <approvals@localhost>"),
  NOTIFY_WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  REMINDERS: reminders,
  NODE_ENV: z.string().optional(),
  NEXT_MANUAL_SIG_HANDLE: optionalString,
});

const loopback = (url: string) =>
  URL.canParse(url) && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(new URL(url).hostname);

const envSchema = z
  .preprocess(
    (source) => ({ ...(source as object), limits: source }),
    variablesSchema.extend({ limits: limitsSchema }),
  )
  // Fail closed: a combination that would quietly weaken the app refuses to start instead.
  .refine((env) => env.FORM_LINK_SECRET || env.ALLOW_UNSIGNED_LINKS, {
    path: ["FORM_LINK_SECRET"],
    message: "required (or set ALLOW_UNSIGNED_LINKS=true on a trusted network)",
  })
  // The launcher links each run to its form: a signed link, so it cannot work without the secret.
  .refine((env) => !env.LAUNCHER_ENABLED || env.FORM_LINK_SECRET, {
    path: ["LAUNCHER_ENABLED"],
    message: "needs FORM_LINK_SECRET (the launcher signs the link to each run's form)",
  })
  .refine((env) => !(env.FORM_LINK_SECRET && env.ALLOW_UNSIGNED_LINKS), {
    path: ["ALLOW_UNSIGNED_LINKS"],
    message:
      "must not be true while FORM_LINK_SECRET is set (it would accept unsigned links despite the secret)",
  })
  .refine(
    (env) => !env.FORM_LINK_SECRET?.includes(DEMO_SECRET_MARK) || loopback(env.DIFY_API_BASE),
    {
      path: ["FORM_LINK_SECRET"],
      message: "must not be a public demo secret with an upstream off this host",
    },
  )
  .refine(
    (env) =>
      [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every(Boolean) ||
      ![env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].some(Boolean),
    { path: ["OIDC_ISSUER"], message: "set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none" },
  )
  // A token sent over plain HTTP could be read on the way: only a provider on this host may.
  .refine((env) => !env.OIDC_ISSUER?.startsWith("http:") || loopback(env.OIDC_ISSUER), {
    path: ["OIDC_ISSUER"],
    message: "must be https:// (http:// only on this host: localhost, 127.0.0.1, [::1])",
  })
  .refine((env) => !env.REQUIRE_SIGN_IN || env.OIDC_ISSUER, {
    path: ["REQUIRE_SIGN_IN"],
    message: "needs sign-in (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET): no one could answer",
  })
  // Sessions are sealed with a key derived from it.
  .refine((env) => !env.OIDC_ISSUER || env.FORM_LINK_SECRET, {
    path: ["OIDC_ISSUER"],
    message: "needs FORM_LINK_SECRET (sessions are sealed with a key derived from it)",
  })
  // Without it the same-origin check would trust the request's own Host, which a DNS-rebinding
  // page chooses; with it every request's Host is checked too.
  .refine((env) => env.NODE_ENV !== "production" || env.APP_ORIGIN, {
    path: ["APP_ORIGIN"],
    message: "required in production (the app's public origin, e.g. https://forms.example.com)",
  })
  .transform(({ PORTAL_API_TOKEN, PORTAL_API_TOKENS, ...env }, ctx) => {
    const portal = parsePortalTokens(PORTAL_API_TOKENS, PORTAL_API_TOKEN);
    for (const message of portal.problems) ctx.addIssue({ code: "custom", message });
    return {
      ...env,
      portalTokens: portal.tokens,
    };
  });

/** Every variable the schema reads, as the docs and .env.example must list them. */
export const ENV_VARIABLES = [
  ...Object.keys(variablesSchema.shape),
  ...Object.keys(limitsSchema.in.shape),
];

export type AppEnv = z.output<typeof envSchema>;
export type Limits = AppEnv["limits"];

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.find((key) => typeof key === "string" && key !== "limits");
    return name === undefined ? issue.message : `${String(name)}: ${issue.message}`;
  });
  throw new EnvError(`Invalid environment:\n  ${[...new Set(lines)].join("\n  ")}`);
}
