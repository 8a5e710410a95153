import { describe, expect, it } from "vitest";
import { EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { EnvError } from "@/lib/errors/env-error";
import { parseEnv as parseRealEnv } from "@/lib/server/env-schema";

const SECRET = "0123456789abcdef0123456789abcdef";
const BASE = "https://dify.example.com/v1";
/** What an app needs to start, then the variables under test. */
const required = { DIFY_API_BASE: BASE, DIFY_APP_API_KEY: "app-1", FORM_LINK_SECRET: SECRET };
const parseEnv = (source: Record<string, string | undefined>) =>
  parseRealEnv({ ...required, ...source });

describe("parseEnv", () => {
  it("needs an upstream, its key and a link secret, and knows no default for any", () => {
    expect(() => parseRealEnv({})).toThrow(/DIFY_API_BASE: .*\n.*DIFY_APP_API_KEY: required/s);
    expect(() => parseRealEnv({ DIFY_API_BASE: BASE, DIFY_APP_API_KEY: "app-1" })).toThrow(
      /FORM_LINK_SECRET: required/,
    );
    const unsigned = parseRealEnv({
      DIFY_API_BASE: BASE,
      DIFY_APP_API_KEY: "app-1",
      ALLOW_UNSIGNED_LINKS: "true",
    });
    expect(unsigned.ALLOW_UNSIGNED_LINKS).toBe(true);
    expect(unsigned.FORM_LINK_SECRET).toBeUndefined();
  });

  it("accepts an upstream and strips a trailing slash", () => {
    expect(parseEnv({ DIFY_API_BASE: "https://dify.internal/v1/" })).toMatchObject({
      DIFY_API_BASE: "https://dify.internal/v1",
      DIFY_APP_API_KEY: "app-1",
      PORT: 3000,
      EMBED_ALLOWED_ORIGINS: [],
      KNOWLEDGE_ATOMIC_UPDATES: false,
    });
  });

  it.each([
    [{ DIFY_API_BASE: "https://api.dify.ai" }, /DIFY_API_BASE: must end in \/v1/],
    [{ DIFY_API_BASE: "ftp://x/v1" }, /DIFY_API_BASE: must be an http\(s\) URL/],
    [{ DIFY_API_BASE: "" }, /DIFY_API_BASE/],
    [{ PORT: "70000" }, /PORT/],
    [{ ALLOW_UNSIGNED_LINKS: "yes" }, /ALLOW_UNSIGNED_LINKS/],
    [{ KNOWLEDGE_ATOMIC_UPDATES: "yes" }, /KNOWLEDGE_ATOMIC_UPDATES/],
    [
      { EMBED_ALLOWED_ORIGINS: "https://a.example https://b.example/path" },
      /EMBED_ALLOWED_ORIGINS/,
    ],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("keeps requests only with a postgres:// DATABASE_URL, and decisions as long as asked", () => {
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db:5432/forms" }).DATABASE_URL).toBe(
      "postgres://u:p@db:5432/forms",
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://db/forms" })).toThrow(/DATABASE_URL: must be/);
    expect(parseEnv({}).DECISION_RETENTION_DAYS).toBeUndefined();
    expect(parseEnv({ DECISION_RETENTION_DAYS: "400" }).DECISION_RETENTION_DAYS).toBe(400);
    expect(() => parseEnv({ DECISION_RETENTION_DAYS: "0" })).toThrow(/DECISION_RETENTION_DAYS/);
    // A takeover faster than a follow's read of its run would take a live follow for lost.
    expect(parseEnv({ JOB_TAKEOVER_SECONDS: "16" }).limits.JOB_TAKEOVER_SECONDS).toBe(16);
    expect(() => parseEnv({ JOB_TAKEOVER_SECONDS: "15" })).toThrow(/JOB_TAKEOVER_SECONDS/);
  });

  it("splits allowed embed origins", () => {
    expect(
      parseEnv({ EMBED_ALLOWED_ORIGINS: " https://a.example  http://localhost:4000 " })
        .EMBED_ALLOWED_ORIGINS,
    ).toEqual(["https://a.example", "http://localhost:4000"]);
  });

  it("starts the launcher's app by its mode, or finds the mode out when unset", () => {
    expect(parseEnv({}).DIFY_APP_MODE).toBe("auto");
    expect(parseEnv({ DIFY_APP_MODE: "" }).DIFY_APP_MODE).toBe("auto");
    expect(parseEnv({ DIFY_APP_MODE: "chatflow" }).DIFY_APP_MODE).toBe("chatflow");
    expect(parseEnv({ DIFY_APP_MODE: "workflow" }).DIFY_APP_MODE).toBe("workflow");
    expect(() => parseEnv({ DIFY_APP_MODE: "agent" })).toThrow(/DIFY_APP_MODE/);
  });

  it("turns the launcher on only when asked", () => {
    expect(parseEnv({}).LAUNCHER_ENABLED).toBe(false);
    expect(parseEnv({ LAUNCHER_ENABLED: "" }).LAUNCHER_ENABLED).toBe(false);
    expect(parseEnv({ LAUNCHER_ENABLED: "true" }).LAUNCHER_ENABLED).toBe(true);
    expect(() => parseEnv({ LAUNCHER_ENABLED: "yes" })).toThrow(/LAUNCHER_ENABLED/);
  });

  describe("fails closed", () => {
    const real = { DIFY_API_BASE: "https://api.dify.ai/v1", DIFY_APP_API_KEY: "app-1" };

    it("refuses a short link secret and the public demo secret", () => {
      expect(() => parseEnv({ ...real, FORM_LINK_SECRET: SECRET.slice(1) })).toThrow(
        /FORM_LINK_SECRET: must be at least 32 characters/,
      );
      expect(() => parseEnv({ FORM_LINK_SECRET: "short" })).toThrow(/FORM_LINK_SECRET/);
      expect(() => parseEnv({ ...real, FORM_LINK_SECRET: EMBEDDED_LINK_SECRET })).toThrow(
        /FORM_LINK_SECRET: must not be a public demo secret with an upstream off this host/,
      );
      const local = { ...real, DIFY_API_BASE: "http://127.0.0.1:5001/v1" };
      expect(parseEnv({ ...local, FORM_LINK_SECRET: EMBEDDED_LINK_SECRET })).toBeTruthy();
      expect(parseEnv({ ...real, FORM_LINK_SECRET: SECRET }).FORM_LINK_SECRET).toBe(SECRET);
    });

    it("refuses the launcher without a link secret to sign its form links", () => {
      const unsigned = { ...real, ALLOW_UNSIGNED_LINKS: "true", LAUNCHER_ENABLED: "true" };
      expect(() => parseRealEnv(unsigned)).toThrow(/LAUNCHER_ENABLED: needs FORM_LINK_SECRET/);
      expect(parseRealEnv({ ...unsigned, LAUNCHER_ENABLED: "" }).LAUNCHER_ENABLED).toBe(false);
    });

    it("refuses unsigned links next to a configured secret", () => {
      expect(() =>
        parseEnv({ ...real, FORM_LINK_SECRET: SECRET, ALLOW_UNSIGNED_LINKS: "true" }),
      ).toThrow(/ALLOW_UNSIGNED_LINKS: must not be true while FORM_LINK_SECRET is set/);
    });
  });

  it("reads the body limit, the public origin and the Markdown image origins", () => {
    const env = parseEnv({});
    expect(env.limits).toMatchObject({
      MAX_JSON_BODY_BYTES: 1024 * 1024,
      UPLOAD_IDLE_TIMEOUT_MS: 30_000,
    });
    expect(env.APP_ORIGIN).toBeUndefined();
    expect(env).toMatchObject({
      TRUST_PROXY_HEADERS: false,
      // The upstream's origin is named to no page unless images from it are configured.
      MARKDOWN_IMAGE_ORIGINS: [],
    });
    expect(
      parseEnv({ MARKDOWN_IMAGE_ORIGINS: "https://img.example https://cdn.example" })
        .MARKDOWN_IMAGE_ORIGINS,
    ).toEqual(["https://img.example", "https://cdn.example"]);
    expect(
      parseEnv({ MARKDOWN_IMAGE_ORIGINS: "https://cdn.example/images/ https://img.example/" })
        .MARKDOWN_IMAGE_ORIGINS,
    ).toEqual(["https://cdn.example/images/", "https://img.example"]);
    for (const bad of [
      "https://cdn.example/images",
      "https://cdn.example/images/?q=1",
      "https://cdn.example/a;b/",
      "ftp://cdn.example/",
      "https://user@cdn.example/",
    ]) {
      expect(() => parseEnv({ MARKDOWN_IMAGE_ORIGINS: bad }), bad).toThrow(
        /MARKDOWN_IMAGE_ORIGINS/,
      );
    }
    expect(parseEnv({}).REMOTE_FILE_HOSTS).toEqual([]);
    expect(
      parseEnv({ REMOTE_FILE_HOSTS: "Files.Intranet, 10.0.0.5  FD00:0::5 [::1] fs.corp." })
        .REMOTE_FILE_HOSTS,
    ).toEqual(["files.intranet", "10.0.0.5", "[fd00::5]", "[::1]", "fs.corp"]);
    expect(() => parseEnv({ REMOTE_FILE_HOSTS: "https://files.example.com" })).toThrow(
      /REMOTE_FILE_HOSTS/,
    );
    expect(
      parseEnv({
        REMOTE_FILE_HOSTS: "files.internal:8443 10.0.0.5:80 [FD00::5]:443 localhost:* fs.corp.:81",
      }).REMOTE_FILE_HOSTS,
    ).toEqual(["files.internal:8443", "10.0.0.5:80", "[fd00::5]:443", "localhost:*", "fs.corp:81"]);
    // A bad entry is a configuration error naming the variable (a 503 and /api/ready), never a
    // crash of every route.
    for (const bad of ["10.0.0.5:x", "files.internal:0", "files.internal:70000", "[::1", "a/b"])
      expect(() => parseEnv({ REMOTE_FILE_HOSTS: bad }), bad).toThrow(EnvError);
    expect(() => parseEnv({ APP_ORIGIN: "https://forms.example.com/path" })).toThrow(/APP_ORIGIN/);
    expect(parseEnv({ APP_ORIGIN: "https://forms.example.com" }).APP_ORIGIN).toBe(
      "https://forms.example.com",
    );
  });
});

describe("parseEnv: production settings", () => {
  it("refuses a production start without APP_ORIGIN (the Host header would name the origin)", () => {
    const real = {
      DIFY_API_BASE: "https://api.dify.ai/v1",
      DIFY_APP_API_KEY: "app-1",
      FORM_LINK_SECRET: SECRET,
      NODE_ENV: "production",
    };
    expect(() => parseEnv(real)).toThrow(/APP_ORIGIN: required in production/);
    expect(parseEnv({ ...real, APP_ORIGIN: "https://forms.example.com" }).APP_ORIGIN).toBe(
      "https://forms.example.com",
    );
    expect(() => parseEnv({ ...real, APP_ORIGIN: "https://forms.example.com/app" })).toThrow(
      /APP_ORIGIN/,
    );
    // Development and tests run without it (the request's Host is then the origin).
    expect(parseEnv({ ...real, NODE_ENV: "development" }).APP_ORIGIN).toBeUndefined();
  });

  it("bounds a link's lifetime: 30 days by default, 60 s to 400 days", () => {
    expect(parseEnv({}).limits.MAX_LINK_TTL).toBe(30 * 86_400);
    expect(parseEnv({ MAX_LINK_TTL: "3600" }).limits.MAX_LINK_TTL).toBe(3600);
    expect(() => parseEnv({ MAX_LINK_TTL: "59" })).toThrow(/MAX_LINK_TTL/);
    expect(() => parseEnv({ MAX_LINK_TTL: String(401 * 86_400) })).toThrow(/MAX_LINK_TTL/);
    expect(() => parseEnv({ MAX_LINK_TTL: "7d" })).toThrow(/MAX_LINK_TTL/);
  });

  it("has stream limits, a grace period and no metrics token by default, and checks them", () => {
    const env = parseEnv({});
    expect(env.limits).toMatchObject({
      MAX_STREAMS_PER_LINK: 4,
      MAX_OPEN_STREAMS: 2_000,
      SHUTDOWN_GRACE_MS: 25_000,
    });
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: ` ${SECRET} ` }).METRICS_TOKEN).toBe(SECRET);
    expect(parseEnv({ MAX_STREAMS_PER_LINK: "2" }).limits.MAX_STREAMS_PER_LINK).toBe(2);
    expect(() => parseEnv({ MAX_STREAMS_PER_LINK: "0" })).toThrow(/MAX_STREAMS_PER_LINK/);
    expect(() => parseEnv({ MAX_OPEN_STREAMS: "-1" })).toThrow(/MAX_OPEN_STREAMS/);
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: "soon" })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it("bounds costly routes by default: rates per address, uploads per link, the upstream pools", () => {
    expect(parseEnv({}).limits).toMatchObject({
      MAX_STREAMS_PER_VISITOR: 4,
      MAX_STREAMS_PER_ADDRESS: 100,
      LAUNCH_RATE_PER_MINUTE: 10,
      UPLOAD_RATE_PER_MINUTE: 60,
      NEXT_LINK_RATE_PER_MINUTE: 30,
      MAX_UPLOADS_PER_LINK: 3,
      DIFY_JSON_CONNECTIONS: 128,
      DIFY_LAUNCH_CONNECTIONS: 16,
    });
    expect(parseEnv({ LAUNCH_RATE_PER_MINUTE: "3" }).limits.LAUNCH_RATE_PER_MINUTE).toBe(3);
    for (const name of ["LAUNCH_RATE_PER_MINUTE", "DIFY_LAUNCH_CONNECTIONS"]) {
      expect(() => parseEnv({ [name]: "0" }), name).toThrow(new RegExp(name));
    }
    // The page itself sends two uploads at once: a cap below that would refuse its own.
    expect(() => parseEnv({ MAX_UPLOADS_PER_LINK: "1" })).toThrow(/MAX_UPLOADS_PER_LINK/);
  });

  it("shows a run's outputs on form links unless RUN_STREAM_OUTPUTS=hidden", () => {
    expect(parseEnv({}).RUN_STREAM_OUTPUTS).toBe("shown");
    expect(parseEnv({ RUN_STREAM_OUTPUTS: "" }).RUN_STREAM_OUTPUTS).toBe("shown");
    expect(parseEnv({ RUN_STREAM_OUTPUTS: "hidden" }).RUN_STREAM_OUTPUTS).toBe("hidden");
    expect(() => parseEnv({ RUN_STREAM_OUTPUTS: "none" })).toThrow(/RUN_STREAM_OUTPUTS/);
  });
});

