import { z } from "zod";
import { datasetIdSchema } from "@/lib/ids/path-ids";
import {
  MIN_BEARER_TOKEN_LENGTH,
  parsePortalTokens,
  type PortalToken,
} from "@/lib/server/parse-portal-tokens";

// Shared by the server env module and the CLIs (which cannot import `server-only`). It knows no
// demo credential: whoever starts the app on the embedded service passes its keys and link secret.

/** The embedded service's keys name it (`app-embedded-…`, `dataset-embedded`); others are real. */
const EMBEDDED_KEY = /(^|-)embedded(-|$)/;
/** A secret published for demos says so; it must never sign links for a real Dify. */
const DEMO_SECRET_MARK = "not-for-production";

const flag = z
  .enum(["true", "false", ""])
  .optional()
  .transform((value) => value === "true");

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const origin = z.url().refine((value) => new URL(value).origin === value, {
  message: "must be an origin such as https://portal.example.com (no path, no trailing slash)",
});

/**
 * An origin, or an origin and a path prefix ending in `/` (`https://cdn.example.com/images/`): both
 * valid CSP sources as written, the prefix one matching only paths under it.
 */
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
/** MAX_LINK_TTL's default: 30 days, long enough for an approval that waits over a holiday. */
export const DEFAULT_MAX_LINK_TTL = 30 * 24 * 60 * 60;
/** 400 days: browsers (Chrome) keep no cookie longer, so a link cookie could not outlive it. */
const MAX_LINK_TTL_CEILING = 400 * 24 * 60 * 60;

const rawEnvSchema = z.object({
  /** Upstream base URL ending in /v1; unset means the embedded service. */
  DIFY_API_BASE: optionalString.pipe(
    z
      .url()
      .refine((value) => /^https?:\/\//.test(value), { message: "must be an http(s) URL" })
      .refine((value) => value.replace(/\/+$/, "").endsWith("/v1"), { message: "must end in /v1" })
      .optional(),
  ),
  /** App API key (server-side only). */
  DIFY_APP_API_KEY: optionalString,
  /** Knowledge (dataset) API key (server-side only). */
  DIFY_DATASET_API_KEY: optionalString,
  /** HMAC secret for signed form links. */
  FORM_LINK_SECRET: optionalString,
  /** Accept `user` from unsigned links (trusted networks only). */
  ALLOW_UNSIGNED_LINKS: flag,
  /** Bearer token that callers of the knowledge proxy routes must present (one, unnamed). */
  PORTAL_API_TOKEN: optionalString,
  /** Named bearer tokens for the knowledge routes: `name:token` entries apart by white space. */
  PORTAL_API_TOKENS: optionalString,
  /** Comma list of the dataset ids the knowledge routes and /knowledge may touch; unset: all. */
  KNOWLEDGE_DATASET_IDS: optionalString,
  /** Wrong bearer tokens one client address may present per window before it is refused (429). */
  MAX_AUTH_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
  AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Space-separated origins allowed to frame the app and receive its events. */
  EMBED_ALLOWED_ORIGINS: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((value) => (value ? value.split(/\s+/) : []))
      .pipe(z.array(origin)),
  ),
  /** workflow | chatflow: how the launcher starts the app; unset: found out from the app. */
  DIFY_APP_MODE: z
    .enum(["workflow", "chatflow", "auto", ""])
    .optional()
    .transform((value): "workflow" | "chatflow" | "auto" =>
      value === "workflow" || value === "chatflow" ? value : "auto",
    ),
  /** The launcher (`/`) with a real upstream: off unless `true`. With the embedded service it is on. */
  LAUNCHER_ENABLED: z.enum(["true", "false", ""]).optional(),
  /** Port of the app. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Port of the embedded service (used only when DIFY_API_BASE is unset). */
  EMBEDDED_DIFY_PORT: z.coerce.number().int().min(1).max(65535).default(5001),
  /** Upstream timeouts, in milliseconds. */
  DIFY_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  DIFY_RESPONSE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** How long an event stream may stay silent (no event, no ping) before it counts as lost. */
  DIFY_STREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** `true` asks for the embedded demo service in production (`npm run demo`, the e2e suite). */
  USE_EMBEDDED_DIFY: flag,
  /** Largest JSON request body a route reads, in bytes. */
  MAX_JSON_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** How long an upload body may send nothing before it is cut off, in milliseconds. */
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Space-separated sources Markdown images may load from: origins, or origins with a path prefix
   * ending in `/`; unset: the Dify API base's origin.
   */
  MARKDOWN_IMAGE_ORIGINS: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((value) => (value ? value.split(/\s+/) : undefined))
      .pipe(z.array(imageSource).optional()),
  ),
  /**
   * Inside hosts (names or addresses) file links may name, space or comma separated: an intranet
   * file server. Links to public hosts need no naming; other inside hosts are refused.
   */
  REMOTE_FILE_HOSTS: optionalString
    .transform((value) => (value ?? "").split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[A-Za-z0-9.-]+\.?$|^\[?[0-9A-Fa-f:.]+\]?$/, {
            message: "must list hosts (files.intranet, 10.0.0.5), without scheme, port or path",
          })
          // As a link's URL spells it: lower case, IPv4 in dotted decimal, IPv6 compressed.
          .transform((host) => {
            const bare = host.replace(/\.$/, "").replace(/^\[|\]$/g, "");
            return new URL(`http://${bare.includes(":") ? `[${bare}]` : bare}/`).hostname;
          }),
      ),
    ),
  /** The app's public origin (scheme, host, port), for the same-origin check and the cookie. */
  APP_ORIGIN: optionalString.pipe(origin.optional()),
  /** `true` lets X-Forwarded-Host/-Proto set the public origin (behind a trusted reverse proxy). */
  TRUST_PROXY_HEADERS: flag,
  /** Set by Next (`production` under `next start`): missing configuration then fails closed. */
  NODE_ENV: z.string().optional(),
  /** Set (to anything) by an operator who handles signals: Next's server then leaves them alone. */
  NEXT_MANUAL_SIG_HANDLE: optionalString,
  /** Open event streams allowed per link (token and user), and per process. */
  MAX_STREAMS_PER_LINK: z.coerce.number().int().min(1).max(1_000).default(4),
  MAX_OPEN_STREAMS: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** Open streams (launch runs, next-link reads) per visitor, and every stream per client address. */
  MAX_STREAMS_PER_VISITOR: z.coerce.number().int().min(1).max(1_000).default(4),
  MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Requests per minute and client address: launches, uploads (form and launcher), next-link. */
  LAUNCH_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  NEXT_LINK_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Uploads in flight at once per link (token and user), or per launcher visitor (the page sends 2). */
  MAX_UPLOADS_PER_LINK: z.coerce.number().int().min(2).max(100).default(3),
  /** Upstream connections: the JSON pool (forms, uploads, knowledge), the launcher's own pool. */
  DIFY_JSON_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(128),
  DIFY_LAUNCH_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(16),
  /** How long in-flight requests may take to finish after SIGTERM, in milliseconds. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /** Bearer token for GET /api/metrics; unset turns the endpoint off. */
  METRICS_TOKEN: optionalString,
  /**
   * What a form link's run stream carries besides progress: `shown` (the default) the streamed
   * answer and the run's final outputs; `hidden` progress only. A link may narrow, never widen.
   */
  RUN_STREAM_OUTPUTS: z
    .enum(["shown", "hidden", ""])
    .optional()
    .transform((value): "shown" | "hidden" => (value === "hidden" ? "hidden" : "shown")),
  /** The longest a form link may still be valid for, in seconds: a later `exp` is refused. */
  MAX_LINK_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(MAX_LINK_TTL_CEILING)
    .default(DEFAULT_MAX_LINK_TTL),
});

