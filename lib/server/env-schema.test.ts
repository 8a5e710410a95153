import { describe, expect, it } from "vitest";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { parseEnv as parseRealEnv } from "@/lib/server/env-schema";

/** What the demo and the e2e suite hand the app with the embedded service. */
const demo = {
  DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp,
  DIFY_DATASET_API_KEY: EMBEDDED_KEYS.dataset,
  FORM_LINK_SECRET: EMBEDDED_LINK_SECRET,
};
/** With the embedded service, as the demo starts the app; with a real Dify, as given. */
const parseEnv = (source: Record<string, string | undefined>) =>
  parseRealEnv(source.DIFY_API_BASE ? source : { ...demo, ...source });

const SECRET = "0123456789abcdef0123456789abcdef";

describe("parseEnv", () => {
  it("uses the embedded service when DIFY_API_BASE is unset", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      upstream: "embedded",
      difyApiBase: "http://127.0.0.1:5001/v1",
      appApiKey: EMBEDDED_KEYS.workflowApp,
      datasetApiKey: EMBEDDED_KEYS.dataset,
      formLinkSecret: EMBEDDED_LINK_SECRET,
      allowUnsignedLinks: false,
      port: 3000,
      embedAllowedOrigins: [],
    });
  });

  it("treats an empty DIFY_API_BASE as unset", () => {
    expect(parseEnv({ DIFY_API_BASE: "", EMBEDDED_DIFY_PORT: "5101" }).difyApiBase).toBe(
      "http://127.0.0.1:5101/v1",
    );
  });

  it("names DIFY_APP_API_KEY when a base is set without it", () => {
    expect(() =>
      parseEnv({ DIFY_API_BASE: "https://api.dify.ai/v1", FORM_LINK_SECRET: SECRET }),
    ).toThrow(/DIFY_APP_API_KEY: required when DIFY_API_BASE is set/);
  });

  it("names FORM_LINK_SECRET when a base is set without it and unsigned links are not allowed", () => {
    expect(() =>
      parseEnv({ DIFY_API_BASE: "https://api.dify.ai/v1", DIFY_APP_API_KEY: "app-1" }),
    ).toThrow(/FORM_LINK_SECRET: required/);
    expect(
      parseEnv({
        DIFY_API_BASE: "https://api.dify.ai/v1",
        DIFY_APP_API_KEY: "app-1",
        ALLOW_UNSIGNED_LINKS: "true",
      }),
    ).toMatchObject({ upstream: "dify", allowUnsignedLinks: true, formLinkSecret: undefined });
  });

  it("accepts a real upstream and strips a trailing slash", () => {
    expect(
      parseEnv({
        DIFY_API_BASE: "https://dify.internal/v1/",
        DIFY_APP_API_KEY: "app-1",
        FORM_LINK_SECRET: SECRET,
      }),
    ).toMatchObject({
      upstream: "dify",
      difyApiBase: "https://dify.internal/v1",
      appApiKey: "app-1",
    });
  });

  it.each([
    [{ DIFY_API_BASE: "https://api.dify.ai" }, /DIFY_API_BASE: must end in \/v1/],
    [{ DIFY_API_BASE: "ftp://x/v1" }, /DIFY_API_BASE: must be an http\(s\) URL/],
    [{ PORT: "70000" }, /PORT/],
    [{ ALLOW_UNSIGNED_LINKS: "yes" }, /ALLOW_UNSIGNED_LINKS/],
    [
      { EMBED_ALLOWED_ORIGINS: "https://a.example https://b.example/path" },
      /EMBED_ALLOWED_ORIGINS/,
    ],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("splits allowed embed origins", () => {
    expect(
      parseEnv({ EMBED_ALLOWED_ORIGINS: " https://a.example  http://localhost:4000 " })
        .embedAllowedOrigins,
    ).toEqual(["https://a.example", "http://localhost:4000"]);
  });

  it("starts the launcher's app by its mode, or finds the mode out when unset", () => {
    expect(parseEnv({}).appMode).toBe("auto");
    expect(parseEnv({ DIFY_APP_MODE: "" }).appMode).toBe("auto");
    expect(parseEnv({ DIFY_APP_MODE: "chatflow" }).appMode).toBe("chatflow");
    expect(parseEnv({ DIFY_APP_MODE: "workflow" }).appMode).toBe("workflow");
    expect(() => parseEnv({ DIFY_APP_MODE: "agent" })).toThrow(/DIFY_APP_MODE/);
  });

  it("turns the launcher on with the embedded service and off with a real one unless enabled", () => {
    const real = {
      DIFY_API_BASE: "https://api.dify.ai/v1",
      DIFY_APP_API_KEY: "app-1",
      FORM_LINK_SECRET: SECRET,
    };
    expect(parseEnv({}).launcherEnabled).toBe(true);
    expect(parseEnv({ LAUNCHER_ENABLED: "false" }).launcherEnabled).toBe(false);
    expect(parseEnv(real).launcherEnabled).toBe(false);
    expect(parseEnv({ ...real, LAUNCHER_ENABLED: "" }).launcherEnabled).toBe(false);
    expect(parseEnv({ ...real, LAUNCHER_ENABLED: "true" }).launcherEnabled).toBe(true);
    expect(() => parseEnv({ ...real, LAUNCHER_ENABLED: "yes" })).toThrow(/LAUNCHER_ENABLED/);
  });

  it("knows no demo credential: with the embedded service, the keys and the secret are given", () => {
    expect(() => parseRealEnv({})).toThrow(/DIFY_APP_API_KEY: required/);
    expect(() => parseRealEnv({ DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp })).toThrow(
      /FORM_LINK_SECRET: required/,
    );
    expect(
      parseRealEnv({ DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp, ALLOW_UNSIGNED_LINKS: "true" })
        .formLinkSecret,
    ).toBeUndefined();
  });

  describe("fails closed", () => {
    const real = { DIFY_API_BASE: "https://api.dify.ai/v1", DIFY_APP_API_KEY: "app-1" };

    it("refuses a production start on the embedded service unless it is asked for", () => {
      expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
        /DIFY_API_BASE: required in production \(or set USE_EMBEDDED_DIFY=true/,
      );
      expect(
        parseEnv({
          NODE_ENV: "production",
          USE_EMBEDDED_DIFY: "true",
          APP_ORIGIN: "http://127.0.0.1:3000",
        }).upstream,
      ).toBe("embedded");
      expect(parseEnv({ NODE_ENV: "development" }).upstream).toBe("embedded");
    });

    it("refuses a real key without DIFY_API_BASE, but not the embedded service's own keys", () => {
      expect(() => parseEnv({ DIFY_APP_API_KEY: "app-real" })).toThrow(
        /DIFY_APP_API_KEY: set without DIFY_API_BASE/,
      );
      expect(() => parseEnv({ DIFY_DATASET_API_KEY: "dataset-real" })).toThrow(
        /DIFY_DATASET_API_KEY: set without DIFY_API_BASE/,
      );
      expect(parseEnv({ DIFY_APP_API_KEY: EMBEDDED_KEYS.chatflowApp }).appApiKey).toBe(
        EMBEDDED_KEYS.chatflowApp,
      );
    });

    it("refuses a short link secret and the public demo secret", () => {
      expect(() => parseEnv({ ...real, FORM_LINK_SECRET: SECRET.slice(1) })).toThrow(
        /FORM_LINK_SECRET: must be at least 32 characters/,
      );
      expect(() => parseEnv({ FORM_LINK_SECRET: "short" })).toThrow(/FORM_LINK_SECRET/);
      expect(() => parseEnv({ ...real, FORM_LINK_SECRET: EMBEDDED_LINK_SECRET })).toThrow(
        /FORM_LINK_SECRET: must not be a public demo secret with a real Dify/,
      );
      expect(parseEnv({ ...real, FORM_LINK_SECRET: SECRET }).formLinkSecret).toBe(SECRET);
    });

    it("refuses unsigned links next to a configured secret", () => {
      expect(() =>
        parseEnv({ ...real, FORM_LINK_SECRET: SECRET, ALLOW_UNSIGNED_LINKS: "true" }),
      ).toThrow(/ALLOW_UNSIGNED_LINKS: must not be true while FORM_LINK_SECRET is set/);
    });
  });

  it("reads the body limit, the public origin and the Markdown image origins", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      maxJsonBodyBytes: 1024 * 1024,
      uploadIdleTimeoutMs: 30_000,
      appOrigin: undefined,
      trustProxyHeaders: false,
      markdownImageOrigins: ["http://127.0.0.1:5001"],
    });
    expect(
      parseEnv({
        DIFY_API_BASE: "https://dify.internal/v1",
        DIFY_APP_API_KEY: "a",
        FORM_LINK_SECRET: SECRET,
      }).markdownImageOrigins,
    ).toEqual(["https://dify.internal"]);
    expect(
      parseEnv({ MARKDOWN_IMAGE_ORIGINS: "https://img.example https://cdn.example" })
        .markdownImageOrigins,
    ).toEqual(["https://img.example", "https://cdn.example"]);
    expect(
      parseEnv({ MARKDOWN_IMAGE_ORIGINS: "https://cdn.example/images/ https://img.example/" })
        .markdownImageOrigins,
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
    expect(parseEnv({}).remoteFileHosts).toEqual([]);
    expect(
      parseEnv({ REMOTE_FILE_HOSTS: "Files.Intranet, 10.0.0.5  FD00:0::5 [::1] fs.corp." })
        .remoteFileHosts,
    ).toEqual(["files.intranet", "10.0.0.5", "[fd00::5]", "[::1]", "fs.corp"]);
    expect(() => parseEnv({ REMOTE_FILE_HOSTS: "https://files.example.com" })).toThrow(
      /REMOTE_FILE_HOSTS/,
    );
    expect(() => parseEnv({ APP_ORIGIN: "https://forms.example.com/path" })).toThrow(/APP_ORIGIN/);
    expect(parseEnv({ APP_ORIGIN: "https://forms.example.com" }).appOrigin).toBe(
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
    expect(() => parseEnv({ NODE_ENV: "production", USE_EMBEDDED_DIFY: "true" })).toThrow(
      /APP_ORIGIN: required in production/,
    );
    expect(parseEnv({ ...real, APP_ORIGIN: "https://forms.example.com" }).appOrigin).toBe(
      "https://forms.example.com",
    );
    expect(() => parseEnv({ ...real, APP_ORIGIN: "https://forms.example.com/app" })).toThrow(
      /APP_ORIGIN/,
    );
    // Development and tests run without it (the request's Host is then the origin).
    expect(parseEnv({ ...real, NODE_ENV: "development" }).appOrigin).toBeUndefined();
  });

  it("bounds a link's lifetime: 30 days by default, 60 s to 400 days", () => {
    expect(parseEnv({}).maxLinkTtlSeconds).toBe(30 * 86_400);
    expect(parseEnv({ MAX_LINK_TTL: "3600" }).maxLinkTtlSeconds).toBe(3600);
    expect(() => parseEnv({ MAX_LINK_TTL: "59" })).toThrow(/MAX_LINK_TTL/);
    expect(() => parseEnv({ MAX_LINK_TTL: String(401 * 86_400) })).toThrow(/MAX_LINK_TTL/);
    expect(() => parseEnv({ MAX_LINK_TTL: "7d" })).toThrow(/MAX_LINK_TTL/);
  });

  it("has stream limits, a grace period and no metrics token by default, and checks them", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      maxStreamsPerLink: 4,
      maxOpenStreams: 2_000,
      shutdownGraceMs: 25_000,
      metricsToken: undefined,
    });
    expect(parseEnv({ METRICS_TOKEN: ` ${SECRET} ` }).metricsToken).toBe(SECRET);
    expect(parseEnv({ MAX_STREAMS_PER_LINK: "2" }).maxStreamsPerLink).toBe(2);
    expect(() => parseEnv({ MAX_STREAMS_PER_LINK: "0" })).toThrow(/MAX_STREAMS_PER_LINK/);
    expect(() => parseEnv({ MAX_OPEN_STREAMS: "-1" })).toThrow(/MAX_OPEN_STREAMS/);
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: "soon" })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it("bounds costly routes by default: rates per address, uploads per link, the upstream pools", () => {
    expect(parseEnv({})).toMatchObject({
      maxStreamsPerVisitor: 4,
      maxStreamsPerAddress: 100,
      launchRatePerMinute: 10,
      uploadRatePerMinute: 60,
      nextLinkRatePerMinute: 30,
      maxUploadsPerLink: 3,
      jsonConnections: 128,
      launchConnections: 16,
    });
    expect(parseEnv({ LAUNCH_RATE_PER_MINUTE: "3" }).launchRatePerMinute).toBe(3);
    for (const name of ["LAUNCH_RATE_PER_MINUTE", "DIFY_LAUNCH_CONNECTIONS"]) {
      expect(() => parseEnv({ [name]: "0" }), name).toThrow(new RegExp(name));
    }
    // The page itself sends two uploads at once: a cap below that would refuse its own.
    expect(() => parseEnv({ MAX_UPLOADS_PER_LINK: "1" })).toThrow(/MAX_UPLOADS_PER_LINK/);
  });

  it("shows a run's outputs on form links unless RUN_STREAM_OUTPUTS=hidden", () => {
    expect(parseEnv({}).runStreamOutputs).toBe("shown");
    expect(parseEnv({ RUN_STREAM_OUTPUTS: "" }).runStreamOutputs).toBe("shown");
    expect(parseEnv({ RUN_STREAM_OUTPUTS: "hidden" }).runStreamOutputs).toBe("hidden");
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
    expect(parseEnv({}).knowledgeDatasetIds).toBeUndefined();
    expect(
      parseEnv({ KNOWLEDGE_DATASET_IDS: " support-articles, demo_1 ,support-articles" })
        .knowledgeDatasetIds,
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
    expect(parseEnv({})).toMatchObject({
      authFailuresPerAddress: 10,
      authFailureWindowSeconds: 600,
    });
    expect(() => parseEnv({ MAX_AUTH_FAILURES_PER_ADDRESS: "0" })).toThrow(
      /MAX_AUTH_FAILURES_PER_ADDRESS/,
    );
  });
});
