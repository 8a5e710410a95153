import { test as base, expect } from "@playwright/test";
import { e2eAppServerEnv } from "@/e2e/app-server-env";
import { startAppServer, type AppServerProcess } from "@/e2e/app-server-process";
import { setAppUnavailable } from "@/e2e/helpers/embedded";
import { signLink } from "@/e2e/helpers/forms";
import { startRunAsPortal, type DemoRun } from "@/e2e/helpers/runs";
import { SECRETS } from "@/e2e/helpers/security";
import type { InboxWorld } from "@/e2e/helpers/inbox";
import type { Replicas } from "@/e2e/helpers/servers";
import { E2E_APP_PORT, E2E_REPLICA_PORT } from "@/e2e/ports";
import { startNotifyCatcher } from "@/lib/tools/notify/notify-catcher";
import { startPgliteServer } from "@/lib/tools/postgres/start-pglite-server";
import { postgresInstalled, startPostgresServer } from "@/lib/tools/postgres/start-postgres-server";
import {
  LOCAL_CLIENT_ID,
  LOCAL_CLIENT_SECRET,
  startLocalOidcProvider,
} from "@/lib/tools/oidc/local-oidc-provider";
import { startRoundRobinBalancer, type RoundRobinBalancer } from "@/e2e/round-robin-balancer";

// Only the fixtures (each sets up, hands over, cleans up) and `expect`. Specs import `test` and
// `expect` from here and helpers from their area's file in e2e/helpers/.