export type AppEnv = {
  upstream: "embedded" | "dify";
  difyApiBase: string;
  appApiKey: string;
  datasetApiKey: string | undefined;
  formLinkSecret: string | undefined;
  allowUnsignedLinks: boolean;
  /** PORTAL_API_TOKENS and PORTAL_API_TOKEN; none: the knowledge routes are off. */
  portalTokens: PortalToken[];
  /** KNOWLEDGE_DATASET_IDS; undefined: every dataset the knowledge key reaches. */
  knowledgeDatasetIds: string[] | undefined;
  authFailuresPerAddress: number;
  authFailureWindowSeconds: number;
  embedAllowedOrigins: string[];
  appMode: "workflow" | "chatflow" | "auto";
  launcherEnabled: boolean;
  port: number;
  embeddedPort: number;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  streamIdleTimeoutMs: number;
  maxJsonBodyBytes: number;
  uploadIdleTimeoutMs: number;
  markdownImageOrigins: string[];
  remoteFileHosts: string[];
  appOrigin: string | undefined;
  trustProxyHeaders: boolean;
  maxStreamsPerLink: number;
  maxOpenStreams: number;
  maxStreamsPerVisitor: number;
  maxStreamsPerAddress: number;
  launchRatePerMinute: number;
  uploadRatePerMinute: number;
  nextLinkRatePerMinute: number;
  maxUploadsPerLink: number;
  jsonConnections: number;
  launchConnections: number;
  shutdownGraceMs: number;
  metricsToken: string | undefined;
  /** Whether form links' run streams carry the streamed answer and final outputs. */
  runStreamOutputs: "shown" | "hidden";
  /** The longest a form link may still be valid for, in seconds (MAX_LINK_TTL). */
  maxLinkTtlSeconds: number;
  /** `next dev` (NODE_ENV=development): the page's CSP allows what dev mode needs. */
  development: boolean;
  /** Next's own SIGTERM/SIGINT handler runs (NEXT_MANUAL_SIG_HANDLE unset). */
  nextHandlesSignals: boolean;
};

