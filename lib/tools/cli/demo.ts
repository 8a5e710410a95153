// npm run demo: starts the embedded Dify-compatible service (when DIFY_API_BASE is unset), builds
// and starts the app, and prints a link to a freshly paused demo form. `--dev` runs `next dev`.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { demoAppEnv, demoListenHost } from "@/lib/tools/cli/demo-app-env";
import { registerDemoRequests, startDemoSignIn } from "@/lib/tools/cli/demo-sign-in";
import { parseArgs } from "@/lib/tools/cli/parse-args";
import { createAdminClient, type AdminClient } from "@/lib/embedded/admin-client";
import { publishAdminToken } from "@/lib/embedded/admin-token";
import { startEmbeddedServer } from "@/lib/embedded/server";
import { parseEnv } from "@/lib/server/env-schema";
import { formLinkPath } from "@/lib/server/form/signed-form-link";
import { startPgliteServer, type PgliteServer } from "@/lib/tools/postgres/start-pglite-server";

const args = parseArgs(process.argv.slice(2));
// Next's own binary rather than `npx next`: stopping it then stops the server itself, not a
// wrapper that would leave the server running.
const NEXT_BIN = "node_modules/.bin/next";
const dev = args.dev === true;

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function main() {
  // Without DIFY_API_BASE, the embedded service (on EMBEDDED_DIFY_PORT, its own variable) and the
  // app's variables that point at it.
  let embedded: Awaited<ReturnType<typeof startEmbeddedServer>> | undefined;
  if (!process.env.DIFY_API_BASE?.trim()) {
    embedded = await startEmbeddedServer({ port: Number(process.env.EMBEDDED_DIFY_PORT) || 5001 });
    // Other local tools (a test run against the demo) read the admin token from this file.
    const unpublish = publishAdminToken(embedded.port, embedded.adminToken);
    process.on("exit", unpublish);
    console.log(`Embedded Dify-compatible service: ${embedded.url}`);
  }
  const demo = embedded ? demoAppEnv(process.env, embedded) : undefined;
  const source = demo?.env ?? process.env;
  const env = parseEnv(source);
  if (!embedded) console.log(`Upstream: ${env.DIFY_API_BASE}`);
  // Where the printed links point; the app then answers that host only (APP_ORIGIN, which a
  // production start needs).
  const appOrigin = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;

  if (!dev && args["no-build"] !== true) {
    console.log("Building the app…");
    // The same build as `npm run build`: Next's standalone server with its static files beside it.
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const host = demoListenHost(source);
  // Without DATABASE_URL, a PGlite database kept in .data/ (gitignored), served on PostgreSQL's
  // wire protocol: requests and decisions with nothing installed.
  let pglite: PgliteServer | undefined;
  if (!source.DATABASE_URL?.trim()) {
    const dataDir = path.join(process.cwd(), ".data", "pglite");
    mkdirSync(dataDir, { recursive: true });
    pglite = await startPgliteServer({ dataDir });
    console.log(`Requests and decisions: PGlite in ${path.relative(process.cwd(), dataDir)}`);
  }
  // Sign-in with a local OpenID provider, and a local catcher for mail and webhooks.
  const signIn = embedded ? await startDemoSignIn(source, appOrigin) : undefined;
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...source,
    ...(pglite ? { DATABASE_URL: pglite.url } : {}),
    ...signIn?.env,
    PORT: String(env.PORT),
    HOSTNAME: host,
    APP_ORIGIN: appOrigin,
  };
  // `next dev`, or Next's standalone server that CI, the container and the e2e suite run.
  const app = dev
    ? spawn(NEXT_BIN, ["dev", "-p", String(env.PORT), "-H", host], {
        stdio: "inherit",
        env: appEnv,
      })
    : spawn(process.execPath, [".next/standalone/server.js"], { stdio: "inherit", env: appEnv });
  const stop = () => {
    app.kill("SIGTERM");
    void signIn?.close();
    void pglite?.close();
    void embedded?.close().finally(() => process.exit(0));
    if (!embedded) process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  app.on("exit", (code) => {
    void embedded?.close();
    process.exit(code ?? 0);
  });

  // Asked at the address it listens on (`localhost` may resolve to ::1 first); the health probe
  // answers any Host, whatever APP_ORIGIN names.
  const listening = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  await waitFor(
    `http://${listening.includes(":") ? `[${listening}]` : listening}:${env.PORT}/api/health`,
    120_000,
  );
  if (embedded && env.FORM_LINK_SECRET) {
    const admin = createAdminClient({ origin: embedded.origin, token: embedded.adminToken });
    const run = await admin.startDemoRun({ app: "workflow", user: "demo-user" });
    const exp = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
    // Run-scoped, so the demo can be followed through its second form ("Request changes").
    const link = formLinkPath(
      { token: run.form_token, run: run.workflow_run_id, user: "demo-user", exp, scope: "run" },
      env.FORM_LINK_SECRET,
    );
    console.log(
      `\n  Ready. Open a paused demo form (link scope: run, so it also opens the run's later forms in place):\n\n    ${appOrigin}${link}\n\n  or start a new run from ${appOrigin}/\n`,
    );
    const portalToken = demo?.sessionPortalToken ?? process.env.PORTAL_API_TOKEN?.trim();
    if (appEnv.DATABASE_URL && portalToken) {
      console.log(await registerDemoRequests({ admin, appOrigin, portalToken }));
    }
    if (signIn) console.log(signIn.describe(env.FORM_LINK_SECRET));
    await printDemoExtras({
      admin,
      appOrigin,
      secret: env.FORM_LINK_SECRET,
      sessionPortalToken: demo?.sessionPortalToken,
    });
  } else {
    console.log(`\n  Ready: ${appOrigin}/\n`);
  }
}

/** The knowledge tools (with this session's token) and the embedding example, on a run of its own. */
async function printDemoExtras({
  admin,
  appOrigin,
  secret,
  sessionPortalToken,
}: {
  admin: AdminClient;
  appOrigin: string;
  secret: string;
  sessionPortalToken: string | undefined;
}) {
  const run = await admin.startDemoRun({ app: "workflow", user: "demo-portal-user" });
  const exp = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
  const link = formLinkPath(
    { token: run.form_token, run: run.workflow_run_id, user: "demo-portal-user", exp },
    secret,
  );
  const portal = admin.portalUrl({ src: appOrigin + link });
  // The token rides in the fragment, which never reaches a server; the page keeps it for the tab.
  const knowledge = sessionPortalToken
    ? `${appOrigin}/knowledge#token=${sessionPortalToken}`
    : `${appOrigin}/knowledge (with your PORTAL_API_TOKEN)`;
  console.log(
    `  Knowledge tools:\n\n    ${knowledge}\n\n  A portal page on another origin that embeds a form with embed.js:\n\n    ${portal}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