export const test = base.extend<{ demoRun: DemoRun; chatAppUnavailable: void }>({
  // Every page a test opens is watched: no response may carry a secret, and the CSP must not
  // have to block anything the app itself ships. A story that only speaks HTTP opens no page (a
  // browser page is only made for a story that asks for one).
  page: async ({ page, trace }, use, testInfo) => {
    // The context is a worker's own, reused: a story starts with nothing a story before it left.
    expect(page.url(), "a story's page starts blank").toBe("about:blank");
    expect(await page.context().cookies(), "a story starts with no cookies").toEqual([]);
    const mode = typeof trace === "string" ? trace : trace.mode;
    const tracing = mode !== "off" && (testInfo.retry > 0 || !/^on-(first|all)-retr/.test(mode));
    const leaks: string[] = [];
    const violations: string[] = [];
    const reads: Promise<void>[] = [];
    page.on("response", (response) => {
      const type = response.headers()["content-type"] ?? "";
      if (type.includes("event-stream") || !/text|json|javascript|css/.test(type)) return;
      reads.push(
        response.text().then(
          (body) => {
            for (const secret of SECRETS)
              if (body.includes(secret)) leaks.push(`${response.url()} holds a secret`);
          },
          () => undefined,
        ),
      );
    });
    page.on("console", (message) => {
      // A refused frame-ancestors is the policy doing its job, not an asset of ours blocked.
      // Playwright's trace recorder (on a retry) reads a picked image's blob: preview with a
      // fetch of its own; the app only shows those in <img>, which img-src allows.
      const text = message.text();
      if (!/Content Security Policy/i.test(text) || /frame-ancestors/.test(text)) return;
      if (tracing && /^Connecting to 'blob:/.test(text)) return;
      violations.push(text);
    });
    await use(page);
    await Promise.all(reads);
    expect(leaks, "responses holding a secret").toEqual([]);
    expect(violations, "CSP violations").toEqual([]);
  },
  // The chatflow app answers 400 app_unavailable for the test's length. Only the chat app server
  // uses that app, and only the launcher's spec (one worker, in order) uses that server.
  chatAppUnavailable: async ({}, use) => {
    await setAppUnavailable("chatflow");
    try {
      await use();
    } finally {
      await setAppUnavailable(false);
    }
  },
  // A fresh paused run of the demo workflow, with a signed link for its own user.
  demoRun: async ({}, use, testInfo) => {
    const user = `e2e-${testInfo.workerIndex}-${Date.now()}@example.com`;
    const { runId, formToken } = await startRunAsPortal(user);
    await use({ runId, formToken, user, link: signLink({ token: formToken, run: runId, user }) });
  },
});

export { expect };

/**
 * Stories that start app servers of their own (ports from E2E_REPLICA_PORT on, so a second
 * checkout can run beside this one): `replicas`, two copies behind a round-robin balancer;
 * `ownAppServer`, one copy with environment overrides. Every process is stopped afterwards.
 */
export const serverTest = test.extend<{
  replicas: Replicas;
  ownAppServer: (env: Record<string, string>) => Promise<AppServerProcess>;
}>({
  replicas: [
    async ({}, use) => {
      const ports = [E2E_REPLICA_PORT, E2E_REPLICA_PORT + 1];
      const started: AppServerProcess[] = [];
      let balancer: RoundRobinBalancer | undefined;
      try {
        // One after the other: two cold starts at once are slow on a loaded 2-core machine.
        for (const port of ports) {
          // The story holds a submit upstream for seconds: the usual time limit, not the fault
          // suite's short one.
          // Requests reach them through the balancer, with its Host.
          const env = e2eAppServerEnv({
            DIFY_RESPONSE_TIMEOUT_MS: "30000",
            APP_ORIGIN: `http://127.0.0.1:${E2E_REPLICA_PORT + 2}`,
          });
          started.push(await startAppServer(port, env));
        }
        balancer = await startRoundRobinBalancer(E2E_REPLICA_PORT + 2, ports);
        await use({ balancer, servers: [started[0]!, started[1]!] });
      } finally {
        await balancer?.close();
        for (const server of started) server.kill();
        await Promise.all(started.map((server) => server.exited));
      }
    },
    // Two cold starts (up to a minute each on a loaded machine) on top of the test's own time.
    { timeout: 150_000 },
  ],
  ownAppServer: async ({}, use) => {
    const started: AppServerProcess[] = [];
    try {
      await use(async (env) => {
        const server = await startAppServer(E2E_REPLICA_PORT + 3, e2eAppServerEnv(env));
        started.push(server);
        return server;
      });
    } finally {
      for (const server of started) server.kill();
      await Promise.all(started.map((server) => server.exited));
    }
  },
});

/**
 * The inbox stories: per worker, an app server (from E2E_APP_PORT + 72 on) with its own store
 * (PostgreSQL, else PGlite), signing in with the local OpenID provider and sending mail and webhooks to the local
 * receivers (OS-assigned ports).
 */
export const inboxTest = test.extend<object, { inboxWorld: InboxWorld }>({
  inboxWorld: [
    async ({}, use, workerInfo) => {
      // By the worker's slot: two workers running at once never share one (a restarted worker takes
      // its predecessor's).
      const port = E2E_APP_PORT + 72 + workerInfo.parallelIndex;
      const appOrigin = `http://127.0.0.1:${port}`;
      const provider = await startLocalOidcProvider({ appOrigin });
      const catcher = await startNotifyCatcher();
      // A real PostgreSQL where one is installed (CI always has one): PGlite serves all the
      // connections of two copies and their queues on one session, slowly under a busy suite.
      const database = postgresInstalled()
        ? await startPostgresServer().then((server) => ({
            url: server.url,
            close: () => server.remove(),
          }))
        : await startPgliteServer();
      let app: AppServerProcess | undefined;
      try {
        const env = e2eAppServerEnv({
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: LOCAL_CLIENT_ID,
          OIDC_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
          SMTP_URL: catcher.smtpUrl,
          NOTIFY_WEBHOOK_URL: catcher.webhookUrl,
          MAX_AUTH_FAILURES_PER_ADDRESS: "1000",
          DATABASE_URL: database.url,
          // Planning every two seconds and a reminder a minute before expiry: the reminder
          // stories see passes and reminders within seconds.
          NOTIFY_PLAN_SECONDS: "2",
          REMINDERS: "1m",
        });
        app = await startAppServer(port, env);
        await use({ app, env, provider, catcher });
      } finally {
        app?.kill();
        await app?.exited;
        await provider.close();
        await catcher.close();
        await database.close();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
});