/** The shortest FORM_LINK_SECRET accepted: 32 characters (e.g. `openssl rand -hex 32` gives 64). */
export const MIN_LINK_SECRET_LENGTH = 32;
/** At most this many KNOWLEDGE_DATASET_IDS: the base list reads each of them. */
export const MAX_KNOWLEDGE_DATASET_IDS = 50;

/** KNOWLEDGE_DATASET_IDS as ids the routes accept (lib/ids), or the problems with it. */
function parseDatasetIds(value: string | undefined): { ids?: string[]; problems: string[] } {
  if (value === undefined) return { problems: [] };
  const ids = [...new Set(value.split(",").map((id) => id.trim()))].filter(Boolean);
  const problems = ids.flatMap((id, index) => {
    const result = datasetIdSchema.safeParse(id);
    const message = result.error?.issues[0]?.message;
    return result.success ? [] : [`KNOWLEDGE_DATASET_IDS: entry ${index + 1}: ${message}`];
  });
  if (ids.length === 0) problems.push("KNOWLEDGE_DATASET_IDS: names no dataset id");
  if (ids.length > MAX_KNOWLEDGE_DATASET_IDS) {
    problems.push(`KNOWLEDGE_DATASET_IDS: at most ${MAX_KNOWLEDGE_DATASET_IDS} ids`);
  }
  return { ids, problems };
}

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses and cross-checks the environment; the error names the variable to fix. */
export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const result = rawEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment:\n  ${lines.join("\n  ")}`);
  }
  const raw = result.data;
  // Fail closed: a combination that would quietly weaken the app refuses to start instead.
  const portal = parsePortalTokens(raw.PORTAL_API_TOKENS, raw.PORTAL_API_TOKEN);
  const datasets = parseDatasetIds(raw.KNOWLEDGE_DATASET_IDS);
  const problems: string[] = [...portal.problems, ...datasets.problems];
  if (raw.METRICS_TOKEN !== undefined && raw.METRICS_TOKEN.length < MIN_BEARER_TOKEN_LENGTH) {
    problems.push(
      `METRICS_TOKEN: must be at least ${MIN_BEARER_TOKEN_LENGTH} characters (e.g. openssl rand -hex 32)`,
    );
  }
  const common = {
    allowUnsignedLinks: raw.ALLOW_UNSIGNED_LINKS,
    portalTokens: portal.tokens,
    knowledgeDatasetIds: datasets.ids,
    authFailuresPerAddress: raw.MAX_AUTH_FAILURES_PER_ADDRESS,
    authFailureWindowSeconds: raw.AUTH_FAILURE_WINDOW_SECONDS,
    embedAllowedOrigins: raw.EMBED_ALLOWED_ORIGINS,
    appMode: raw.DIFY_APP_MODE,
    port: raw.PORT,
    embeddedPort: raw.EMBEDDED_DIFY_PORT,
    connectTimeoutMs: raw.DIFY_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: raw.DIFY_RESPONSE_TIMEOUT_MS,
    streamIdleTimeoutMs: raw.DIFY_STREAM_IDLE_TIMEOUT_MS,
    maxJsonBodyBytes: raw.MAX_JSON_BODY_BYTES,
    uploadIdleTimeoutMs: raw.UPLOAD_IDLE_TIMEOUT_MS,
    remoteFileHosts: raw.REMOTE_FILE_HOSTS,
    appOrigin: raw.APP_ORIGIN,
    trustProxyHeaders: raw.TRUST_PROXY_HEADERS,
    maxStreamsPerLink: raw.MAX_STREAMS_PER_LINK,
    maxOpenStreams: raw.MAX_OPEN_STREAMS,
    maxStreamsPerVisitor: raw.MAX_STREAMS_PER_VISITOR,
    maxStreamsPerAddress: raw.MAX_STREAMS_PER_ADDRESS,
    launchRatePerMinute: raw.LAUNCH_RATE_PER_MINUTE,
    uploadRatePerMinute: raw.UPLOAD_RATE_PER_MINUTE,
    nextLinkRatePerMinute: raw.NEXT_LINK_RATE_PER_MINUTE,
    maxUploadsPerLink: raw.MAX_UPLOADS_PER_LINK,
    jsonConnections: raw.DIFY_JSON_CONNECTIONS,
    launchConnections: raw.DIFY_LAUNCH_CONNECTIONS,
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS,
    metricsToken: raw.METRICS_TOKEN,
    runStreamOutputs: raw.RUN_STREAM_OUTPUTS,
    maxLinkTtlSeconds: raw.MAX_LINK_TTL,
    development: raw.NODE_ENV === "development",
    nextHandlesSignals: !raw.NEXT_MANUAL_SIG_HANDLE,
  };
  const imageOrigins = (base: string) => raw.MARKDOWN_IMAGE_ORIGINS ?? [new URL(base).origin];

  if (raw.FORM_LINK_SECRET !== undefined) {
    if (raw.FORM_LINK_SECRET.length < MIN_LINK_SECRET_LENGTH) {
      problems.push(
        `FORM_LINK_SECRET: must be at least ${MIN_LINK_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`,
      );
    } else if (raw.DIFY_API_BASE && raw.FORM_LINK_SECRET.includes(DEMO_SECRET_MARK)) {
      problems.push("FORM_LINK_SECRET: must not be a public demo secret with a real Dify");
    }
    if (raw.ALLOW_UNSIGNED_LINKS) {
      problems.push(
        "ALLOW_UNSIGNED_LINKS: must not be true while FORM_LINK_SECRET is set (it would accept unsigned links despite the secret)",
      );
    }
  }

  // Without it the same-origin check would trust the request's own Host, which a DNS-rebinding
  // page chooses; with it every request's Host is checked too (lib/server/request-guards.ts).
  if (raw.NODE_ENV === "production" && !raw.APP_ORIGIN) {
    problems.push(
      "APP_ORIGIN: required in production (the app's public origin, e.g. https://forms.example.com)",
    );
  }

  if (!raw.DIFY_API_BASE) {
    if (raw.NODE_ENV === "production" && !raw.USE_EMBEDDED_DIFY) {
      problems.push(
        "DIFY_API_BASE: required in production (or set USE_EMBEDDED_DIFY=true to run the embedded demo service)",
      );
    }
    // The embedded service is plain HTTP on loopback: a real key must never be sent there.
    for (const name of ["DIFY_APP_API_KEY", "DIFY_DATASET_API_KEY"] as const) {
      const key = raw[name];
      if (key && !EMBEDDED_KEY.test(key)) {
        problems.push(
          `${name}: set without DIFY_API_BASE (it would be sent to the embedded service)`,
        );
      }
    }
    if (!raw.DIFY_APP_API_KEY) {
      problems.push(
        "DIFY_APP_API_KEY: required (with the embedded service, its app key: npm run demo passes it)",
      );
    }
    if (!raw.FORM_LINK_SECRET && !raw.ALLOW_UNSIGNED_LINKS) {
      problems.push(
        "FORM_LINK_SECRET: required (with the embedded service, npm run demo passes the demo's)",
      );
    }
    if (problems.length > 0 || !raw.DIFY_APP_API_KEY) {
      throw new EnvError(`Invalid environment:\n  ${problems.join("\n  ")}`);
    }
    const difyApiBase = `http://127.0.0.1:${raw.EMBEDDED_DIFY_PORT}/v1`;
    return {
      ...common,
      upstream: "embedded",
      difyApiBase,
      markdownImageOrigins: imageOrigins(difyApiBase),
      appApiKey: raw.DIFY_APP_API_KEY,
      datasetApiKey: raw.DIFY_DATASET_API_KEY,
      formLinkSecret: raw.FORM_LINK_SECRET,
      // The demo is what the launcher is for; only an explicit `false` turns it off.
      launcherEnabled: raw.LAUNCHER_ENABLED !== "false",
    };
  }

  if (!raw.DIFY_APP_API_KEY) {
    problems.push("DIFY_APP_API_KEY: required when DIFY_API_BASE is set");
  }
  if (!raw.FORM_LINK_SECRET && !raw.ALLOW_UNSIGNED_LINKS) {
    problems.push(
      "FORM_LINK_SECRET: required when DIFY_API_BASE is set (or set ALLOW_UNSIGNED_LINKS=true on a trusted network)",
    );
  }
  if (problems.length > 0 || !raw.DIFY_APP_API_KEY) {
    throw new EnvError(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return {
    ...common,
    upstream: "dify",
    difyApiBase: raw.DIFY_API_BASE.replace(/\/+$/, ""),
    markdownImageOrigins: imageOrigins(raw.DIFY_API_BASE),
    appApiKey: raw.DIFY_APP_API_KEY,
    datasetApiKey: raw.DIFY_DATASET_API_KEY,
    formLinkSecret: raw.FORM_LINK_SECRET,
    // NOTE: with a real app the launcher lets anyone who reaches the page start runs, so it is
    // opt-in.
    launcherEnabled: raw.LAUNCHER_ENABLED === "true",
  };
}