describe("parseEnv: bearer tokens and the knowledge allowlist", () => {
  it("refuses to start with a portal or metrics token shorter than 32 characters", () => {
    expect(() => parseEnv({ PORTAL_API_TOKEN: "short" })).toThrow(
      /PORTAL_API_TOKEN: must be at least 32 characters/,
    );
    expect(() => parseEnv({ METRICS_TOKEN: SECRET.slice(1) })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => parseEnv({ PORTAL_API_TOKENS: "backend:short" })).toThrow(
      /PORTAL_API_TOKENS: entry 1 \(backend\): the token must be at least 32/,
    );
    expect(parseEnv({ PORTAL_API_TOKEN: SECRET }).portalTokens).toEqual([
      { name: "PORTAL_API_TOKEN", token: SECRET },
    ]);
  });

  it("reads named portal tokens beside the unnamed one", () => {
    expect(
      parseEnv({
        PORTAL_API_TOKEN: SECRET,
        PORTAL_API_TOKENS: `backend:${SECRET}b\n people:${SECRET}p`,
      }).portalTokens,
    ).toEqual([
      { name: "PORTAL_API_TOKEN", token: SECRET },
      { name: "backend", token: `${SECRET}b` },
      { name: "people", token: `${SECRET}p` },
    ]);
    expect(parseEnv({}).portalTokens).toEqual([]);
  });

  it("reads KNOWLEDGE_DATASET_IDS as ids the routes accept, and refuses one they would not", () => {
    expect(parseEnv({}).KNOWLEDGE_DATASET_IDS).toBeUndefined();
    expect(
      parseEnv({ KNOWLEDGE_DATASET_IDS: " support-articles, demo_1 ,support-articles" })
        .KNOWLEDGE_DATASET_IDS,
    ).toEqual(["support-articles", "demo_1"]);
    expect(() => parseEnv({ KNOWLEDGE_DATASET_IDS: "ok,../x" })).toThrow(
      /KNOWLEDGE_DATASET_IDS: entry 2: The dataset id has characters that are not allowed/,
    );
    expect(() => parseEnv({ KNOWLEDGE_DATASET_IDS: " , " })).toThrow(
      /KNOWLEDGE_DATASET_IDS: names no dataset id/,
    );
    const many = Array.from({ length: 51 }, (_, i) => `d${i}`).join(",");
    expect(() => parseEnv({ KNOWLEDGE_DATASET_IDS: many })).toThrow(/at most 50 ids/);
  });

  it("has a throttle of wrong tokens per address by default, and checks it", () => {
    expect(parseEnv({}).limits).toMatchObject({
      MAX_AUTH_FAILURES_PER_ADDRESS: 10,
      AUTH_FAILURE_WINDOW_SECONDS: 600,
    });
    expect(() => parseEnv({ MAX_AUTH_FAILURES_PER_ADDRESS: "0" })).toThrow(
      /MAX_AUTH_FAILURES_PER_ADDRESS/,
    );
  });

  it("takes sign-in whole or not at all, over https or on this host", () => {
    const oidc = {
      OIDC_ISSUER: "https://login.example.com",
      OIDC_CLIENT_ID: "approvals",
      OIDC_CLIENT_SECRET: "s3cret",
    };
    expect(parseEnv(oidc)).toMatchObject({ ...oidc, OIDC_USER_CLAIM: "email" });
    expect(parseEnv({}).OIDC_ISSUER).toBeUndefined();
    expect(() => parseEnv({ ...oidc, OIDC_CLIENT_SECRET: "" })).toThrow(
      /OIDC_ISSUER: set with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none/,
    );
    expect(() => parseEnv({ ...oidc, OIDC_ISSUER: "http://login.example.com" })).toThrow(
      /OIDC_ISSUER: must be https:/,
    );
    expect(parseEnv({ ...oidc, OIDC_ISSUER: "http://127.0.0.1:3571" }).OIDC_ISSUER).toBe(
      "http://127.0.0.1:3571",
    );
    expect(() =>
      parseRealEnv({ ...required, ...oidc, FORM_LINK_SECRET: "", ALLOW_UNSIGNED_LINKS: "true" }),
    ).toThrow(/OIDC_ISSUER: needs FORM_LINK_SECRET/);
    expect(() => parseEnv({ REQUIRE_SIGN_IN: "true" })).toThrow(/REQUIRE_SIGN_IN: needs sign-in/);
    expect(parseEnv({ ...oidc, REQUIRE_SIGN_IN: "true" }).REQUIRE_SIGN_IN).toBe(true);
  });

  it("reminds 24 h and 1 h before expiry by default, latest first, or not at all", () => {
    expect(parseEnv({}).REMINDERS).toEqual([86_400, 3_600]);
    expect(parseEnv({ REMINDERS: "30m, 2d,1h,1h" }).REMINDERS).toEqual([172_800, 3_600, 1_800]);
    expect(parseEnv({ REMINDERS: "none" }).REMINDERS).toEqual([]);
    expect(() => parseEnv({ REMINDERS: "1x" })).toThrow(/REMINDERS: "1x" is not a duration/);
    expect(() => parseEnv({ REMINDERS: "0m" })).toThrow(/REMINDERS/);
    expect(() => parseEnv({ REMINDERS: "1h,2h,3h,4h,5h,6h" })).toThrow(/at most 5 reminders/);
  });

  it("mails through an smtp URL only, and posts to an http(s) webhook", () => {
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => parseEnv({ NOTIFY_WEBHOOK_URL: "ftp://x" })).toThrow(/NOTIFY_WEBHOOK_URL/);
    expect(parseEnv({}).MAIL_FROM).toBe("Approvals <approvals@localhost>");
  });
});
