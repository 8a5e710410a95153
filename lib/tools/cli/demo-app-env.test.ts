import { describe, expect, it } from "vitest";
import { EMBEDDED_KEYS, EMBEDDED_LINK_SECRET } from "@/lib/embedded/demo-keys";
import { demoAppEnv, demoListenHost, withDemoCredentials } from "@/lib/tools/cli/demo-app-env";
import { parseEnv } from "@/lib/server/env-schema";

const EMBEDDED = "http://127.0.0.1:5001";
const MINE = "my-own-portal-token-of-32-chars-x";

describe("demoAppEnv", () => {
  it("gives the session a random portal token and lets the embedded portal page frame the app", () => {
    const first = demoAppEnv(withDemoCredentials({}), EMBEDDED);
    const second = demoAppEnv(withDemoCredentials({}), EMBEDDED);
    expect(first.sessionPortalToken).toMatch(/^[\w-]{32}$/);
    expect(first.sessionPortalToken).not.toBe(second.sessionPortalToken);
    const env = parseEnv(first.env);
    expect(env.portalTokens).toEqual([
      { name: "PORTAL_API_TOKEN", token: first.sessionPortalToken },
    ]);
    expect(env.embedAllowedOrigins).toEqual([EMBEDDED]);
  });

  it("keeps a token and origins the person set", () => {
    const { env, sessionPortalToken } = demoAppEnv(
      withDemoCredentials({
        PORTAL_API_TOKEN: MINE,
        EMBED_ALLOWED_ORIGINS: `https://portal.example.com ${EMBEDDED}`,
      }),
      EMBEDDED,
    );
    expect(sessionPortalToken).toBeUndefined();
    expect(parseEnv(env)).toMatchObject({
      portalTokens: [{ name: "PORTAL_API_TOKEN", token: MINE }],
      embedAllowedOrigins: ["https://portal.example.com", EMBEDDED],
    });
  });

  it("hands the app the embedded service's credentials, and only without a real Dify", () => {
    expect(parseEnv(withDemoCredentials({}))).toMatchObject({
      upstream: "embedded",
      appApiKey: EMBEDDED_KEYS.workflowApp,
      datasetApiKey: EMBEDDED_KEYS.dataset,
      formLinkSecret: EMBEDDED_LINK_SECRET,
    });
    const real = { DIFY_API_BASE: "https://dify.example.com/v1" };
    expect(withDemoCredentials(real)).toEqual(real);
  });
});

describe("demoListenHost", () => {
  it("listens on loopback unless HOSTNAME says otherwise", () => {
    expect(demoListenHost({})).toBe("127.0.0.1");
    expect(demoListenHost({ HOSTNAME: " " })).toBe("127.0.0.1");
    expect(demoListenHost({ HOSTNAME: "0.0.0.0" })).toBe("0.0.0.0");
  });
});
