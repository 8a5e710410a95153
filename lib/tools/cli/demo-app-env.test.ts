import { describe, expect, it } from "vitest";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { demoAppEnv, demoListenHost } from "@/lib/tools/cli/demo-app-env";
import { parseEnv } from "@/lib/server/env-schema";

const EMBEDDED = { origin: "http://127.0.0.1:5001", url: "http://127.0.0.1:5001/v1" };
const MINE = "my-own-portal-token-of-32-chars-x";

describe("demoAppEnv", () => {
  it("points the app at the embedded service in its ordinary variables", () => {
    expect(parseEnv(demoAppEnv({}, EMBEDDED).env)).toMatchObject({
      DIFY_API_BASE: EMBEDDED.url,
      DIFY_APP_API_KEY: EMBEDDED_KEYS.workflowApp,
      DIFY_DATASET_API_KEY: EMBEDDED_KEYS.dataset,
      FORM_LINK_SECRET: EMBEDDED_LINK_SECRET,
      KNOWLEDGE_ATOMIC_UPDATES: true,
      LAUNCHER_ENABLED: true,
    });
    const chat = demoAppEnv(
      { DIFY_APP_API_KEY: EMBEDDED_KEYS.chatflowApp, LAUNCHER_ENABLED: "false" },
      EMBEDDED,
    );
    expect(parseEnv(chat.env)).toMatchObject({
      DIFY_APP_API_KEY: EMBEDDED_KEYS.chatflowApp,
      LAUNCHER_ENABLED: false,
    });
  });

  it("gives the session a random portal token and lets the embedded portal page frame the app", () => {
    const first = demoAppEnv({}, EMBEDDED);
    const second = demoAppEnv({}, EMBEDDED);
    expect(first.sessionPortalToken).toMatch(/^[\w-]{32}$/);
    expect(first.sessionPortalToken).not.toBe(second.sessionPortalToken);
    const env = parseEnv(first.env);
    expect(env.portalTokens).toEqual([
      { name: "PORTAL_API_TOKEN", token: first.sessionPortalToken },
    ]);
    expect(env.EMBED_ALLOWED_ORIGINS).toEqual([EMBEDDED.origin]);
  });

  it("keeps a token and origins the person set", () => {
    const { env, sessionPortalToken } = demoAppEnv(
      {
        PORTAL_API_TOKEN: MINE,
        EMBED_ALLOWED_ORIGINS: `https://portal.example.com ${EMBEDDED.origin}`,
      },
      EMBEDDED,
    );
    expect(sessionPortalToken).toBeUndefined();
    expect(parseEnv(env)).toMatchObject({
      portalTokens: [{ name: "PORTAL_API_TOKEN", token: MINE }],
      EMBED_ALLOWED_ORIGINS: ["https://portal.example.com", EMBEDDED.origin],
    });
  });
});

describe("demoListenHost", () => {
  it("listens on loopback unless HOSTNAME says otherwise", () => {
    expect(demoListenHost({})).toBe("127.0.0.1");
    expect(demoListenHost({ HOSTNAME: " " })).toBe("127.0.0.1");
    expect(demoListenHost({ HOSTNAME: "0.0.0.0" })).toBe("0.0.0.0");
  });
});
